import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { MSG_SECURITY, Role } from '@arandu/shared';
import { unaudited } from '../src/db/tx.js';
import * as mfaRepo from '../src/modules/auth/mfa.repository.js';
import { csrfTokenOf } from '../src/modules/auth/session-cookie.js';
import { hashToken, newSessionToken } from '../src/modules/auth/tokens.js';
import { totpCode } from '../src/modules/auth/totp.js';
import { getSettings } from '../src/modules/settings/settings.service.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

/**
 * The browser's session in an HttpOnly cookie, with a CSRF token on its state-changing calls (issue 41 item 6,
 * docs/decisions/027-session-cookie.md). PUBLIC_URL is https here, so the cookies must be Secure.
 */
const ORIGIN = 'https://arandu.prueba.edu.py';
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ config: { publicUrl: ORIGIN, mfaEncryptionKey: randomBytes(32) } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
const nextIp = () => `10.41.${Math.floor(++address / 200)}.${address % 200}`;

/** A call as the browser makes it: `Origin` on every POST, the cookies it holds. */
function fromBrowser(
  method: 'GET' | 'POST',
  url: string,
  { cookies = {}, csrf, payload }: { cookies?: Record<string, string>; csrf?: string; payload?: object } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }) },
    cookies,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: nextIp(),
  });
}

type InjectReply = Awaited<ReturnType<typeof fromBrowser>>;

/** The session and CSRF cookies a reply set, checked for the attributes every login must give them. */
async function sessionCookies(res: InjectReply) {
  const session = res.cookies.find((c) => c.name === 'arandu_session');
  const csrf = res.cookies.find((c) => c.name === 'arandu_csrf');
  const maxAge = Math.floor((await getSettings(t.db)).sesionDuracionMaximaDias * 86_400);
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/api', maxAge });
  expect(csrf).toMatchObject({ sameSite: 'Strict', secure: true, path: '/', maxAge });
  expect(csrf!.httpOnly).toBeFalsy();
  expect(csrf!.value).toBe(csrfTokenOf(session!.value));
  return { token: session!.value, csrf: csrf!.value, jar: { arandu_session: session!.value } };
}

