import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, MSG_IDENTITY, Role } from '@arandu/shared';
import { codigosRecuperacion, eventosSeguridad, segundosFactores, sesiones } from '../src/db/schema/index.js';
import { totpCode } from '../src/modules/auth/totp.js';
import { forgetCachedSettings } from '../src/modules/settings/settings.service.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { expectAppendOnly, injectAs, lastMailTo, login, setupTestApp, type TestContext } from './helper.js';
import { serverUrl } from './test-database.js';

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

let address = 0;
/** Each test from addresses of its own, so decision 006's per-address counters do not add up across tests. */
const nextIp = () => `10.32.${Math.floor(++address / 200)}.${address % 200}`;

const passwordLogin = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
const mfaLogin = (mfaToken: string, code: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login/mfa', payload: { mfaToken, code }, remoteAddress: ip });

/** Moves the clock the TOTP code checks read (the database's clock is left alone). */
function at(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}
const STEP = 30_000;
/** Steps counted from a fixed start a little ahead of the real clock; each test's user starts afresh. */
const T0 = (Math.floor(Date.now() / STEP) + 2) * STEP;
const stepStart = (n: number) => T0 + n * STEP;

/** A user with the factor on (set up and confirmed at `enabledAt`); its secret and recovery codes. */
async function userWithFactor(roles: Role[] = [Role.Alumno], enabledAt = stepStart(2)) {
  const user = await createUser(t.db, { roles });
  const token = await login(t.app, user.email, TEST_PASSWORD);
  const setup = await injectAs(t.app, token, 'POST', '/api/users/mfa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  at(enabledAt);
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/users/mfa/enable',
    headers: { authorization: `Bearer ${token}` },
    payload: { code: totpCode(secret, enabledAt) },
    remoteAddress: nextIp(),
  });
  expect(enable.statusCode, enable.body).toBe(200);
  vi.useRealTimers();
  return { user, token, secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** A call as `token`'s holder from an address of its own (re-authentication counts like a login, per address). */
const injectFrom = (token: string, method: 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload, remoteAddress: nextIp() });

/** The kinds of a user's security events, oldest first. */
async function eventKinds(usuarioId: number): Promise<string[]> {
  const events = await t.db
    .select({ tipo: eventosSeguridad.tipo })
    .from(eventosSeguridad)
    .where(eq(eventosSeguridad.usuarioId, usuarioId))
    .orderBy(eventosSeguridad.id);
  return events.map((e) => e.tipo);
}

async function challenge(email: string, ip: string): Promise<string> {
  const res = await passwordLogin(email, ip);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ mfaRequired: boolean; mfaToken: string }>();
  expect(body).toEqual({ mfaRequired: true, mfaToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  return body.mfaToken;
}

describe('Seguridad: turning the second factor on and off', () => {
  it('sets up with a secret, an otpauth URL and a QR, confirms with a code and shows ten recovery codes once', async () => {
    const user = await createUser(t.db, { email: 'Seguro.Uno@prueba.edu.py' });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    expect((await injectAs(t.app, token, 'GET', '/api/users/mfa')).json()).toEqual({
      configured: true,
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await injectAs(t.app, token, 'POST', '/api/users/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qr } = setup.json<{ secret: string; otpauthUrl: string; qr: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Arandu:Seguro.Uno%40prueba.edu.py?issuer=Arandu&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Stored encrypted, not as typed.
    const [stored] = await t.db.select().from(segundosFactores).where(eq(segundosFactores.usuarioId, user.id));
    expect(stored!.secretoCifrado).not.toContain(secret);
    expect(stored!.activadoEn).toBeNull();

    const wrong = await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: MSG_IDENTITY.mfaCodeInvalid });
    const enable = await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await t.db.select().from(codigosRecuperacion).where(eq(codigosRecuperacion.usuarioId, user.id));
    expect(hashes.map((h) => h.codigoHash)).not.toContain(codes[0]);
    expect((await injectAs(t.app, token, 'GET', '/api/users/mfa')).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A second set-up cannot replace the active secret.
    expect((await injectAs(t.app, token, 'POST', '/api/users/mfa/setup')).statusCode).toBe(409);
  });

  it('turns off only with the password and a current code; then the password alone signs in again', async () => {
    const { user, token, secret } = await userWithFactor(undefined, stepStart(0));
    at(stepStart(1));
    const code = totpCode(secret, stepStart(1));
    const noPassword = await injectFrom(token, 'POST', '/api/users/mfa/disable', { code });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual({ password: MSG_IDENTITY.reauthPasswordRequired });
    const wrongPassword = await injectFrom(token, 'POST', '/api/users/mfa/disable', { code, password: 'otra-clave-1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: MSG_IDENTITY.reauthPasswordWrong });
    const bad = await injectFrom(token, 'POST', '/api/users/mfa/disable', { code: '123456', password: TEST_PASSWORD });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ code: MSG_IDENTITY.mfaCodeInvalid });
    const ok = await injectFrom(token, 'POST', '/api/users/mfa/disable', { code, password: TEST_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(204);
    vi.useRealTimers();
    const again = await passwordLogin(user.email, nextIp());
    expect(again.json()).toMatchObject({ id: user.id, token: expect.any(String) });
    expect(await t.db.select().from(segundosFactores).where(eq(segundosFactores.usuarioId, user.id))).toEqual([]);
    expect(await eventKinds(user.id)).toContain('segundo_factor_quitado');
  });

  it('turns off with a recovery code for a lost phone, and mails its owner about the code', async () => {
    const { user, token, recoveryCodes } = await userWithFactor();
    const ok = await injectFrom(token, 'POST', '/api/users/mfa/disable', {
      code: recoveryCodes[0]!,
      password: TEST_PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(204);
    const mail = await lastMailTo(t.db, user.email);
    expect(mail).toMatchObject({ asunto: 'Arandu: se usó un código de recuperación' });
    expect(mail!.cuerpo).toContain('Con él se desactivó su segundo factor.');
    expect(mail!.cuerpo).not.toContain(recoveryCodes[0]!);
    expect(await eventKinds(user.id)).toEqual(
      expect.arrayContaining(['segundo_factor_quitado', 'codigo_recuperacion_usado']),
    );
  });

  it('regenerates the recovery codes: the old ones stop working', async () => {
    const { user, token, secret, recoveryCodes } = await userWithFactor(undefined, stepStart(0));
    at(stepStart(1));
    const res = await injectAs(t.app, token, 'POST', '/api/users/mfa/recovery_codes', {
      code: totpCode(secret, stepStart(1)),
    });
    expect(res.statusCode).toBe(200);
    vi.useRealTimers();
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const ip = nextIp();
    const old = await mfaLogin(await challenge(user.email, ip), recoveryCodes[0]!, ip);
    expect(old.statusCode).toBe(401);
    const ok = await mfaLogin(await challenge(user.email, ip), fresh[0]!, ip);
    expect(ok.statusCode).toBe(200);
  });
});

describe('POST /api/users/login with the factor on, then /api/users/login/mfa', () => {
  it('answers mfaRequired without opening a session, then the login reply for a right code', async () => {
    const { user, secret } = await userWithFactor([Role.Admin]);
    const before = await t.db.select().from(sesiones).where(eq(sesiones.usuarioId, user.id));
    const ip = nextIp();
    const mfaToken = await challenge(user.email.toUpperCase(), ip);
    expect(await t.db.select().from(sesiones).where(eq(sesiones.usuarioId, user.id))).toHaveLength(before.length);
    at(stepStart(3));
    const res = await mfaLogin(mfaToken, totpCode(secret, stepStart(3)), ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, esAdmin: true, firstLogin: false, token: expect.any(String) });
    vi.useRealTimers();
    const status = await injectAs(t.app, res.json().token, 'GET', '/api/users/get_login_status');
    expect(status.statusCode).toBe(200);
    // Single use: the same token again is refused.
    const again = await mfaLogin(mfaToken, totpCode(secret, stepStart(4)), ip);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: MSG_IDENTITY.mfaChallengeExpired });
  });

  it('accepts the code of the step just before across the 30 s boundary, refuses one two steps away', async () => {
    const { user, secret } = await userWithFactor();
    const boundary = stepStart(4);
    const ip = nextIp();
    // Typed 1 s before the boundary, checked 0.5 s after it.
    at(boundary + 500);
    const far = await mfaLogin(await challenge(user.email, ip), totpCode(secret, boundary - STEP - 1000), ip);
    expect(far.statusCode).toBe(401);
    expect(far.json()).toEqual({ error: MSG_IDENTITY.mfaCodeInvalid });
    const late = await mfaLogin(await challenge(user.email, ip), totpCode(secret, boundary - 1000), ip);
    expect(late.statusCode, late.body).toBe(200);
  });

  it('refuses a code already used (and any older one) within its window', async () => {
    const { user, secret } = await userWithFactor();
    const ip = nextIp();
    at(stepStart(5) + 1000);
    const code = totpCode(secret, stepStart(5));
    expect((await mfaLogin(await challenge(user.email, ip), code, ip)).statusCode).toBe(200);
    const replay = await mfaLogin(await challenge(user.email, ip), code, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: MSG_IDENTITY.mfaCodeInvalid });
    const older = await mfaLogin(await challenge(user.email, ip), totpCode(secret, stepStart(4)), ip);
    expect(older.statusCode).toBe(401);
  });

  it('ends the token after five wrong codes; the fifth already says so', async () => {
    const { user, secret } = await userWithFactor();
    const ip = nextIp();
    const mfaToken = await challenge(user.email, ip);
    for (let i = 1; i <= 4; i++) {
      const res = await mfaLogin(mfaToken, String(100000 + i), ip);
      expect(res.json()).toEqual({ error: MSG_IDENTITY.mfaCodeInvalid });
    }
    const fifth = await mfaLogin(mfaToken, '100005', ip);
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual({ error: MSG_IDENTITY.mfaChallengeExpired });
    at(stepStart(3));
    const right = await mfaLogin(mfaToken, totpCode(secret, stepStart(3)), ip);
    expect(right.json()).toEqual({ error: MSG_IDENTITY.mfaChallengeExpired });
    // Decision 006 counted the five: this address is locked out of the account for a while.
    const locked = await passwordLogin(user.email, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: MSG.accountLocked });
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const { user, recoveryCodes } = await userWithFactor();
    const ip = nextIp();
    const code = recoveryCodes[3]!;
    const first = await mfaLogin(await challenge(user.email, ip), ` ${code.toUpperCase().replace('-', '')} `, ip);
    expect(first.statusCode, first.body).toBe(200);
    const second = await mfaLogin(await challenge(user.email, ip), code, ip);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ error: MSG_IDENTITY.mfaCodeInvalid });
    const status = await injectAs(t.app, first.json().token, 'GET', '/api/users/mfa');
    expect(status.json().recoveryCodesLeft).toBe(9);
    // Its owner hears of it (issue 41), the code itself never in the mail.
    const mail = await lastMailTo(t.db, user.email);
    expect(mail).toMatchObject({ asunto: 'Arandu: se usó un código de recuperación' });
    expect(mail!.cuerpo).toContain(`desde la dirección ${ip}`);
    expect(mail!.cuerpo).toContain('Le quedan 9 códigos sin usar');
    expect(mail!.cuerpo.toLowerCase()).not.toContain(code.replace('-', ''));
    expect(await eventKinds(user.id)).toContain('codigo_recuperacion_usado');
  });

  it('refuses an unknown token and validates the body in Spanish', async () => {
    const ip = nextIp();
    const unknown = await mfaLogin('x'.repeat(43), '123456', ip);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: MSG_IDENTITY.mfaChallengeExpired });
    const empty = await mfaLogin('x'.repeat(43), '  ', ip);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ code: MSG_IDENTITY.mfaCodeRequired });
  });
});

