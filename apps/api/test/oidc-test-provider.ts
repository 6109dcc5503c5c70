import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../src/app.js';
import type { Config, OidcConfig } from '../src/config.js';
import type { TestContext } from './helper.js';

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

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Whoever signs in on the login page (e2e) as `login`: the login is the e-mail (verified); one shaped
 * 'nombre.apellido+documento@…' ('lucia.gimenez+5123456@demo.edu.py') also carries the profile claims and the
 * faculty's document claim, so OIDC_CREATE_USERS=alumno can create that person.
 */
export function accountFromLogin(login: string): TestAccount {
  const match = /^([a-z]+)\.([a-z]+)\+([0-9]+)@/.exec(login);
  return {
    sub: login,
    email: login,
    emailVerified: true,
    ...(match && { givenName: capitalized(match[1]!), familyName: capitalized(match[2]!), documento: match[3]! }),
  };
}

/**
 * A real OpenID provider (oidc-provider, the certified implementation openid-client is tested against) on a
 * loopback port: the API tests' and, as its own process (apps/web/e2e/oidc-provider.mjs), the e2e run's. For
 * the API tests its login "page" signs in whoever `signInNext` names, without a form, so they can walk the
 * authorization-code flow with plain HTTP; consent is granted the same way. With `loginPage` (e2e) the browser
 * meets oidc-provider's own development pages instead, where any login and password sign in as
 * `accountFromLogin` says.
 */
