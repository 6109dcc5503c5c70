import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { unaudited } from '../src/db/tx.js';
import { recordSecurityEvent } from '../src/modules/security-events/security-events.service.js';
import { totpCode } from '../src/modules/auth/totp.js';
import { createUser, signIn, TEST_PASSWORD } from './factories/users.js';
import { expectAppendOnly, injectAs, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ config: { mfaEncryptionKey: randomBytes(32) } });
});
afterAll(async () => {
  await t?.close();
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type EventPage = { items: Record<string, unknown>[]; totalItemsCount: number };

const eventsOf = async (token: string, id: number, body: object = {}) => {
  const res = await injectAs(t.app, token, 'POST', `/api/users/${id}/security_events`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventPage>();
};

describe("a user's security events (staff) and one's own sign-ins", () => {
  it('pages a user’s events newest first, with who did it and where from; filtered by kind', async () => {
    const admin = await signIn(t.app, t.db, { roles: [Role.Admin], nombre: 'Ana', apellido: 'Staff' });
    const user = await createUser(t.db);
    const client = { ip: '10.41.0.1', userAgent: CHROME_LINUX };
    for (let i = 0; i < 3; i++) {
      await recordSecurityEvent(unaudited(t.db), {
        tipo: 'ingreso_fallido',
        usuarioId: user.id,
        metodo: 'contrasena',
        client,
      });
    }
    await recordSecurityEvent(unaudited(t.db), {
      tipo: 'segundo_factor_restablecido',
      usuarioId: user.id,
      actorId: admin.id,
      factor: 'totp',
      motivo: 'Perdió el teléfono',
      client: { ip: '10.41.0.2' },
    });
    const first = await eventsOf(admin.token, user.id, { page: 1, pageSize: 2 });
    expect(first.totalItemsCount).toBe(4);
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      tipo: 'segundo_factor_restablecido',
      metodo: null,
      factor: 'totp',
      email: null,
      direccion: '10.41.0.2',
      agenteUsuario: null,
      motivo: 'Perdió el teléfono',
      actor: 'Ana Staff',
    });
    expect(first.items[1]).toMatchObject({ tipo: 'ingreso_fallido', agenteUsuario: CHROME_LINUX, actor: null });
    const second = await eventsOf(admin.token, user.id, { page: 2, pageSize: 2 });
    expect(second.items.map((e) => e.tipo)).toEqual(['ingreso_fallido', 'ingreso_fallido']);
    const failed = await eventsOf(admin.token, user.id, { filters: { tipo: 'ingreso_fallido' } });
    expect(failed.totalItemsCount).toBe(3);
  });

  it('refuses students, a Funcionario on an Admin, and answers 404 for an unknown user', async () => {
    const alumno = await signIn(t.app, t.db);
    const funcionario = await signIn(t.app, t.db, { roles: [Role.Funcionario] });
    const admin = await createUser(t.db, { roles: [Role.Admin] });
    expect((await injectAs(t.app, alumno.token, 'POST', `/api/users/${admin.id}/security_events`, {})).statusCode).toBe(
      403,
    );
    expect(
      (await injectAs(t.app, funcionario.token, 'POST', `/api/users/${admin.id}/security_events`, {})).statusCode,
    ).toBe(403);
    const missing = await injectAs(t.app, funcionario.token, 'POST', '/api/users/999999/security_events', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: MSG.userNotFound });
  });

  it('keeps the e-mail typed when nobody has it, bounded; rows can be neither changed nor deleted', async () => {
    const long = `${'x'.repeat(300)}@nadie.edu.py`;
    await recordSecurityEvent(unaudited(t.db), {
      tipo: 'ingreso_fallido',
      usuarioId: null,
      email: long,
      client: { ip: '10.41.0.3' },
    });
    const [row] = await rows<{ id: number; email: string }>(
      t.db,
      sql`select id::float8 as id, email from eventos_seguridad where usuario_id is null order by id desc limit 1`,
    );
    expect(row!.email).toBe(long.slice(0, 254));
    await expectAppendOnly(t.db, 'eventos_seguridad', "email = 'otro'", row!.id);
  });
});

let address = 0;
/** Each test from addresses of its own, so decision 006's per-address counters do not add up across tests. */
const nextIp = () => `10.45.${Math.floor(++address / 200)}.${address % 200}`;

const loginFrom = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': CHROME_LINUX },
  });

/** A user's events as stored, oldest first. */
const storedEvents = (usuarioId: number) =>
  rows<Record<string, unknown>>(
    t.db,
    sql`select tipo, metodo, factor, email, direccion, agente_usuario as "agenteUsuario", actor_id as "actorId", motivo
          from eventos_seguridad where usuario_id = ${usuarioId} order by id`,
  );

