import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationOptions,
  AuthenticationResponse,
  RegistrationOptions,
  RegistrationResponse,
} from '@arandu/shared';
import type { CredentialRow } from './webauthn.repository.js';

/** Who the keys belong to, as the browser checks it: the site's name (RP ID) and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * `PUBLIC_URL` names the site when it is set, so a forged Host header cannot move the keys elsewhere. An IP
 * address cannot be an RP ID (browsers refuse it), so an installation reached by IP, or one without
 * `PUBLIC_URL`, answers for the name and origin the browser used (behind a proxy, per TRUST_PROXY).
 */
export function relyingPartyOf(
  publicUrl: string | undefined,
  request: { protocol: string; host: string; hostname: string },
  name: string,
): RelyingParty {
  if (publicUrl) {
    const url = new URL(publicUrl);
    if (isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0) return { id: url.hostname, origin: url.origin, name };
  }
  return { id: request.hostname, origin: `${request.protocol}://${request.host}`, name };
}

/** A credential as the browser is told about it (which key to use, which not to register twice). */
const descriptorOf = (key: Pick<CredentialRow, 'credencialId' | 'transportes'>) => ({
  id: key.credencialId,
  transports: key.transportes,
});

/**
 * Options for a new key. The user handle is the user's id (no personal data on the key); a key the user
 * already has is excluded, so one authenticator is not registered twice. Any key will do, a security key or
 * the device's own (a passkey); user verification (a PIN, a fingerprint) is asked for when the key has it.
 */
export function registrationOptions(
  rp: RelyingParty,
  user: { id: number; email: string; nombre: string; apellido: string },
  keys: CredentialRow[],
): Promise<RegistrationOptions> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: isoUint8Array.fromUTF8String(String(user.id)),
    userName: user.email,
    userDisplayName: `${user.nombre} ${user.apellido}`,
    attestationType: 'none',
    excludeCredentials: keys.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Options to sign a challenge with one of the user's keys (the login's second step, or a confirmation). */
export function authenticationOptions(rp: RelyingParty, keys: CredentialRow[]): Promise<AuthenticationOptions> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map(descriptorOf),
    userVerification: 'preferred',
  });
}

/**
 * The challenge a response answers, read from its clientDataJSON (the browser's record of what it signed),
 * so the server can take that very challenge; undefined when it cannot be read. The library checks the rest
 * of clientDataJSON (type, origin) against the same bytes.
 */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 100 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export interface NewKey {
  credencialId: string;
  clavePublica: string;
  contador: number;
  transportes: string[];
}

/** A new key's attestation checked (challenge, origin, RP ID, signature); undefined when it does not hold. */
export async function verifyNewKey(
  rp: RelyingParty,
  response: RegistrationResponse,
  challenge: string,
): Promise<NewKey | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor after the password: touching the key is enough; a PIN is the key's own business.
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential } = result.registrationInfo;
    return {
      credencialId: credential.id,
      clavePublica: isoBase64URL.fromBuffer(credential.publicKey),
      contador: credential.counter,
      transportes: (credential.transports ?? []).slice(0, 10),
    };
  } catch {
    return undefined;
  }
}

/** What a key's signature of a challenge proved. */
export type AssertionCheck = { ok: true; newCounter: number } | { ok: false; reason: 'invalid' | 'cloned' };

/**
 * A key's signature of `challenge` checked against its stored public key, then its signature counter against
 * the stored one. The library is handed a counter of 0 so that it checks the signature alone: a counter that
 * did not increase is then known to come from a right signature, a copy of the key (cloned), and is told
 * apart from a forged response, which the library would refuse with the same error.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  key: CredentialRow,
  response: AuthenticationResponse,
  challenge: string,
): Promise<AssertionCheck> {
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.credencialId,
        publicKey: isoBase64URL.toBuffer(key.clavePublica),
        counter: 0,
        transports: key.transportes,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return { ok: false, reason: 'invalid' };
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  // WebAuthn 6.1.1: a counter that keeps to 0 is a key without one; otherwise it must go up on every use.
  if ((newCounter > 0 || key.contador > 0) && newCounter <= key.contador) return { ok: false, reason: 'cloned' };
  return { ok: true, newCounter };
}
