import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Config, OidcConfig } from '../src/config.js';
import { setupTestApp } from './helper.js';

/** A person at the test provider: what its ID token says about them. */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  /** Authentication methods the provider reports (RFC 8176): ['pwd', 'mfa'] when it did a second factor. */
  amr?: string[];
  /** Profile claims, for `OIDC_CREATE_USERS=alumno`; `documento` is the faculty's own claim. */
  givenName?: string;
  familyName?: string;
  documento?: string;
}

/** A browser's cookies at the provider (its session there), kept across calls when a test passes one. */
export type CookieJar = Map<string, string>;

/**
 * A real OpenID provider (oidc-provider, the certified implementation openid-client is tested against) on a
 * loopback port. Its login "page" signs in whoever `signInNext` names, without a form, so tests can walk the
 * authorization-code flow with plain HTTP; consent is granted the same way.
 */
export async function startTestProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri?: string;
}) {
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | undefined;
  let logins = 0;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: client.postLogoutRedirectUri ? [client.postLogoutRedirectUri] : [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // amr released with the openid scope, as Entra ID and Keycloak do for every ID token.
    claims: {
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'documento'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              email: account.email,
              email_verified: account.emailVerified,
              given_name: account.givenName,
              family_name: account.familyName,
              documento: account.documento,
            }),
          }
        : undefined;
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (!next) throw new Error('nobody to sign in: call signInNext first');
        logins++;
        accounts.set(next.sub, next);
        const amr = next.amr ?? ['pwd'];
        await provider.interactionFinished(req, res, { login: { accountId: next.sub, amr } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  /** A request as the browser of `cookies` makes it, its cookies kept (expired ones dropped). */
  async function browse(url: URL, cookies: CookieJar, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) cookies.delete(pair!.slice(0, eq));
      else cookies.set(pair!.slice(0, eq), value);
    }
    return res;
  }

  /**
   * Follows the provider's redirects like a browser (cookies kept; a fresh browser unless one is given) until
   * it sends the browser to the client.
   */
  async function authorize(authorizationUrl: string, cookies: CookieJar = new Map()): Promise<URL> {
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(client.redirectUri)) return url;
      const res = await browse(url, cookies);
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${url.href}: ${res.status} ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  }

  /**
   * The provider's logout page at `endSessionUrl`, confirmed ('Yes, sign me out') in the browser of
   * `cookies`: where the provider sends the browser afterwards.
   */
  async function endSession(endSessionUrl: string, cookies: CookieJar): Promise<string> {
    const page = await browse(new URL(endSessionUrl), cookies);
    const html = await page.text();
    if (page.status !== 200) throw new Error(`the provider refused the logout: ${page.status} ${html}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !xsrf) throw new Error(`no logout form at the provider: ${html}`);
    let res = await browse(new URL(action, issuer), cookies, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    let location = res.headers.get('location');
    // oidc-provider ends the session, then goes through its own 'logout success' step when it has no redirect.
    for (let hop = 0; location && !location.startsWith('http') && hop < 3; hop++) {
      res = await browse(new URL(location, issuer), cookies);
      location = res.headers.get('location');
    }
    if (!location) throw new Error(`the provider stopped after the logout: ${res.status}`);
    return location;
  }

  return {
    issuer,
    signInNext(account: TestAccount) {
      next = account;
    },
    /** How many times the provider asked someone to sign in (a session at the provider skips it). */
    get logins() {
      return logins;
    },
    authorize,
    endSession,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const PUBLIC_URL = 'http://arandu.prueba';

/** Arandu as the provider's client, with its callback and its page after signing out. */
export const TEST_CLIENT = {
  clientId: 'arandu',
  clientSecret: 'secreto-de-prueba-del-cliente',
  redirectUri: `${PUBLIC_URL}/api/auth/oidc/callback`,
  postLogoutRedirectUri: `${PUBLIC_URL}/`,
};

/**
 * A test provider and the app signing in through it (the document read from the claim `documento`); `oidc` adds
 * to the app's OIDC settings, `config` to the rest. The caller closes both.
 */
export async function setupAppWithProvider(opts: { oidc?: Partial<OidcConfig>; config?: Partial<Config> } = {}) {
  const idp = await startTestProvider(TEST_CLIENT);
  const t = await setupTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      ...opts.config,
      oidc: {
        issuer: idp.issuer,
        clientId: TEST_CLIENT.clientId,
        clientSecret: TEST_CLIENT.clientSecret,
        documentClaim: 'documento',
        ...opts.oidc,
      },
    },
  });
  return { t, idp };
}
