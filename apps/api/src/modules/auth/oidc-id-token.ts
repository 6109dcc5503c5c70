import { decodeJwt } from 'jose';

/** What Arandu reads again from an ID token it keeps: the provider's account (`iss`, `sub`) and session. */
export interface IdTokenFacts {
  issuer: string;
  subject: string;
  sid: string | undefined;
}

/**
 * The claims of an ID token the callback already verified (signature, issuer, audience, nonce) and the
 * server kept since, in the sign-in's ticket or its session: read, not verified again.
 */
export function idTokenFacts(idToken: string): IdTokenFacts {
  const claims = decodeJwt(idToken);
  return {
    issuer: claims.iss ?? '',
    subject: claims.sub ?? '',
    sid: typeof claims.sid === 'string' && claims.sid !== '' ? claims.sid : undefined,
  };
}

/** The provider's session a session opened by an institutional sign-in belongs to (null for any other). */
export function sidOfIdToken(idToken: string | null | undefined): string | null {
  return idToken ? (idTokenFacts(idToken).sid ?? null) : null;
}
