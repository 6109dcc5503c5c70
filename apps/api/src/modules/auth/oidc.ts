import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';

/** The claims Arandu reads from the provider's ID token (or its userinfo). */
export interface OidcIdentity {
  /** The provider's account: `iss` + `sub` bind it to one Arandu user (issue 41). */
  issuer: string;
  subject: string;
  /** The provider's session (`sid`), when it says: its Back-Channel Logout names it. */
  sid: string | undefined;
  email: string | undefined;
  emailVerified: boolean;
  /** The provider did a second factor itself (`amr` contains `mfa`, RFC 8176). */
  didMfa: boolean;
  /** The ID token itself: the `id_token_hint` of the provider's logout. */
  idToken: string;
  /** For `OIDC_CREATE_USERS=alumno`: the standard profile claims and the document claim the faculty names. */
  givenName: string | undefined;
  familyName: string | undefined;
  document: string | undefined;
}

/** What waits between the redirect to the provider and its callback (kept in `inicios_oidc`). */
export interface OidcStart {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0, section 2.4). */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Signatures a provider's JWKS can check: never `none`, never a shared secret. */
const SIGNATURE_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** What a valid logout token names: the provider's session, its account, or both. */
export interface LogoutTarget {
  issuer: string;
  sid: string | undefined;
  sub: string | undefined;
}

/**
 * The provider's discovered metadata, fetched once per process (and again after a failure). Plain http is
 * allowed only on a loopback address: the tests' provider, or one beside the server.
 */
export class OidcClient {
  private config: Promise<client.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(private readonly settings: OidcConfig) {}

  /** `OIDC_CREATE_USERS=alumno`. */
  get createsStudents(): boolean {
    return this.settings.createStudents === true;
  }

  private discovered(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    this.config ??= client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        this.config = undefined;
        throw error;
      });
    return this.config;
  }

  /** The authorization-code flow's first leg, with PKCE (S256), a state and a nonce. */
  async start(redirectUri: string): Promise<OidcStart> {
    const config = await this.discovered();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, codeVerifier, nonce };
  }

  /** The callback: the code exchanged (PKCE, state and nonce checked by openid-client), the ID token's claims. */
  async finish(
    currentUrl: URL,
    expected: { state: string; codeVerifier: string; nonce: string },
  ): Promise<OidcIdentity> {
    const config = await this.discovered();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('the provider sent no ID token');
    const amr = Array.isArray(claims.amr) ? claims.amr : [];
    // Providers that keep the ID token small (oidc-provider, Keycloak by scope) give the e-mail at userinfo.
    const source =
      typeof claims.email === 'string' ? claims : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    const text = (value: unknown) =>
      typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      sid: text(claims.sid),
      email: text(source.email),
      emailVerified: source.email_verified === true,
      didMfa: amr.includes('mfa'),
      idToken: tokens.id_token,
      givenName: text(source.given_name),
      familyName: text(source.family_name),
      document: text(source[this.settings.documentClaim]),
    };
  }

  /**
   * A Back-Channel Logout token checked as its section 2.6 asks: signed by a key of the provider's JWKS, from
   * the issuer, for this client, issued within the last minutes (`iat`), with the logout event, a `sid` or a
   * `sub`, and no `nonce` (so an ID token cannot pass for one). Throws when any of that fails.
   */
  async verifyLogoutToken(token: string): Promise<LogoutTarget> {
    const config = await this.discovered();
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the provider publishes no jwks_uri');
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const { payload } = await jwtVerify(token, this.jwks, {
      issuer: metadata.issuer,
      audience: this.settings.clientId,
      algorithms: SIGNATURE_ALGORITHMS,
      requiredClaims: ['iat'],
      maxTokenAge: '5 minutes',
      clockTolerance: 60,
    });
    return logoutTarget(payload);
  }

  /**
   * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider's end_session_endpoint with the
   * session's ID token as hint, back to `postLogoutRedirectUri` (registered at the provider). Undefined when
   * the provider has no such endpoint (Google's) or cannot be reached: 'Salir' still ends Arandu's session.
   */
  async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | undefined> {
    let config: client.Configuration;
    try {
      config = await this.discovered();
    } catch {
      return undefined;
    }
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
    }).href;
  }
}

/** The claims a logout token must and must not have, beyond what its signature check covers. */
function logoutTarget(payload: JWTPayload): LogoutTarget {
  const events = payload.events;
  const event =
    events && typeof events === 'object' ? (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== 'object') throw new Error('the logout token carries no back-channel logout event');
  if ('nonce' in payload) throw new Error('a logout token has no nonce');
  const sid = typeof payload.sid === 'string' && payload.sid !== '' ? payload.sid : undefined;
  const sub = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : undefined;
  if (!sid && !sub) throw new Error('the logout token names neither a sid nor a sub');
  return { issuer: payload.iss!, sid, sub };
}
