import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MSG_IDENTITY, MSG_WEBAUTHN, Role } from '@arandu/shared';
import { credencialesWebauthn, desafiosWebauthn, eventosSeguridad } from '../src/db/schema/index.js';
import { unaudited } from '../src/db/tx.js';
import { purgeExpired } from '../src/modules/auth/auth.repository.js';
import { totpCode } from '../src/modules/auth/totp.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { SoftAuthenticator } from './factories/soft-authenticator.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';

/** Security keys and passkeys (issue 41 item 7), with a key in software (factories/soft-authenticator.ts). */
const PUBLIC_URL = 'https://arandu.prueba.edu.py';
const RP_ID = 'arandu.prueba.edu.py';
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ config: { mfaEncryptionKey: randomBytes(32), publicUrl: PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
/** Each test from addresses of its own, so decision 006's per-address counters do not add up across tests. */
const nextIp = () => `10.41.${Math.floor(++address / 200)}.${address % 200}`;

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; allowCredentials?: { id: string }[] };

async function registerKey(token: string, authenticator: SoftAuthenticator, name = 'Llave USB azul') {
  const options = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options');
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.register(options.json<Options>());
  const verify = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/verify', { name, response });
  expect(verify.statusCode, verify.body).toBe(201);
  return verify.json<{ id: number; name: string }>();
}

/** A user with one key registered: the key's id (the credential's, base64url) and its row id. */
async function userWithKey(roles: Role[] = [Role.Alumno]) {
  const user = await createUser(t.db, { roles });
  const token = await login(t.app, user.email, TEST_PASSWORD);
  const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
  const key = await registerKey(token, authenticator);
  const [row] = await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.id, key.id));
  return { user, token, authenticator, key, credentialId: row!.credencialId };
}

async function mfaTokenOf(email: string, ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
  expect(res.json()).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return res.json<{ mfaToken: string }>().mfaToken;
}

/** The user's security events, oldest first: kind, factor and reason. */
const eventsOf = (usuarioId: number) =>
  t.db
    .select({ tipo: eventosSeguridad.tipo, factor: eventosSeguridad.factor, motivo: eventosSeguridad.motivo })
    .from(eventosSeguridad)
    .where(eq(eventosSeguridad.usuarioId, usuarioId))
    .orderBy(eventosSeguridad.id);

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