describe('the forced set-up gate (segundoFactorObligatorio)', () => {
  async function requireFactor(on: boolean) {
    await t.ownerDb.execute(
      sql`insert into configuracion (clave, valor) values ('segundoFactorObligatorio', ${JSON.stringify(on)})
          on conflict (clave) do update set valor = excluded.valor`,
    );
    forgetCachedSettings();
  }
  afterAll(() => requireFactor(false));

  it('sends staff without the factor to set it up and lets them do nothing else until it is on', async () => {
    await requireFactor(true);
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const res = await passwordLogin(staff.email, nextIp());
    expect(res.json()).toMatchObject({ mfaSetupRequired: true, firstLogin: false });
    const token = res.json().token as string;
    const blocked = await injectAs(t.app, token, 'GET', '/api/users/profile');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: MSG_IDENTITY.mfaSetupRequired });
    expect((await injectAs(t.app, token, 'GET', '/api/users/get_login_status')).json().user).toMatchObject({
      mfaSetupRequired: true,
    });
    expect((await injectAs(t.app, token, 'GET', '/api/users/mfa')).json()).toMatchObject({ required: true });
    const { secret } = (await injectAs(t.app, token, 'POST', '/api/users/mfa/setup')).json<{ secret: string }>();
    expect((await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) })).statusCode).toBe(
      200,
    );
    // The same session may go on at once.
    expect((await injectAs(t.app, token, 'GET', '/api/users/profile')).statusCode).toBe(200);
    // Students are not asked.
    const alumnoLogin = await passwordLogin(alumno.email, nextIp());
    expect(alumnoLogin.json()).toMatchObject({ mfaSetupRequired: false });
    await requireFactor(false);
  });
});

