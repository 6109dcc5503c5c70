import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { MSG_IDENTITY, Role } from '@arandu/shared';
import { totpCode } from '../src/modules/auth/totp.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';
import {
  newBrowser,
  oidcWalk,
  PUBLIC_URL,
  setupAppWithProvider,
  TEST_CLIENT as client,
  type Browser,
  type TestProvider,
} from './oidc-test-provider.js';

// What the API logs at info level (the request log among it): the callback's code must not be there.
let logged = '';
const stream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logged += chunk.toString('utf8');
    callback();
  },
});

let t: TestContext;
let idp: TestProvider;
let walk: ReturnType<typeof oidcWalk>;
beforeAll(async () => {
  ({ t, idp } = await setupAppWithProvider({
    config: { mfaEncryptionKey: randomBytes(32) },
    logger: { level: 'info', stream },
  }));
  walk = oidcWalk(t, idp);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** 'Ingresar con cuenta institucional' up to the provider's redirect back (the callback's URL). */
async function throughProvider(browser: Browser = newBrowser()): Promise<URL> {
  const start = await walk.start(browser);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(idp.issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  expect(authorization.searchParams.get('redirect_uri')).toBe(client.redirectUri);
  return idp.authorize(authorization.href, browser.provider);
}

/** The whole way in a fresh browser (or the one given): where the callback sends it. */
async function signIn(browser: Browser = newBrowser()): Promise<string> {
  return walk.callback(await throughProvider(browser), browser);
}

const redeem = (ticket: string) => walk.redeem(ticket);

describe('institutional sign-in (OpenID Connect) against oidc-provider', () => {
  it('offers the button and signs in the user of the verified e-mail, in any case', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(settings.json()).toMatchObject({ institutionalLogin: true });
    const user = await createUser(t.db, { email: 'Ana.Benitez@prueba.edu.py', roles: [Role.Alumno] });
    idp.signInNext({ sub: 'ana', email: 'ana.benitez@PRUEBA.edu.py', emailVerified: true });
    const landing = await signIn();
    expect(landing).toMatch(/^\/log_in#oidc=[A-Za-z0-9_-]{43}$/);
    const ticket = landing.split('=')[1]!;
    const res = await redeem(ticket);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, esAlumno: true, token: expect.any(String) });
    expect((await injectAs(t.app, res.json().token, 'GET', '/api/users/profile')).statusCode).toBe(200);
    // The ticket is single use.
    const again = await redeem(ticket);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: MSG_IDENTITY.mfaChallengeExpired });
  });

  it('refuses a wrong state and a replayed code', async () => {
    await createUser(t.db, { email: 'estado@prueba.edu.py' });
    idp.signInNext({ sub: 'estado', email: 'estado@prueba.edu.py', emailVerified: true });
    const browser = newBrowser();
    const back = await throughProvider(browser);
    // The same browser's cookie, as someone who copied it would keep it.
    const copied: Browser = { provider: new Map(), arandu: new Map(browser.arandu) };
    const forged = new URL(back);
    forged.searchParams.set('state', 'otro-estado-cualquiera');
    expect(await walk.callback(forged, { provider: new Map(), arandu: new Map(browser.arandu) })).toBe(
      '/log_in#oidc_error=browser',
    );
    // The real state still works once: the browser forgets its cookie, and the server the state.
    expect(await walk.callback(back, browser)).toMatch(/^\/log_in#oidc=/);
    expect(browser.arandu.size).toBe(0);
    expect(await walk.callback(back, browser)).toBe('/log_in#oidc_error=browser');
    expect(await walk.callback(back, copied)).toBe('/log_in#oidc_error=failed');
  });

  it('refuses a code replayed under a fresh state (the provider will not exchange it twice)', async () => {
    await createUser(t.db, { email: 'repetido@prueba.edu.py' });
    idp.signInNext({ sub: 'repetido', email: 'repetido@prueba.edu.py', emailVerified: true });
    const firstBrowser = newBrowser();
    const first = await throughProvider(firstBrowser);
    expect(await walk.callback(first, firstBrowser)).toMatch(/^\/log_in#oidc=/);
    const browser = newBrowser();
    const replay = new URL(await throughProvider(browser));
    replay.searchParams.set('code', first.searchParams.get('code')!);
    expect(await walk.callback(replay, browser)).toBe('/log_in#oidc_error=failed');
  });

  it('does not sign in an unverified e-mail nor one without a user (nobody is created)', async () => {
    await createUser(t.db, { email: 'sin.verificar@prueba.edu.py' });
    idp.signInNext({ sub: 'sv', email: 'sin.verificar@prueba.edu.py', emailVerified: false });
    expect(await signIn()).toBe('/log_in#oidc_error=unverified');
    idp.signInNext({ sub: 'nadie', email: 'nadie@prueba.edu.py', emailVerified: true });
    expect(await signIn()).toBe('/log_in#oidc_error=notfound');
    const found = await t.db.execute(`select 1 from usuarios where lower(email) = 'nadie@prueba.edu.py'`);
    expect((found as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('asks a user with the factor on for the code, unless the provider did MFA (amr)', async () => {
    const user = await createUser(t.db, { email: 'con.factor@prueba.edu.py', roles: [Role.Funcionario] });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const { secret } = (await injectAs(t.app, token, 'POST', '/api/users/mfa/setup')).json<{ secret: string }>();
    expect((await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) })).statusCode).toBe(
      200,
    );

    idp.signInNext({ sub: 'cf', email: user.email, emailVerified: true, amr: ['pwd'] });
    const ticket = (await signIn()).split('=')[1]!;
    const asked = await redeem(ticket);
    expect(asked.json()).toEqual({ mfaRequired: true, mfaToken: ticket });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/mfa',
      payload: { mfaToken: ticket, code: '000000' },
    });
    expect(wrong.json()).toEqual({ error: MSG_IDENTITY.mfaCodeInvalid });

    idp.signInNext({ sub: 'cf', email: user.email, emailVerified: true, amr: ['pwd', 'mfa'] });
    const trusted = (await signIn()).split('=')[1]!;
    const res = await redeem(trusted);
    expect(res.json()).toMatchObject({ id: user.id, token: expect.any(String) });
  });
});