async function loginOptions(mfaToken: string, ip: string): Promise<Options> {
  const res = await post('/api/users/mfa/webauthn/login/options', { mfaToken }, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Options>();
}

describe('registering a key in Seguridad', () => {
  it('hands out options for PUBLIC_URL, keeps the key under its name, and lists it', async () => {
    const user = await createUser(t.db, { email: 'Llave.Uno@prueba.edu.py' });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const res = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options');
    const options = res.json<{ rp: { id: string; name: string }; user: { name: string }; attestation: string }>();
    expect(options).toMatchObject({
      rp: { id: RP_ID, name: 'Arandu' },
      user: { name: 'Llave.Uno@prueba.edu.py' },
      attestation: 'none',
    });
    const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const response = authenticator.register(res.json<Options>());
    const verify = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/verify', {
      name: '  Notebook  ',
      response,
    });
    expect(verify.statusCode, verify.body).toBe(201);
    const list = await injectAs(t.app, token, 'GET', '/api/users/mfa/webauthn');
    expect(list.json()).toEqual({
      items: [
        {
          id: expect.any(Number),
          name: 'Notebook',
          createdAt: expect.any(String),
          lastUsedAt: null,
          transports: ['usb'],
        },
      ],
    });
    // The next options exclude it, so the same authenticator is not registered twice.
    const again = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options');
    expect(again.json<{ excludeCredentials: { id: string }[] }>().excludeCredentials.map((c) => c.id)).toEqual([
      response.id,
    ]);
  });

  it('refuses a response to no challenge, to a spent one, to an expired one and to another user’s', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const authenticator = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    const verify = (response: unknown) =>
      injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/verify', { name: 'Llave', response });

    const made = await verify(authenticator.register({ challenge: 'un-desafio-que-el-servidor-no-dio' }));
    expect(made.statusCode).toBe(400);
    expect(made.json().error).toBe(MSG_WEBAUTHN.challengeExpired);

    const options = (await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options')).json<Options>();
    expect((await verify(authenticator.register(options))).statusCode).toBe(201);
    const spent = await verify(authenticator.register(options));
    expect(spent.statusCode).toBe(400);
    expect(spent.json().error).toBe(MSG_WEBAUTHN.challengeExpired);

    const late = (await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options')).json<Options>();
    await t.db
      .update(desafiosWebauthn)
      .set({ expira: sql`now() - interval '1 second'` })
      .where(eq(desafiosWebauthn.desafio, late.challenge));
    const expired = await verify(authenticator.register(late));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(MSG_WEBAUTHN.challengeExpired);
    // The housekeeping of server.ts takes the challenges nobody answered away.
    const stale = (await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options')).json<Options>();
    await t.db
      .update(desafiosWebauthn)
      .set({ expira: sql`now() - interval '1 second'` })
      .where(eq(desafiosWebauthn.desafio, stale.challenge));
    await purgeExpired(unaudited(t.db), 30);
    expect(await t.db.select().from(desafiosWebauthn).where(eq(desafiosWebauthn.desafio, stale.challenge))).toEqual([]);

    const other = await createUser(t.db);
    const otherToken = await login(t.app, other.email, TEST_PASSWORD);
    const theirs = (
      await injectAs(t.app, otherToken, 'POST', '/api/users/mfa/webauthn/register/options')
    ).json<Options>();
    const stolen = await verify(authenticator.register(theirs));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(MSG_WEBAUTHN.challengeExpired);
    // Not spent by the refusal: its owner can still answer it.
    const own = await injectAs(t.app, otherToken, 'POST', '/api/users/mfa/webauthn/register/verify', {
      name: 'Mía',
      response: new SoftAuthenticator(RP_ID, PUBLIC_URL).register(theirs),
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a key made for another site, and a credential already registered', async () => {
    const { token, authenticator, credentialId } = await userWithKey();
    const options = (await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options')).json<Options>();
    const phishing = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/verify', {
      name: 'Otra',
      response: authenticator.register(options, { origin: 'https://arandu-login.example.com' }),
    });
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json().error).toBe(MSG_WEBAUTHN.responseInvalid);

    // The same credential brought by another user (a copied registration): it stays its first owner's.
    const other = await createUser(t.db);
    const otherToken = await login(t.app, other.email, TEST_PASSWORD);
    const theirs = (
      await injectAs(t.app, otherToken, 'POST', '/api/users/mfa/webauthn/register/options')
    ).json<Options>();
    const dup = await injectAs(t.app, otherToken, 'POST', '/api/users/mfa/webauthn/register/verify', {
      name: 'Copia',
      response: authenticator.register(theirs, { again: credentialId }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(MSG_WEBAUTHN.alreadyRegistered);
    expect(await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.usuarioId, other.id))).toEqual(
      [],
    );
  });

  it('asks for a name', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const options = (await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/options')).json<Options>();
    const res = await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/register/verify', {
      name: '   ',
      response: new SoftAuthenticator(RP_ID, PUBLIC_URL).register(options),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: MSG_WEBAUTHN.nameRequired });
  });
});