describe("an administrator's switch for the gate (PUT /api/settings/second-factor)", () => {
  afterAll(async () => {
    await t.ownerDb.execute(sql`delete from configuracion where clave = 'segundoFactorObligatorio'`);
    forgetCachedSettings();
  });

  it('turns the gate on and off, audited, for administrators only', async () => {
    const admin = await createUser(t.db, { roles: [Role.Admin] });
    const adminToken = await login(t.app, admin.email, TEST_PASSWORD);
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    const staffToken = await login(t.app, staff.email, TEST_PASSWORD);
    const put = (token: string, body: unknown) => injectAs(t.app, token, 'PUT', '/api/settings/second-factor', body);

    expect((await injectAs(t.app, adminToken, 'GET', '/api/settings/second-factor')).json()).toEqual({
      segundoFactorObligatorio: false,
      configured: true,
    });
    expect((await put(staffToken, { segundoFactorObligatorio: true })).statusCode).toBe(403);
    const bad = await put(adminToken, { segundoFactorObligatorio: 'si' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MSG_IDENTITY.mfaSettingRequired);

    const on = await put(adminToken, { segundoFactorObligatorio: true });
    expect(on.json()).toEqual({ segundoFactorObligatorio: true, configured: true });
    // At once: the Funcionario's next call meets the gate, and so does the administrator's (no factor either).
    expect((await injectAs(t.app, staffToken, 'GET', '/api/users/profile')).json()).toEqual({
      error: MSG_IDENTITY.mfaSetupRequired,
    });
    expect((await injectAs(t.app, adminToken, 'GET', '/api/settings/second-factor')).statusCode).toBe(403);
    const audit = await t.db.execute(
      sql`select usuario_id from auditoria where nombre_tabla = 'configuracion' and valores_nuevos->>'valor' = 'true'`,
    );
    expect((audit as unknown as { rows: { usuario_id: number }[] }).rows).toContainEqual({ usuario_id: admin.id });

    await t.ownerDb.execute(sql`update configuracion set valor = 'false' where clave = 'segundoFactorObligatorio'`);
    forgetCachedSettings();
    expect((await injectAs(t.app, staffToken, 'GET', '/api/users/profile')).statusCode).toBe(200);
  });

  it('refuses to turn it on without MFA_ENCRYPTION_KEY (nobody could comply)', async () => {
    const bare = await setupTestApp();
    try {
      const admin = await createUser(bare.db, { roles: [Role.Admin] });
      const token = await login(bare.app, admin.email, TEST_PASSWORD);
      const res = await injectAs(bare.app, token, 'PUT', '/api/settings/second-factor', {
        segundoFactorObligatorio: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MSG_IDENTITY.mfaNotConfigured });
    } finally {
      await bare.close();
    }
  });
});

describe('staff reset a second factor', () => {
  /** An administrator with a factor of their own, and a current code of it (the clock left at that step). */
  async function adminWithFactor() {
    const admin = await userWithFactor([Role.Admin], stepStart(3));
    at(stepStart(4));
    return { ...admin, code: totpCode(admin.secret, stepStart(4)) };
  }

  it('removes it with a reason and the actor’s password and current code, ends the sessions, records and mails it', async () => {
    const { user, token } = await userWithFactor();
    const admin = await adminWithFactor();
    const url = `/api/users/${user.id}/mfa/reset`;
    const noReason = await injectFrom(admin.token, 'POST', url, {
      motivo: ' ',
      password: TEST_PASSWORD,
      code: admin.code,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ motivo: MSG_IDENTITY.mfaReasonRequired });
    // Without proof from the actor nothing happens (issue 41 item 4).
    const noProof = await injectFrom(admin.token, 'POST', url, { motivo: 'Perdió el teléfono' });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().errors).toEqual({
      password: MSG_IDENTITY.reauthPasswordRequired,
      code: MSG_IDENTITY.mfaCodeRequired,
    });
    const wrongPassword = await injectFrom(admin.token, 'POST', url, {
      motivo: 'Perdió el teléfono',
      password: 'otra-clave-1',
      code: admin.code,
    });
    expect(wrongPassword.json().errors).toEqual({ password: MSG_IDENTITY.reauthPasswordWrong });
    const wrongCode = await injectFrom(admin.token, 'POST', url, {
      motivo: 'Perdió el teléfono',
      password: TEST_PASSWORD,
      code: '000000',
    });
    expect(wrongCode.json().errors).toEqual({ code: MSG_IDENTITY.mfaCodeInvalid });
    expect(await t.db.select().from(segundosFactores).where(eq(segundosFactores.usuarioId, user.id))).toHaveLength(1);

    const res = await injectFrom(admin.token, 'POST', url, {
      motivo: 'Perdió el teléfono',
      password: TEST_PASSWORD,
      code: admin.code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG_IDENTITY.mfaResetDone });
    vi.useRealTimers();
    expect((await injectAs(t.app, token, 'GET', '/api/users/profile')).statusCode).toBe(401);
    const events = await t.db
      .select()
      .from(eventosSeguridad)
      .where(and(eq(eventosSeguridad.usuarioId, user.id), eq(eventosSeguridad.tipo, 'segundo_factor_restablecido')));
    expect(events).toMatchObject([{ actorId: admin.user.id, factor: 'totp', motivo: 'Perdió el teléfono' }]);
    // The security events are their own append-only log (issue 41), no longer copied into auditoria.
    await expectAppendOnly(t.db, 'eventos_seguridad', "motivo = 'otro'", events[0]!.id);
    const audit = await t.db.execute(
      sql`select usuario_id from auditoria where nombre_tabla = 'eventos_seguridad' and clave_primaria = ${String(events[0]!.id)}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([]);
    const mail = await lastMailTo(t.db, user.email);
    expect(mail).toMatchObject({ asunto: 'Arandu: se restableció su segundo factor' });
    expect(mail!.cuerpo).toContain(`${admin.user.nombre} ${admin.user.apellido} restableció el segundo factor`);
    expect(mail!.cuerpo).toContain('Motivo: Perdió el teléfono');
    const again = await passwordLogin(user.email, nextIp());
    expect(again.json()).toMatchObject({ id: user.id, token: expect.any(String) });
  });

  it('refuses one’s own factor (that goes in Seguridad), the root’s, and an actor without a factor of their own', async () => {
    const admin = await adminWithFactor();
    const own = await injectFrom(admin.token, 'POST', `/api/users/${admin.user.id}/mfa/reset`, {
      motivo: 'x',
      password: TEST_PASSWORD,
      code: admin.code,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: MSG_IDENTITY.mfaResetOwn });
    const root = await createUser(t.db, { roles: [Role.Admin], esAdminRoot: true });
    const res = await injectFrom(admin.token, 'POST', `/api/users/${root.id}/mfa/reset`, {
      motivo: 'x',
      password: TEST_PASSWORD,
      code: admin.code,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MSG_IDENTITY.mfaRootOnlyItself });
    vi.useRealTimers();
    expect(
      await t.db.select().from(segundosFactores).where(eq(segundosFactores.usuarioId, admin.user.id)),
    ).toHaveLength(1);
    const { user } = await userWithFactor([Role.Profesor]);
    const bareAdmin = await createUser(t.db, { roles: [Role.Admin] });
    const bareToken = await login(t.app, bareAdmin.email, TEST_PASSWORD);
    const noFactor = await injectFrom(bareToken, 'POST', `/api/users/${user.id}/mfa/reset`, {
      motivo: 'x',
      password: TEST_PASSWORD,
      code: '123456',
    });
    expect(noFactor.statusCode).toBe(403);
    expect(noFactor.json()).toEqual({ error: MSG_IDENTITY.mfaResetNeedsOwnFactor });
    const profToken = await login(t.app, (await createUser(t.db, { roles: [Role.Profesor] })).email, TEST_PASSWORD);
    const body = { motivo: 'x', password: TEST_PASSWORD, code: '123456' };
    expect((await injectFrom(profToken, 'POST', `/api/users/${user.id}/mfa/reset`, body)).statusCode).toBe(403);
  });
});

describe.skipIf(!serverUrl())('single use under real concurrency (PostgreSQL)', () => {
  it('opens one session for ten parallel calls with the same token and code', async () => {
    const { user, secret } = await userWithFactor();
    const ip = nextIp();
    const mfaToken = await challenge(user.email, ip);
    at(stepStart(3));
    const code = totpCode(secret, stepStart(3));
    const replies = await Promise.all(Array.from({ length: 10 }, () => mfaLogin(mfaToken, code, ip)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('accepts one code once across parallel logins with different tokens', async () => {
    const { user, secret } = await userWithFactor();
    const ips = Array.from({ length: 4 }, nextIp);
    const tokens = await Promise.all(ips.map((ip) => challenge(user.email, ip)));
    at(stepStart(3));
    const code = totpCode(secret, stepStart(3));
    const replies = await Promise.all(tokens.map((tok, i) => mfaLogin(tok, code, ips[i]!)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('takes a recovery code once across parallel logins', async () => {
    const { user, recoveryCodes } = await userWithFactor();
    const ips = Array.from({ length: 4 }, nextIp);
    const tokens = await Promise.all(ips.map((ip) => challenge(user.email, ip)));
    const replies = await Promise.all(tokens.map((tok, i) => mfaLogin(tok, recoveryCodes[0]!, ips[i]!)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});

describe('without MFA_ENCRYPTION_KEY', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await setupTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says the feature is not configured', async () => {
    const user = await createUser(bare.db);
    const token = await login(bare.app, user.email, TEST_PASSWORD);
    expect((await injectAs(bare.app, token, 'GET', '/api/users/mfa')).json()).toMatchObject({ configured: false });
    const res = await injectAs(bare.app, token, 'POST', '/api/users/mfa/setup');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MSG_IDENTITY.mfaNotConfigured });
  });

  it('does not lock staff behind the set-up gate, which nobody could pass', async () => {
    await bare.ownerDb.execute(
      sql`insert into configuracion (clave, valor) values ('segundoFactorObligatorio', 'true')`,
    );
    forgetCachedSettings();
    const staff = await createUser(bare.db, { roles: [Role.Admin] });
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(res.json()).toMatchObject({ mfaSetupRequired: false });
    expect((await injectAs(bare.app, res.json().token, 'GET', '/api/users/profile')).statusCode).toBe(200);
    forgetCachedSettings();
  });
});
