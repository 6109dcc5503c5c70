import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FACULTY_TIME_ZONE, MSG, Role } from '@arandu/shared';
import { auditoria } from '../src/db/schema/index.js';
import { givePhoto } from './factories/photos.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
let admin: { id: number; token: string };
let funcionario: { id: number; token: string };
let createdId: number;

const list = (token: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/all_auditlog', headers: bearer(token), payload: body as object });

/** Today and yesterday as calendar days in the faculty's zone. */
const day = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: FACULTY_TIME_ZONE }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

beforeAll(async () => {
  t = await setupTestApp();
  const a = await createUser(t.db, { roles: [Role.Admin], nombre: 'Lucía', apellido: 'Ramírez Benítez' });
  const f = await createUser(t.db, { roles: [Role.Funcionario], nombre: 'Miguel', apellido: 'Duarte' });
  admin = { id: a.id, token: await login(t.app, a.email, TEST_PASSWORD) };
  funcionario = { id: f.id, token: await login(t.app, f.email, TEST_PASSWORD) };
  const paraguay = (await t.db.execute(sql`select id from paises where nombre = 'Paraguay'`)).rows[0] as { id: number };
  // The administrator creates a user, then the Funcionario changes it.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(admin.token),
    payload: {
      nombre: 'Auditado',
      apellido: 'Prueba',
      numeroDocumento: '6543210',
      email: 'auditado@prueba.edu.py',
      nacionalidadPaisId: paraguay.id,
      telefonoCelular: '0981 123 456',
      roles: [Role.Alumno],
    },
  });
  createdId = created.json().id;
  await givePhoto(t.db, createdId);
  const detail = (
    await t.app.inject({ method: 'GET', url: `/api/users/${createdId}`, headers: bearer(admin.token) })
  ).json();
  const updated = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(funcionario.token),
    payload: {
      id: createdId,
      nombre: 'Auditada',
      apellido: detail.apellido,
      numeroDocumento: detail.numeroDocumento,
      email: detail.email,
      nacionalidadPaisId: paraguay.id,
      telefonoCelular: detail.telefonoCelular,
      roles: [Role.Alumno],
    },
  });
  expect(updated.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/users/all_auditlog', () => {
  it('lists the changes newest first, with who made them and what changed', async () => {
    const res = await list(admin.token, { page: 1, pageSize: 25, filters: { tabla: 'usuarios' } });
    expect(res.statusCode).toBe(200);
    const items: { tipo: number; clavePrimaria: string; [key: string]: unknown }[] = res.json().items;
    const update = items[0]!;
    const insert = items.find((i) => i.tipo === 1 && i.clavePrimaria === String(createdId))!;
    expect(update).toMatchObject({
      usuarioId: funcionario.id,
      usuario: 'Miguel Duarte',
      tipo: 2,
      tipoLabel: 'Modificación',
      nombreTabla: 'usuarios',
      clavePrimaria: String(createdId),
      valoresAnteriores: { nombre: 'Auditado' },
      valoresNuevos: { nombre: 'Auditada' },
    });
    expect(update.columnasAfectadas).toEqual(['nombre', 'updated_at']);
    expect(update.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(insert).toMatchObject({
      usuario: 'Lucía Ramírez Benítez',
      tipo: 1,
      tipoLabel: 'Creación',
      clavePrimaria: String(createdId),
    });
    expect(insert.valoresNuevos).not.toHaveProperty('password_hash');
    // Rows written without a signed-in user (factories, setup) are the system's.
    const system = await list(admin.token, { pageSize: 1000, filters: { tabla: 'usuarios', tipo: 1 } });
    expect(
      system
        .json()
        .items.some((i: { usuario: string; usuarioId: null }) => i.usuario === 'Sistema' && i.usuarioId === null),
    ).toBe(true);
  });

  it('filters by type, user, table and day (America/Asuncion), and pages with the total', async () => {
    const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditoria))[0]!.n;
    const all = await list(funcionario.token, { page: 1, pageSize: 2 });
    expect(all.json().totalItemsCount).toBe(total);
    expect(all.json().items).toHaveLength(2);
    const second = await list(funcionario.token, { page: 2, pageSize: 2 });
    expect(second.json().items[0].id).toBeLessThan(all.json().items[1].id);

    const updates = await list(admin.token, { pageSize: 1000, filters: { tipo: 2 } });
    expect(updates.json().items.length).toBeGreaterThan(0);
    expect(updates.json().items.every((i: { tipo: number }) => i.tipo === 2)).toBe(true);
    const everyType = await list(admin.token, { pageSize: 1, filters: { tipo: 0 } });
    expect(everyType.json().totalItemsCount).toBe(total);

    const byUser = await list(admin.token, { pageSize: 1000, filters: { usuario: 'duarte' } });
    expect(byUser.json().items.length).toBeGreaterThan(0);
    expect(byUser.json().items.every((i: { usuarioId: number }) => i.usuarioId === funcionario.id)).toBe(true);
    const byAccentless = await list(admin.token, { pageSize: 1000, filters: { usuario: 'lucia ramirez' } });
    expect(byAccentless.json().items.every((i: { usuarioId: number }) => i.usuarioId === admin.id)).toBe(true);
    expect(byAccentless.json().totalItemsCount).toBeGreaterThan(0);

    const today = await list(admin.token, { pageSize: 1, filters: { fechaDesde: day(0), fechaHasta: day(0) } });
    expect(today.json().totalItemsCount).toBe(total);
    const yesterday = await list(admin.token, { pageSize: 1, filters: { fechaHasta: day(-1) } });
    expect(yesterday.json().totalItemsCount).toBe(0);
    const tomorrow = await list(admin.token, { pageSize: 1, filters: { fechaDesde: day(1) } });
    expect(tomorrow.json().totalItemsCount).toBe(0);
    const noTable = await list(admin.token, { pageSize: 1, filters: { tabla: 'no_existe' } });
    expect(noTable.json()).toEqual({ items: [], totalItemsCount: 0 });
  });

  it('is for staff only and refuses bad filters in Spanish', async () => {
    for (const roles of [[Role.Alumno], [Role.Profesor]]) {
      const u = await createUser(t.db, { roles });
      const res = await list(await login(t.app, u.email, TEST_PASSWORD), {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MSG.forbidden });
    }
    const cases = [
      { filters: { tipo: 7 } },
      { filters: { tipo: 'INSERT' } },
      { filters: { fechaDesde: '2026-05-02', fechaHasta: '2026-05-01' } },
      { filters: { fechaDesde: '01/05/2026' } },
      { filters: { usuario: 'x'.repeat(33) } },
      { filters: { tabla: 'x'.repeat(65) } },
      { filters: { otra: 1 } },
    ];
    for (const body of cases) {
      const res = await list(admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const order = await list(admin.token, { filters: { fechaDesde: '2026-05-02', fechaHasta: '2026-05-01' } });
    expect(order.json().errors['filters.fechaHasta']).toBe('La fecha desde no puede ser posterior a la fecha hasta');
  });
});