describe('the login’s second step with a key', () => {
  it('asks a user with only a key for it, and the key’s signature opens the session', async () => {
    const { user, authenticator, credentialId, key } = await userWithKey();
    const ip = nextIp();
    const mfaToken = await mfaTokenOf(user.email, ip);
    expect((await post('/api/users/login/mfa/methods', { mfaToken }, ip)).json()).toEqual({
      totp: false,
      webauthn: true,
    });
    const options = await loginOptions(mfaToken, ip);
    expect(options.rpId).toBe(RP_ID);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([credentialId]);
    const res = await post(
      '/api/users/mfa/webauthn/login/verify',
      { mfaToken, response: authenticator.sign(options, credentialId) },
      ip,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, token: expect.any(String) });
    const [row] = await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.id, key.id));
    expect(row).toMatchObject({ contador: 1, ultimoUso: expect.any(String) });
    // The sign-in is recorded with its factor (the user's first one, before the key, had none).
    const signIns = await t.db
      .select({ metodo: eventosSeguridad.metodo, factor: eventosSeguridad.factor })
      .from(eventosSeguridad)
      .where(and(eq(eventosSeguridad.usuarioId, user.id), eq(eventosSeguridad.tipo, 'ingreso')));
    expect(signIns).toEqual([
      { metodo: 'contrasena', factor: null },
      { metodo: 'contrasena', factor: 'passkey' },
    ]);
    // The login's token is spent.
    const again = await post('/api/users/mfa/webauthn/login/options', { mfaToken }, ip);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(MSG_IDENTITY.mfaChallengeExpired);
  });

  it('refuses a cloned key: a right signature whose counter did not go up', async () => {
    const { user, authenticator, credentialId, key } = await userWithKey();
    const copy = new SoftAuthenticator(RP_ID, PUBLIC_URL);
    authenticator.cloneKey(credentialId, copy);
    const ip = nextIp();
    // The original is used twice (counter 2); the copy, made before, signs with 1.
    for (let i = 0; i < 2; i++) {
      const mfaToken = await mfaTokenOf(user.email, ip);
      const ok = await post(
        '/api/users/mfa/webauthn/login/verify',
        { mfaToken, response: authenticator.sign(await loginOptions(mfaToken, ip), credentialId) },
        ip,
      );
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const mfaToken = await mfaTokenOf(user.email, ip);
    const cloned = await post(
      '/api/users/mfa/webauthn/login/verify',
      { mfaToken, response: copy.sign(await loginOptions(mfaToken, ip), credentialId) },
      ip,
    );
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().error).toBe(MSG_WEBAUTHN.cloned);
    // Equal is refused too (the original's own counter again).
    const same = await post(
      '/api/users/mfa/webauthn/login/verify',
      { mfaToken, response: authenticator.sign(await loginOptions(mfaToken, ip), credentialId, { counter: 2 }) },
      ip,
    );
    expect(same.json().error).toBe(MSG_WEBAUTHN.cloned);
    const [row] = await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.id, key.id));
    expect(row!.contador).toBe(2);
    const clone = {
      tipo: 'ingreso_fallido',
      factor: 'passkey',
      motivo: expect.stringContaining('«Llave USB azul» no avanzó'),
    };
    expect((await eventsOf(user.id)).filter((e) => e.tipo === 'ingreso_fallido')).toEqual([clone, clone]);
  });

  it('accepts a key that keeps no counter (0 every time)', async () => {
    const { user, authenticator, credentialId } = await userWithKey();
    const ip = nextIp();
    for (let i = 0; i < 2; i++) {
      const mfaToken = await mfaTokenOf(user.email, ip);
      const res = await post(
        '/api/users/mfa/webauthn/login/verify',
        { mfaToken, response: authenticator.sign(await loginOptions(mfaToken, ip), credentialId, { counter: 0 }) },
        ip,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses another user’s key and a challenge not handed out; the fifth failure ends the login', async () => {
    const { user, authenticator, credentialId } = await userWithKey();
    const stranger = await userWithKey();
    const ip = nextIp();
    const mfaToken = await mfaTokenOf(user.email, ip);
    const verify = (response: unknown) => post('/api/users/mfa/webauthn/login/verify', { mfaToken, response }, ip);

    const notHanded = await verify(authenticator.sign({ challenge: 'inventado' }, credentialId));
    expect(notHanded.json().error).toBe(MSG_WEBAUTHN.challengeExpired);

    // The stranger's key, for a challenge of this login: not one of the user's keys.
    const theirs = await verify(stranger.authenticator.sign(await loginOptions(mfaToken, ip), stranger.credentialId));
    expect(theirs.statusCode).toBe(401);
    expect(theirs.json().error).toBe(MSG_WEBAUTHN.unknownKey);

    // A challenge the stranger's own login was handed does not answer this login.
    const strangerToken = await mfaTokenOf(stranger.user.email, ip);
    const crossed = await verify(authenticator.sign(await loginOptions(strangerToken, ip), credentialId));
    expect(crossed.json().error).toBe(MSG_WEBAUTHN.challengeExpired);

    // Five tries per login token, as with codes: the fourth failure, then the fifth, which spends it.
    expect((await verify(authenticator.sign({ challenge: 'otro' }, credentialId))).json().error).toBe(
      MSG_WEBAUTHN.challengeExpired,
    );
    expect((await verify(authenticator.sign({ challenge: 'otro-mas' }, credentialId))).json().error).toBe(
      MSG_IDENTITY.mfaChallengeExpired,
    );
    const late = await post('/api/users/mfa/webauthn/login/options', { mfaToken }, ip);
    expect(late.statusCode).toBe(401);
  });

  it('refuses a forged signature and a signature made for another site', async () => {
    const { user, authenticator, credentialId } = await userWithKey();
    const ip = nextIp();
    const mfaToken = await mfaTokenOf(user.email, ip);
    const verify = (response: unknown) => post('/api/users/mfa/webauthn/login/verify', { mfaToken, response }, ip);
    const forged = authenticator.sign(await loginOptions(mfaToken, ip), credentialId);
    const bad = await verify({
      ...forged,
      response: { ...forged.response, signature: forged.response.signature.slice(0, -4) + 'AAAA' },
    });
    expect(bad.json().error).toBe(MSG_WEBAUTHN.responseInvalid);
    const foreign = await verify(
      authenticator.sign(await loginOptions(mfaToken, ip), credentialId, { origin: 'https://evil.example' }),
    );
    expect(foreign.json().error).toBe(MSG_WEBAUTHN.responseInvalid);
    // The login is still good for a right signature.
    const ok = await verify(authenticator.sign(await loginOptions(mfaToken, ip), credentialId));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('has no options without a live login token, nor for a user without keys', async () => {
    const ip = nextIp();
    const none = await post('/api/users/mfa/webauthn/login/options', { mfaToken: 'x'.repeat(43) }, ip);
    expect(none.statusCode).toBe(401);
    expect((await post('/api/users/login/mfa/methods', { mfaToken: 'x'.repeat(43) }, ip)).statusCode).toBe(401);
  });
});

describe('removing a key asks for re-authentication', () => {
  const remove = (token: string, id: number, body: object) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/users/mfa/webauthn/${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
      remoteAddress: nextIp(),
    });

  it('needs the password and a key’s signature (or a code); then the password alone signs in', async () => {
    const { user, token, authenticator, credentialId, key } = await userWithKey();
    const noProof = await remove(token, key.id, { password: TEST_PASSWORD });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().errors).toEqual({ code: MSG_WEBAUTHN.proofRequired });

    const confirm = async () =>
      (await injectAs(t.app, token, 'POST', '/api/users/mfa/webauthn/confirm/options')).json<Options>();
    const wrongPassword = await remove(token, key.id, {
      password: 'otra-clave',
      response: authenticator.sign(await confirm(), credentialId),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: MSG_WEBAUTHN.passwordWrong });

    const wrongCode = await remove(token, key.id, { password: TEST_PASSWORD, code: '123456' });
    expect(wrongCode.json().errors).toEqual({ code: MSG_IDENTITY.mfaCodeInvalid });

    // A login challenge does not confirm a removal.
    const ip = nextIp();
    const loginChallenge = await loginOptions(await mfaTokenOf(user.email, ip), ip);
    const crossed = await remove(token, key.id, {
      password: TEST_PASSWORD,
      response: authenticator.sign(loginChallenge, credentialId),
    });
    expect(crossed.json().errors).toEqual({ response: MSG_WEBAUTHN.challengeExpired });

    const ok = await remove(token, key.id, {
      password: TEST_PASSWORD,
      response: authenticator.sign(await confirm(), credentialId),
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.usuarioId, user.id))).toEqual(
      [],
    );
    const factorEvents = (await eventsOf(user.id)).filter((e) => e.tipo.startsWith('segundo_factor'));
    expect(factorEvents).toEqual([
      { tipo: 'segundo_factor_activado', factor: 'passkey', motivo: 'Llave USB azul' },
      { tipo: 'segundo_factor_quitado', factor: 'passkey', motivo: 'Llave USB azul' },
    ]);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(after.json()).toMatchObject({ id: user.id, token: expect.any(String) });
  });

  it('removes with a current TOTP code too, and never another user’s key', async () => {
    const { user, token, key } = await userWithKey();
    const setup = await injectAs(t.app, token, 'POST', '/api/users/mfa/setup');
    const { secret } = setup.json<{ secret: string }>();
    const enable = await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) });
    expect(enable.statusCode, enable.body).toBe(200);

    const stranger = await createUser(t.db);
    const strangerToken = await login(t.app, stranger.email, TEST_PASSWORD);
    const notTheirs = await remove(strangerToken, key.id, { password: TEST_PASSWORD, code: '123456' });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error).toBe(MSG_WEBAUTHN.keyNotFound);

    // The code of the next step (the one enable used is spent).
    const ok = await remove(token, key.id, { password: TEST_PASSWORD, code: totpCode(secret, Date.now() + 30_000) });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.usuarioId, user.id))).toEqual(
      [],
    );
  });
});

describe('staff’s reset of the second factor', () => {
  it('takes a user’s keys too, so a lost key is recoverable', async () => {
    const { user, token } = await userWithKey();
    const admin = await createUser(t.db, { roles: [Role.Admin] });
    const adminToken = await login(t.app, admin.email, TEST_PASSWORD);
    const { secret } = (await injectAs(t.app, adminToken, 'POST', '/api/users/mfa/setup')).json<{ secret: string }>();
    expect(
      (await injectAs(t.app, adminToken, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/mfa/reset`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { motivo: 'Perdió la llave', password: TEST_PASSWORD, code: totpCode(secret, Date.now() + 30_000) },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(credencialesWebauthn).where(eq(credencialesWebauthn.usuarioId, user.id))).toEqual(
      [],
    );
    // The user's sessions ended with it, and the password alone signs in again.
    expect((await injectAs(t.app, token, 'GET', '/api/users/mfa/webauthn')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(again.json()).toMatchObject({ id: user.id, token: expect.any(String) });
  });
});