export async function startTestProvider(
  client: {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    postLogoutRedirectUri?: string;
    /** Further clients' addresses on the same registration (the e2e run's one server per worker). */
    moreRedirectUris?: { redirectUri: string; postLogoutRedirectUri: string }[];
    /** Registered as the client's Back-Channel Logout URI (with the `sid` required), when given. */
    backchannelLogoutUri?: string;
  },
  opts: { port?: number; loginPage?: boolean } = {},
) {
  const accounts = new Map<string, TestAccount>();
  // The provider's signing key, known to the tests so they can sign logout tokens the app must refuse.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'prueba', alg: 'RS256', use: 'sig' };
  /** The client's server: the provider's back-channel posts reach it here (the app, through `inject`). */
  let clientServer: FastifyInstance | undefined;
  let next: TestAccount | undefined;
  let logins = 0;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri, ...(client.moreRedirectUris ?? []).map((u) => u.redirectUri)],
        post_logout_redirect_uris: [
          ...(client.postLogoutRedirectUri ? [client.postLogoutRedirectUri] : []),
          ...(client.moreRedirectUris ?? []).map((u) => u.postLogoutRedirectUri),
        ],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(client.backchannelLogoutUri && {
          backchannel_logout_uri: client.backchannelLogoutUri,
          backchannel_logout_session_required: true,
        }),
      },
    ],
    jwks: { keys: [signingKey] },
    // The back-channel posts go to the app in-process: its public URL resolves nowhere.
    fetch: async (url, init) => {
      const target = new URL(url instanceof Request ? url.url : url);
      if (!clientServer || !client.backchannelLogoutUri?.startsWith(target.origin)) return fetch(url, init);
      const res = await clientServer.inject({
        method: 'POST',
        url: target.pathname + target.search,
        headers: Object.fromEntries(new Headers(init?.headers)),
        payload: init?.body instanceof URLSearchParams ? init.body.toString() : '',
      });
      backchannelReplies.push(res.statusCode);
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode });
    },
    // amr released with the openid scope, as Entra ID and Keycloak do for every ID token.
    claims: {
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'documento'],
    },
    features: { devInteractions: { enabled: opts.loginPage === true }, backchannelLogout: { enabled: true } },
    // The API tests' own interaction route (below); the login page brings its own.
    ...(!opts.loginPage && { interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` } }),
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub) ?? (opts.loginPage ? accountFromLogin(sub) : undefined);
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
  const backchannelReplies: number[] = [];
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (opts.loginPage || !req.url?.startsWith('/interaction/')) return void callback(req, res);
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
    let at = action;
    // oidc-provider ends the session, then goes through its own 'logout success' step when it has no redirect.
    for (let hop = 0; location && !location.startsWith('http') && hop < 3; hop++) {
      at = new URL(location, issuer).pathname;
      res = await browse(new URL(location, issuer), cookies);
      location = res.headers.get('location');
    }
    // Without a client to return to (a logout begun at the provider) its own success page ends the walk.
    if (!location && res.status === 200) return at;
    if (!location) throw new Error(`the provider stopped after the logout: ${res.status}`);
    return location;
  }

  /** A logout token signed with the provider's key: claims as given, over a valid one for `sub`. */
  async function signLogoutToken(claims: JWTPayload, header: { kid?: string } = {}) {
    return new SignJWT({
      iss: issuer,
      aud: client.clientId,
      iat: Math.floor(Date.now() / 1000),
      jti: crypto.randomUUID(),
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'logout+jwt', kid: header.kid ?? 'prueba' })
      .sign(privateKey);
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
    signLogoutToken,
    /** Where the provider's back-channel logout posts go (the app under test). */
    deliverBackchannelTo(app: FastifyInstance) {
      clientServer = app;
    },
    /** The statuses the app answered the provider's back-channel posts with, in order. */
    backchannelReplies,
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
  backchannelLogoutUri: `${PUBLIC_URL}/api/auth/oidc/backchannel-logout`,
};

/**
 * A test provider and the app signing in through it (the document read from the claim `documento`); `oidc` adds
 * to the app's OIDC settings, `config` to the rest. The caller closes both.
 */
export async function setupAppWithProvider(
  opts: {
    oidc?: Partial<OidcConfig>;
    config?: Partial<Config>;
    logger?: AppDeps['logger'];
  } = {},
): Promise<{ t: TestContext; idp: Awaited<ReturnType<typeof startTestProvider>> }> {
  // Loaded here, not at the top: the e2e run starts this provider in a process of its own, without vitest.
  const { setupTestApp } = await import('./helper.js');
  const idp = await startTestProvider(TEST_CLIENT);
  const t = await setupTestApp({
    ...(opts.logger !== undefined && { logger: opts.logger }),
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
  idp.deliverBackchannelTo(t.app);
  return { t, idp };
}

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;

/** A browser: its cookies at the provider (its session there) and at Arandu (the sign-in's state cookie). */
export interface Browser {
  provider: CookieJar;
  arandu: CookieJar;
}
export const newBrowser = (): Browser => ({ provider: new Map(), arandu: new Map() });

const cookieHeader = (jar: CookieJar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Keeps the cookies a reply of the app sets, and forgets those it clears, as a browser does. */
function keepCookies(
  jar: CookieJar,
  res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] },
) {
  for (const c of res.cookies) {
    const gone = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
    if (gone) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
}

/** The institutional sign-in walked as a browser walks it, against the app of `t` and the provider `idp`. */
export function oidcWalk(t: TestContext, idp: TestProvider) {
  /** 'Ingresar con cuenta institucional' in `browser`: the reply (a redirect to the provider, a cookie). */
  async function start(browser: Browser) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/start',
      headers: { cookie: cookieHeader(browser.arandu) },
    });
    if (res.statusCode !== 302) throw new Error(`the start answered ${res.statusCode}: ${res.body}`);
    keepCookies(browser.arandu, res);
    return res;
  }

  /** From the start up to the provider's redirect back: the callback's URL, as `browser` would open it. */
  async function throughProvider(browser: Browser = newBrowser()): Promise<URL> {
    const res = await start(browser);
    return idp.authorize(res.headers.location as string, browser.provider);
  }

  /** The callback opened in `browser`: where it sends the browser (the login page and its fragment). */
  async function callback(back: URL, browser: Browser): Promise<string> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback${back.search}`,
      headers: { cookie: cookieHeader(browser.arandu) },
    });
    if (res.statusCode !== 302) throw new Error(`the callback answered ${res.statusCode}: ${res.body}`);
    keepCookies(browser.arandu, res);
    return res.headers.location as string;
  }

  /** The whole way in one browser: where the callback sends it. */
  const signIn = async (browser: Browser = newBrowser()) => callback(await throughProvider(browser), browser);

  const redeem = (ticket: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login/oidc', payload: { ticket } });

  /** A session of whoever the provider signs in next (no second factor asked): its bearer token. */
  async function session(browser: Browser = newBrowser()): Promise<string> {
    const landing = await signIn(browser);
    if (!landing.startsWith('/log_in#oidc=')) throw new Error(`no ticket: ${landing}`);
    const res = await redeem(landing.split('=')[1]!);
    if (res.statusCode !== 200 || !('token' in res.json())) throw new Error(`no session: ${res.body}`);
    return res.json<{ token: string }>().token;
  }

  return { start, throughProvider, callback, signIn, redeem, session };
}