async function browserLogin(email: string) {
  const res = await fromBrowser('POST', '/api/users/login', { payload: { email, password: TEST_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('signing in from a browser', () => {
  it('sets the session in an HttpOnly cookie, keeps the token out of the body and the cookie alone signs calls in', async () => {
    const user = await createUser(t.db);
    const res = await browserLogin(user.email);
    expect(res.json()).toMatchObject({ id: user.id, firstLogin: false, isAuthenticated: true });
    expect(res.json()).not.toHaveProperty('token');
    const { jar } = await sessionCookies(res);

    const status = await fromBrowser('GET', '/api/users/get_login_status', { cookies: jar });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ isAuthenticated: true, user: { id: user.id } });
  });

  it('a script (no Origin) still gets the token in the body, for its bearer header', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const { token } = await sessionCookies(res);
    expect(res.json<{ token: string }>().token).toBe(token);
  });

  it("the first login's new password, the second factor and the institutional ticket each open a cookie session", async () => {
    const first = await createUser(t.db, { firstLogin: true });
    const { jar, csrf } = await sessionCookies(await browserLogin(first.email));
    const newPassword = await fromBrowser('POST', '/api/users/set_new_password', {
      cookies: jar,
      csrf,
      payload: {
        email: first.email,
        currentPassword: TEST_PASSWORD,
        newPassword: 'Otra-Clave-2026',
        confirmPassword: 'Otra-Clave-2026',
      },
    });
    expect(newPassword.statusCode, newPassword.body).toBe(200);
    expect(newPassword.json()).not.toHaveProperty('token');
    const renewed = await sessionCookies(newPassword);
    expect(renewed.token).not.toBe(jar.arandu_session);

    // The second factor: turned on through a script's bearer session, then a browser's login completes it.
    const secured = await createUser(t.db, { roles: [Role.Alumno] });
    const bearerToken = await login(t.app, secured.email, TEST_PASSWORD);
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/users/mfa/setup', headers: bearer(bearerToken) })
    ).json<{ secret: string }>();
    const step = (Math.floor(Date.now() / 30_000) + 2) * 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(step);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/users/mfa/enable',
      headers: bearer(bearerToken),
      payload: { code: totpCode(secret, step) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const challenge = await browserLogin(secured.email);
    expect(challenge.cookies).toEqual([]);
    vi.setSystemTime(step + 30_000);
    const mfa = await fromBrowser('POST', '/api/users/login/mfa', {
      payload: { mfaToken: challenge.json<{ mfaToken: string }>().mfaToken, code: totpCode(secret, step + 30_000) },
    });
    expect(mfa.statusCode, mfa.body).toBe(200);
    expect(mfa.json()).not.toHaveProperty('token');
    await sessionCookies(mfa);

    // The institutional sign-in's ticket, as the provider's callback leaves it for the login page.
    const institutional = await createUser(t.db);
    const ticket = newSessionToken();
    await mfaRepo.insertChallenge(unaudited(t.db), {
      usuarioId: institutional.id,
      tokenHash: hashToken(ticket),
      requiereCodigo: false,
    });
    const oidc = await fromBrowser('POST', '/api/users/login/oidc', { payload: { ticket } });
    expect(oidc.statusCode, oidc.body).toBe(200);
    expect(oidc.json()).toMatchObject({ id: institutional.id });
    expect(oidc.json()).not.toHaveProperty('token');
    await sessionCookies(oidc);
  });
});

describe('CSRF on the cookie session', () => {
  it('refuses a state-changing call without the CSRF header, or with another one, in Spanish; accepts the right one', async () => {
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    const { jar, csrf } = await sessionCookies(await browserLogin(staff.email));
    const list = { page: 1, pageSize: 5 };

    const without = await fromBrowser('POST', '/api/users/all', { cookies: jar, payload: list });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ error: MSG_SECURITY.csrfRefused });
    // The readable cookie alone (what a planted cookie would be) proves nothing: the header must match.
    const planted = await fromBrowser('POST', '/api/users/all', {
      cookies: { ...jar, arandu_csrf: 'x'.repeat(43) },
      csrf: 'x'.repeat(43),
      payload: list,
    });
    expect(planted.statusCode).toBe(403);

    const right = await fromBrowser('POST', '/api/users/all', { cookies: jar, csrf, payload: list });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("guards the spec's state-changing GET reset_password like a POST", async () => {
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    const target = await createUser(t.db);
    const { jar } = await sessionCookies(await browserLogin(staff.email));
    const res = await fromBrowser('GET', `/api/users/reset_password/${target.id}`, { cookies: jar });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MSG_SECURITY.csrfRefused });
    // The old password still works: nothing was reset.
    expect((await browserLogin(target.email)).statusCode).toBe(200);
  });

  it('a bearer call needs no CSRF token, and the bearer decides even beside a cookie of another session', async () => {
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    const alumno = await createUser(t.db);
    const token = await login(t.app, staff.email, TEST_PASSWORD);
    const { jar } = await sessionCookies(await browserLogin(alumno.email));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/all',
      headers: bearer(token),
      cookies: jar,
      payload: { page: 1, pageSize: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("'Salir' with the cookie session", () => {
  it('needs the CSRF token, ends the session and clears both cookies', async () => {
    const user = await createUser(t.db);
    const { jar, csrf } = await sessionCookies(await browserLogin(user.email));

    const forged = await fromBrowser('POST', '/api/users/logout', { cookies: jar });
    expect(forged.statusCode).toBe(403);
    expect((await fromBrowser('GET', '/api/users/get_login_status', { cookies: jar })).statusCode).toBe(200);

    const out = await fromBrowser('POST', '/api/users/logout', { cookies: jar, csrf });
    expect(out.statusCode).toBe(204);
    for (const name of ['arandu_session', 'arandu_csrf']) {
      const cleared = out.cookies.find((c) => c.name === name);
      expect(cleared, name).toMatchObject({ value: '', path: name === 'arandu_session' ? '/api' : '/' });
      expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    }
    expect((await fromBrowser('GET', '/api/users/get_login_status', { cookies: jar })).statusCode).toBe(401);
  });
});