describe('identity events recorded where they happen (issue 41 item 5)', () => {
  it('records a password sign-in, a wrong password and an unknown e-mail with address and browser', async () => {
    const user = await createUser(t.db);
    const ip = nextIp();
    expect((await loginFrom(user.email, 'no-es-la-clave', ip)).statusCode).toBe(401);
    const ok = await loginFrom(user.email, TEST_PASSWORD, ip);
    expect(ok.statusCode).toBe(200);
    const who = { direccion: ip, agenteUsuario: CHROME_LINUX, actorId: null, email: null, factor: null };
    expect(await storedEvents(user.id)).toEqual([
      { ...who, tipo: 'ingreso_fallido', metodo: 'contrasena', motivo: null },
      { ...who, tipo: 'ingreso', metodo: 'contrasena', motivo: null },
    ]);
    const stranger = `Nadie.${ip}@prueba.edu.py`;
    expect((await loginFrom(stranger, 'x', ip)).statusCode).toBe(401);
    const [unknown] = await rows<{ usuarioId: number | null; tipo: string }>(
      t.db,
      sql`select usuario_id as "usuarioId", tipo from eventos_seguridad where email = ${stranger}`,
    );
    expect(unknown).toEqual({ usuarioId: null, tipo: 'ingreso_fallido' });
  });

  it('records the lockout once a window, not once a refused guess', async () => {
    const user = await createUser(t.db);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await loginFrom(user.email, 'no-es-la-clave', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const kinds = (await storedEvents(user.id)).map((e) => e.tipo);
    expect(kinds).toEqual([...Array(5).fill('ingreso_fallido'), 'ingreso_bloqueado']);
    expect((await storedEvents(user.id)).at(-1)).toMatchObject({ motivo: MSG.accountLocked, direccion: ip });
  });

  it('records a sign-in completed with a code (method and factor), a wrong code, the factor turned on, Salir and ending the other sessions', async () => {
    const user = await createUser(t.db);
    const ip = nextIp();
    const first = (await loginFrom(user.email, TEST_PASSWORD, ip)).json<{ token: string }>().token;
    const { secret } = (await injectAs(t.app, first, 'POST', '/api/users/mfa/setup')).json<{ secret: string }>();
    const enabled = await injectAs(t.app, first, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { mfaToken } = (await loginFrom(user.email, TEST_PASSWORD, ip)).json<{ mfaToken: string }>();
    const mfa = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login/mfa',
        payload: { mfaToken, code },
        remoteAddress: ip,
        headers: { 'user-agent': CHROME_LINUX },
      });
    expect((await mfa('000000')).statusCode).toBe(401);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    const second = await mfa(recoveryCodes[0]!);
    expect(second.statusCode, second.body).toBe(200);
    const ended = await injectAs(t.app, second.json<{ token: string }>().token, 'DELETE', '/api/users/sessions');
    expect(ended.json()).toEqual({ ended: 1 });
    expect(
      (await injectAs(t.app, second.json<{ token: string }>().token, 'POST', '/api/users/logout')).statusCode,
    ).toBe(204);
    const events = await storedEvents(user.id);
    expect(events.map((e) => [e.tipo, e.metodo, e.factor])).toEqual([
      ['ingreso', 'contrasena', null],
      ['segundo_factor_activado', null, 'totp'],
      ['ingreso_fallido', 'contrasena', 'totp'],
      ['codigo_recuperacion_usado', null, 'recuperacion'],
      ['ingreso', 'contrasena', 'recuperacion'],
      ['sesiones_cerradas', null, null],
      ['sesion_cerrada', null, null],
    ]);
    expect(events[5]).toMatchObject({ motivo: 'todas las demás (1)', actorId: null });
  });

  it("lists one's own latest sign-ins only, newest first", async () => {
    const user = await createUser(t.db);
    const ip = nextIp();
    await loginFrom(user.email, 'no-es-la-clave', ip);
    await loginFrom(user.email, TEST_PASSWORD, ip);
    const token = (await loginFrom(user.email, TEST_PASSWORD, nextIp())).json<{ token: string }>().token;
    const res = await injectAs(t.app, token, 'GET', '/api/users/sessions/sign_ins');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { direccion: string; metodo: string; agenteUsuario: string }[] }>().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      direccion: `10.45.${Math.floor(address / 200)}.${address % 200}`,
      metodo: 'contrasena',
    });
    expect(items[1]).toMatchObject({ direccion: ip, agenteUsuario: CHROME_LINUX });
  });
});
