import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, MSG_IDENTITY } from '@arandu/shared';
import { totpCode } from '../src/modules/auth/totp.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';

// Issue 40 item 4: the ten recovery codes of a second factor each sign in once, also once the lockout that
// earlier failures caused (decision 006) has passed; a code refused by that lockout is not used up by it.
const KEY = randomBytes(32);
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ config: { mfaEncryptionKey: KEY } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const IP = '10.40.4.1';
const passwordLogin = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: IP,
  });
const mfaLogin = (mfaToken: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login/mfa', payload: { mfaToken, code }, remoteAddress: IP });

async function challenge(email: string): Promise<string> {
  const res = await passwordLogin(email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ mfaToken: string }>().mfaToken;
}

/**
 * The throttle's windows run on the database's clock (contadores_limite.fin): ending them is what the passing of
 * the lockout (loginBloqueoMinutos) and of the per-minute limits does, without waiting for it.
 */
const throttlePassed = () =>
  t.db.execute(sql`update contadores_limite set fin = now() - interval '1 second' where clave like 'login:%'`);

/** A student with the factor on, confirmed with the TOTP code of a moment the Date clock is moved to. */
async function userWithFactor() {
  const user = await createUser(t.db);
  const token = await login(t.app, user.email, TEST_PASSWORD);
  const setup = await injectAs(t.app, token, 'POST', '/api/users/mfa/setup');
  const { secret } = setup.json<{ secret: string }>();
  const at = (Math.floor(Date.now() / 30_000) + 2) * 30_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  const enable = await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret, at) });
  vi.useRealTimers();
  expect(enable.statusCode, enable.body).toBe(200);
  return { user, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('recovery codes after a lockout', () => {
  it('take each of the ten codes once, once the lockout of earlier failures has passed', async () => {
    const { user, recoveryCodes } = await userWithFactor();
    expect(recoveryCodes).toHaveLength(10);
    // A login's token taken before the failures, then five wrong codes on another: the account is locked here.
    const before = await challenge(user.email);
    const failing = await challenge(user.email);
    for (let i = 1; i <= 5; i++) expect((await mfaLogin(failing, String(100000 + i))).statusCode).toBe(401);
    const locked = await passwordLogin(user.email);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: MSG.accountLocked });
    // The lockout refuses a recovery code before looking at it: the code is not spent.
    const refused = await mfaLogin(before, recoveryCodes[0]!);
    expect(refused.statusCode).toBe(429);

    await throttlePassed();
    let session = '';
    for (const code of recoveryCodes) {
      const res = await mfaLogin(await challenge(user.email), code);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      session = res.json<{ token: string }>().token;
      // Two password checks a login: the account's ten a minute would run out before the tenth code.
      await throttlePassed();
    }
    expect((await injectAs(t.app, session, 'GET', '/api/users/mfa')).json()).toMatchObject({ recoveryCodesLeft: 0 });
    for (const code of recoveryCodes) {
      const again = await mfaLogin(await challenge(user.email), code);
      expect(again.statusCode, code).toBe(401);
      expect(again.json()).toEqual({ error: MSG_IDENTITY.mfaCodeInvalid });
      await throttlePassed();
    }
  });
});
