import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';

/** The claims Arandu reads from the provider's ID token. */
export interface OidcIdentity {
  email: string | undefined;
  emailVerified: boolean;
  /** The provider did a second factor itself (`amr` contains `mfa`, RFC 8176). */
  didMfa: boolean;
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
    if (!claims) throw new Error('the provider sent no ID token');
    const amr = Array.isArray(claims.amr) ? claims.amr : [];
    // Providers that keep the ID token small (oidc-provider, Keycloak by scope) give the e-mail at userinfo.
    const source =
      typeof claims.email === 'string' ? claims : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return {
      email: typeof source.email === 'string' ? source.email : undefined,
      emailVerified: source.email_verified === true,
      didMfa: amr.includes('mfa'),
    };
  }
}
