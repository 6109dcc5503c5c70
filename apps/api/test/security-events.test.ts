import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { unaudited } from '../src/db/tx.js';
import { recordSecurityEvent } from '../src/modules/security-events/security-events.service.js';
import { createUser, signIn } from './factories/users.js';
import { expectAppendOnly, injectAs, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
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
    expect(
      (await injectAs(t.app, alumno.token, 'POST', `/api/users/${admin.id}/security_events`, {})).statusCode,
    ).toBe(403);
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