describe('the sign-in bound to the browser that started it (issue 41, login CSRF)', () => {
  const stateCookieOf = (res: { cookies: { name: string }[] }) =>
    res.cookies.find((c) => c.name === 'arandu_oidc') as
      | {
          name: string;
          value: string;
          httpOnly?: boolean;
          sameSite?: string;
          path?: string;
          maxAge?: number;
          secure?: boolean;
        }
      | undefined;

  it('keeps state, nonce and verifier in an HttpOnly, SameSite=Lax cookie of the sign-in paths, for 10 minutes', async () => {
    const start = await walk.start(newBrowser());
    const cookie = stateCookieOf(start);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
    expect(cookie!.secure).toBeFalsy();
    const authorization = new URL(start.headers.location as string);
    const [state, nonce, verifier] = cookie!.value.split('.');
    expect(state).toBe(authorization.searchParams.get('state'));
    expect(nonce).toBe(authorization.searchParams.get('nonce'));
    expect(verifier).toMatch(/^[\w-]{43,}$/);
  });

  it('makes the cookie Secure when Arandu is served over https', async () => {
    const https = await setupTestApp({
      config: {
        publicUrl: 'https://arandu.prueba',
        oidc: {
          issuer: idp.issuer,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          documentClaim: 'documento',
        },
      },
    });
    try {
      const start = await https.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(stateCookieOf(start)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });

  it("refuses in browser B a callback address obtained in browser A; A's own callback still signs A in", async () => {
    const user = await createUser(t.db, { email: 'navegador.a@prueba.edu.py', roles: [Role.Alumno] });
    idp.signInNext({ sub: 'navegador-a', email: user.email, emailVerified: true });
    const a = newBrowser();
    const back = await throughProvider(a);
    // B: a fresh browser, then one that started a sign-in of its own (its cookie holds another state).
    expect(await walk.callback(back, newBrowser())).toBe('/log_in#oidc_error=browser');
    const b = newBrowser();
    await walk.start(b);
    expect(await walk.callback(back, b)).toBe('/log_in#oidc_error=browser');
    // Nothing of A's was used up.
    const landing = await walk.callback(back, a);
    expect(landing).toMatch(/^\/log_in#oidc=/);
    expect((await redeem(landing.split('=')[1]!)).json()).toMatchObject({ id: user.id });
  });

  it('logs the callback by its path alone: the code never reaches the request log', async () => {
    await createUser(t.db, { email: 'registro@prueba.edu.py' });
    idp.signInNext({ sub: 'registro', email: 'registro@prueba.edu.py', emailVerified: true });
    const browser = newBrowser();
    const back = await throughProvider(browser);
    const code = back.searchParams.get('code')!;
    logged = '';
    expect(await walk.callback(back, browser)).toMatch(/^\/log_in#oidc=/);
    // The same code again under a fresh state: refused by the provider, and that refusal is logged as well.
    const other = newBrowser();
    const replay = new URL(await throughProvider(other));
    replay.searchParams.set('code', code);
    expect(await walk.callback(replay, other)).toBe('/log_in#oidc_error=failed');
    expect(logged).toContain('"url":"/api/auth/oidc/callback"');
    expect(logged).toContain('institutional sign-in refused');
    expect(logged).not.toContain('code=');
    expect(logged).not.toContain(code);
  });
});

describe("'Salir' after an institutional sign-in (RP-initiated logout)", () => {
  const logout = (token: string) => injectAs(t.app, token, 'POST', '/api/users/logout');

  it("sends the browser to the provider's end_session_endpoint, which ends the provider's session too", async () => {
    await createUser(t.db, { email: 'salir@prueba.edu.py', roles: [Role.Alumno] });
    const browser = newBrowser();
    idp.signInNext({ sub: 'salir', email: 'salir@prueba.edu.py', emailVerified: true });
    const before = idp.logins;
    const first = await redeem((await signIn(browser)).split('=')[1]!);
    // A second sign-in in the same browser rides the provider's session: nobody is asked to sign in.
    const second = await redeem((await signIn(browser)).split('=')[1]!);
    expect(idp.logins).toBe(before + 1);

    const out = await logout(second.json().token);
    expect(out.statusCode, out.body).toBe(200);
    const endSessionUrl = new URL(out.json().endSessionUrl);
    expect(endSessionUrl.origin).toBe(idp.issuer);
    expect(endSessionUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    expect(endSessionUrl.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Arandu's session is over whatever the browser does next; the other one stays (it is another device's).
    expect((await injectAs(t.app, second.json().token, 'GET', '/api/users/get_login_status')).statusCode).toBe(401);
    expect((await injectAs(t.app, first.json().token, 'GET', '/api/users/get_login_status')).statusCode).toBe(200);

    expect(await idp.endSession(endSessionUrl.href, browser.provider)).toBe(`${PUBLIC_URL}/`);
    // The provider's session is over: the next institutional sign-in in that browser asks who it is.
    await throughProvider(browser);
    expect(idp.logins).toBe(before + 2);
  });

  it('keeps the ID token through the code step of a user with a second factor', async () => {
    const user = await createUser(t.db, { email: 'salir.factor@prueba.edu.py', roles: [Role.Funcionario] });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const { secret } = (await injectAs(t.app, token, 'POST', '/api/users/mfa/setup')).json<{ secret: string }>();
    await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) });
    idp.signInNext({ sub: 'sf', email: user.email, emailVerified: true });
    const ticket = (await signIn()).split('=')[1]!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/mfa',
      payload: { mfaToken: ticket, code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const out = await logout(done.json().token);
    expect(out.json()).toMatchObject({ endSessionUrl: expect.stringContaining(idp.issuer) });
  });

  it('answers 204 to a password session: there is nothing to end at the provider', async () => {
    const user = await createUser(t.db, { email: 'salir.clave@prueba.edu.py' });
    const out = await logout(await login(t.app, user.email, TEST_PASSWORD));
    expect(out.statusCode).toBe(204);
  });
});

describe('without OIDC_ISSUER', () => {
  it('does not offer the button and answers the start with a Spanish message', async () => {
    const bare = await setupTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/public/settings' })).json()).toMatchObject({
        institutionalLogin: false,
      });
      const res = await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG_IDENTITY.oidcNotConfigured });
    } finally {
      await bare.close();
    }
  });
});
