import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';

/** The claims Arandu reads from the provider's ID token (or its userinfo). */
export interface OidcIdentity {
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

/**
 * The provider's discovered metadata, fetched once per process (and again after a failure). Plain http is
 * allowed only on a loopback address: the tests' provider, or one beside the server.
 */
export class OidcClient {
  private config: Promise<client.Configuration> | undefined;

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
