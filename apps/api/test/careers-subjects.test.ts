import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@arandu/shared';
import { auditoria, carreras, materias } from '../src/db/schema/index.js';
import { addToMalla, createCarrera, createMalla, createMateria, signInEveryRole } from './factories/academic.js';
import { setupTestApp, type TestContext, injectAs } from './helper.js';

let t: TestContext;
let who: Awaited<ReturnType<typeof signInEveryRole>>;
beforeAll(async () => {
  t = await setupTestApp();
  who = await signInEveryRole(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

describe('careers (/api/carreras)', () => {
  it('creates, reads, edits and lists careers, searching without accents or case', async () => {
    const created = await call(who.funcionario.token, 'POST', '/api/carreras', {
      nombre: '  Ingeniería Mecánica ',
      codigo: 'IMC',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();
    expect(await call(who.admin.token, 'GET', `/api/carreras/${id}`).then((r) => r.json<unknown>())).toEqual({
      id,
      nombre: 'Ingeniería Mecánica',
      codigo: 'IMC',
      activo: true,
    });

    const edited = await call(who.admin.token, 'POST', '/api/carreras', {
      id,
      nombre: 'Ingeniería Mecánica',
      codigo: 'IMC',
      activo: false,
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await t.db.select().from(carreras).where(eq(carreras.id, id));
    expect(row!.activo).toBe(false);

    const page = await call(who.admin.token, 'POST', '/api/CARRERAS/all', {
      page: 1,
      pageSize: 10,
      filters: { nombre: 'MECANICA' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      items: [
        { id, nombre: 'Ingeniería Mecánica', codigo: 'IMC', activo: false, cantidadMallas: 0, cantidadMaterias: 0 },
      ],
      totalItemsCount: 1,
    });
    // The audit trigger knows who did it.
    const audit = await t.db.select().from(auditoria).where(eq(auditoria.nombreTabla, 'carreras'));
    expect(audit.some((a) => a.usuarioId === who.funcionario.user.id && a.tipo === 'INSERT')).toBe(true);
  });

  it('pages in SQL with the total of every match', async () => {
    for (let i = 0; i < 3; i++) await createCarrera(t.db, { nombre: `Paginada ${i}` });
    const res = await call(who.admin.token, 'POST', '/api/carreras/all', {
      page: 2,
      pageSize: 2,
      filters: { nombre: 'paginada' },
    });
    expect(res.json()).toMatchObject({ totalItemsCount: 3, items: [{ nombre: 'Paginada 2' }] });
  });

  it('refuses bad input in Spanish and saves nothing', async () => {
    const before = await t.db.$count(carreras);
    const empty = await call(who.admin.token, 'POST', '/api/carreras', { nombre: ' ', codigo: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ nombre: MSG.carreraNombreRequired, codigo: MSG.carreraCodigoRequired });
    const unknown = await call(who.admin.token, 'POST', '/api/carreras', { nombre: 'X', codigo: 'X', extra: 1 });
    expect(unknown.statusCode).toBe(400);
    const tooLong = await call(who.admin.token, 'POST', '/api/carreras', { nombre: 'X', codigo: 'X'.repeat(17) });
    expect(tooLong.statusCode).toBe(400);
    expect(await t.db.$count(carreras)).toBe(before);
  });

  it('refuses a repeated name or code with its own message', async () => {
    const c = await createCarrera(t.db);
    const sameName = await call(who.admin.token, 'POST', '/api/carreras', { nombre: c.nombre, codigo: 'OTRO1' });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toEqual({ error: MSG.carreraNombreTaken, errors: { nombre: MSG.carreraNombreTaken } });
    const sameCode = await call(who.admin.token, 'POST', '/api/carreras', {
      nombre: 'Otra carrera única',
      codigo: c.codigo,
    });
    expect(sameCode.json().error).toBe(MSG.carreraCodigoTaken);
  });

  it('deletes an unused career and refuses one with mallas or subjects', async () => {
    const unused = await createCarrera(t.db);
    expect((await call(who.admin.token, 'DELETE', `/api/carreras/${unused.id}`)).statusCode).toBe(204);
    expect(await t.db.$count(carreras, eq(carreras.id, unused.id))).toBe(0);

    const withMalla = await createCarrera(t.db);
    await createMalla(t.db, withMalla.id);
    const refused = await call(who.admin.token, 'DELETE', `/api/carreras/${withMalla.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: MSG.carreraInUse });
    expect(await t.db.$count(carreras, eq(carreras.id, withMalla.id))).toBe(1);

    const withMateria = await createCarrera(t.db);
    await createMateria(t.db, { carreraId: withMateria.id });
    expect((await call(who.admin.token, 'DELETE', `/api/carreras/${withMateria.id}`)).json().error).toBe(
      MSG.carreraInUse,
    );

    const missing = await call(who.admin.token, 'DELETE', '/api/carreras/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MSG.carreraNotFound);
  });
});

describe('subjects (/api/materias)', () => {
  it('creates a career subject and a common one, and lists them by career', async () => {
    const carrera = await createCarrera(t.db);
    const own = await call(who.admin.token, 'POST', '/api/materias', {
      nombre: 'Mecánica de Fluidos',
      codigo: 'MF1',
      carreraId: carrera.id,
    });
    expect(own.statusCode).toBe(200);
    const common = await call(who.admin.token, 'POST', '/api/materias', {
      nombre: 'Cálculo Común',
      codigo: 'CC1',
      carreraId: null,
    });
    expect(common.statusCode).toBe(200);
    const byCarrera = await call(who.admin.token, 'POST', '/api/materias/all', {
      page: 1,
      pageSize: 25,
      filters: { carreraId: carrera.id },
    });
    expect(byCarrera.json()).toEqual({
      items: [
        {
          id: own.json().id,
          nombre: 'Mecánica de Fluidos',
          codigo: 'MF1',
          carreraId: carrera.id,
          carrera: carrera.nombre,
          activo: true,
          cantidadMallas: 0,
        },
      ],
      totalItemsCount: 1,
    });
    const search = await call(who.admin.token, 'POST', '/api/materias/all', {
      page: 1,
      pageSize: 25,
      filters: { nombre: 'calculo comun' },
    });
    expect(search.json().items).toHaveLength(1);
    const formData = await call(who.funcionario.token, 'GET', '/api/materias/form_data');
    expect(formData.json().carreras).toContainEqual({ value: carrera.id, label: carrera.nombre });
  });

  it('validates, refuses a repeated code and an unknown career, saving nothing', async () => {
    const before = await t.db.$count(materias);
    const empty = await call(who.admin.token, 'POST', '/api/materias', { nombre: '', codigo: '' });
    expect(empty.json().errors).toMatchObject({ nombre: MSG.materiaNombreRequired, codigo: MSG.materiaCodigoRequired });
    const m = await createMateria(t.db);
    const repeated = await call(who.admin.token, 'POST', '/api/materias', { nombre: 'Otra', codigo: m.codigo });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe(MSG.materiaCodigoTaken);
    const noCarrera = await call(who.admin.token, 'POST', '/api/materias', {
      nombre: 'Otra',
      codigo: 'ZZ9',
      carreraId: 999999,
    });
    expect(noCarrera.statusCode).toBe(400);
    expect(noCarrera.json().error).toBe(MSG.carreraNotFound);
    expect(await t.db.$count(materias)).toBe(before + 1);
    const missing = await call(who.admin.token, 'POST', '/api/materias', { id: 999999, nombre: 'X', codigo: 'X' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to delete a subject that a malla lists', async () => {
    const carrera = await createCarrera(t.db);
    const malla = await createMalla(t.db, carrera.id);
    const mm = await addToMalla(t.db, malla.id);
    const refused = await call(who.admin.token, 'DELETE', `/api/materias/${mm.materiaId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: MSG.materiaInUse });
    expect(await t.db.$count(materias, eq(materias.id, mm.materiaId))).toBe(1);
    const free = await createMateria(t.db);
    expect((await call(who.admin.token, 'DELETE', `/api/materias/${free.id}`)).statusCode).toBe(204);
  });
});

describe('permissions', () => {
  it('keeps careers and subjects to staff', async () => {
    const c = await createCarrera(t.db);
    for (const token of [who.profesor.token, who.alumno.token]) {
      expect((await call(token, 'POST', '/api/carreras/all', { page: 1, pageSize: 10 })).statusCode).toBe(403);
      expect((await call(token, 'POST', '/api/carreras', { nombre: 'Intrusa', codigo: 'INT' })).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/api/carreras/${c.id}`)).statusCode).toBe(403);
      expect((await call(token, 'POST', '/api/materias/all', { page: 1, pageSize: 10 })).statusCode).toBe(403);
      expect((await call(token, 'GET', '/api/materias/form_data')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/carreras/all', payload: {} })).statusCode).toBe(401);
    expect(await t.db.$count(carreras, eq(carreras.nombre, 'Intrusa'))).toBe(0);
  });
});
