import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { groupDocumento, MSG, Role } from '@arandu/shared';
import { auditoria, perfilesAlumno } from '../src/db/schema/index.js';
import { createMateriaPeriodo, inscribir } from './factories/academic.js';
import { createCarreraWithMalla, createPeriodoOfOwnYear, createAlumnoProfile } from './factories/students.js';
import { createUser, signIn, type UserOverrides } from './factories/users.js';
import { setupTestApp, type TestContext, injectAs } from './helper.js';

let t: TestContext;
type Account = { id: number; token: string };
const who = {} as Record<'admin' | 'funcionario' | 'profesor' | 'alumno' | 'otroAlumno', Account>;
let carrera: Awaited<ReturnType<typeof createCarreraWithMalla>>;
let otherCarrera: Awaited<ReturnType<typeof createCarreraWithMalla>>;
let ownRecord: { id: number };
let otherRecord: { id: number };

const account = (roles: Role[], extra: UserOverrides = {}): Promise<Account> =>
  signIn(t.app, t.db, { roles, ...extra });

beforeAll(async () => {
  t = await setupTestApp();
  carrera = await createCarreraWithMalla(t.db, { nombre: 'Ingeniería Informática' });
  otherCarrera = await createCarreraWithMalla(t.db, { nombre: 'Ingeniería Civil' });
  who.admin = await account([Role.Admin]);
  who.funcionario = await account([Role.Funcionario]);
  who.profesor = await account([Role.Profesor]);
  who.alumno = await account([Role.Alumno], { nombre: 'Sofía', apellido: 'Cáceres Villalba' });
  who.otroAlumno = await account([Role.Alumno]);
  ownRecord = await createAlumnoProfile(t.db, who.alumno.id, carrera.malla.id, 5001);
  otherRecord = await createAlumnoProfile(t.db, who.otroAlumno.id, otherCarrera.malla.id, 5002);
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);
const countRecords = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(perfilesAlumno))[0]!.n;

async function freeAlumno() {
  return createUser(t.db, { roles: [Role.Alumno] });
}

describe('POST /api/students/all', () => {
  it('lists records with malla and career, searching legajo, document and names without accents', async () => {
    const all = await call(who.funcionario.token, 'POST', '/api/students/all', { page: 1, pageSize: 25 });
    expect(all.statusCode).toBe(200);
    expect(all.json().totalItemsCount).toBe(await countRecords());
    // The registry's order: by legajo.
    const legajos = all.json().items.map((i: { numeroLegajo: number }) => i.numeroLegajo);
    expect(legajos).toEqual([...legajos].sort((a: number, b: number) => a - b));
    const second = await call(who.funcionario.token, 'POST', '/api/students/all', { page: 2, pageSize: 1 });
    expect(second.json().items[0].numeroLegajo).toBe(legajos[1]);
    const byName = await call(who.funcionario.token, 'POST', '/api/students/all', {
      filters: { search: 'caceres sofia' },
    });
    expect(byName.json()).toEqual({
      totalItemsCount: 1,
      items: [
        {
          id: ownRecord.id,
          numeroLegajo: 5001,
          numeroDocumento: expect.any(String),
          nombre: 'Sofía',
          apellido: 'Cáceres Villalba',
          malla: carrera.malla.nombre,
          carrera: 'Ingeniería Informática',
          usuarioId: who.alumno.id,
          mallaId: carrera.malla.id,
        },
      ],
    });
    const byLegajo = await call(who.funcionario.token, 'POST', '/api/students/all', { filters: { search: '5002' } });
    expect(byLegajo.json().items.map((i: { id: number }) => i.id)).toEqual([otherRecord.id]);
    const byCarrera = await call(who.funcionario.token, 'POST', '/api/students/all', {
      filters: { carreraId: otherCarrera.carrera.id },
    });
    expect(byCarrera.json().items.map((i: { id: number }) => i.id)).toEqual([otherRecord.id]);
    const none = await call(who.funcionario.token, 'POST', '/api/students/all', { filters: { search: 'nadie-así' } });
    expect(none.json()).toEqual({ items: [], totalItemsCount: 0 });
  });

  it('is for staff only, and refuses bad filters in Spanish', async () => {
    expect((await call(who.alumno.token, 'POST', '/api/students/all', {})).statusCode).toBe(403);
    expect((await call(who.profesor.token, 'POST', '/api/students/all', {})).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/students/all', {})).statusCode).toBe(401);
    for (const body of [{ filters: { search: 'x'.repeat(33) } }, { filters: { legajo: 1 } }, { pageSize: -1 }]) {
      const res = await call(who.admin.token, 'POST', '/api/students/all', body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('GET /api/students/{id}', () => {
  it('gives staff any record and a student their own; anyone else 404 with the spec message', async () => {
    const staff = await call(who.admin.token, 'GET', `/api/students/${ownRecord.id}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({
      id: ownRecord.id,
      perfilAlumnoId: ownRecord.id,
      numeroLegajo: 5001,
      usuarioId: who.alumno.id,
      mallaId: carrera.malla.id,
      fechaIngreso: '2024-02-01',
      carrera: 'Ingeniería Informática',
    });
    expect((await call(who.alumno.token, 'GET', `/api/students/${ownRecord.id}`)).statusCode).toBe(200);
    for (const token of [who.alumno.token, who.profesor.token]) {
      const res = await call(token, 'GET', `/api/students/${otherRecord.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG.studentNotFound });
    }
    expect((await call(who.admin.token, 'GET', '/api/students/999999')).json()).toEqual({ error: MSG.studentNotFound });
  });
});

describe('POST /api/students', () => {
  it('creates and updates a record', async () => {
    const user = await freeAlumno();
    const res = await call(who.funcionario.token, 'POST', '/api/students', {
      usuarioId: user.id,
      mallaId: carrera.malla.id,
      numeroLegajo: 7001,
      fechaIngreso: '2025-02-15',
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      usuarioId: user.id,
      numeroLegajo: 7001,
      fechaIngreso: '2025-02-15',
      mallaId: carrera.malla.id,
    });
    const [logged] = await t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.nombreTabla, 'perfiles_alumno'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(logged).toMatchObject({ tipo: 'INSERT', usuarioId: who.funcionario.id, clavePrimaria: String(created.id) });

    const updated = await call(who.funcionario.token, 'POST', '/api/students', {
      id: created.id,
      usuarioId: user.id,
      mallaId: otherCarrera.malla.id,
      numeroLegajo: 7002,
      fechaIngreso: '2025-03-01',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.id,
      numeroLegajo: 7002,
      mallaId: otherCarrera.malla.id,
      carrera: 'Ingeniería Civil',
    });
  });

  it('answers the form messages of spec 02 and saves nothing', async () => {
    const user = await freeAlumno();
    const before = await countRecords();
    const valid = { usuarioId: user.id, mallaId: carrera.malla.id, numeroLegajo: 8001, fechaIngreso: '2025-02-15' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ usuarioId: undefined }, 'usuarioId', MSG.studentUserRequired],
      [{ usuarioId: null }, 'usuarioId', MSG.studentUserRequired],
      [{ usuarioId: 0 }, 'usuarioId', MSG.studentUserRequired],
      [{ mallaId: undefined }, 'mallaId', MSG.studentMallaRequired],
      [{ numeroLegajo: 0 }, 'numeroLegajo', MSG.legajoInvalid],
      [{ numeroLegajo: -5 }, 'numeroLegajo', MSG.legajoInvalid],
      [{ numeroLegajo: 1.5 }, 'numeroLegajo', MSG.legajoInvalid],
      [{ numeroLegajo: '12' }, 'numeroLegajo', MSG.legajoInvalid],
      [{ numeroLegajo: 999_999_999_999 }, 'numeroLegajo', MSG.legajoInvalid],
      [{ fechaIngreso: '' }, 'fechaIngreso', MSG.fechaIngresoRequired],
      [{ fechaIngreso: undefined }, 'fechaIngreso', MSG.fechaIngresoRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(who.admin.token, 'POST', '/api/students', { ...valid, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toBe(message);
    }
    for (const bad of [
      { ...valid, fechaIngreso: '2025-02-30' },
      { ...valid, extra: true },
      { ...valid, mallaId: 'uno' },
    ]) {
      const res = await call(who.admin.token, 'POST', '/api/students', bad);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await countRecords()).toBe(before);
  });

  it('refuses a taken legajo, a user with a record, a user who is not a student and an unknown malla', async () => {
    const before = await countRecords();
    const user = await freeAlumno();
    const base = { usuarioId: user.id, mallaId: carrera.malla.id, fechaIngreso: '2025-02-15' };
    const taken = await call(who.admin.token, 'POST', '/api/students', { ...base, numeroLegajo: 5001 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: MSG.legajoTaken, errors: { numeroLegajo: MSG.legajoTaken } });
    const twice = await call(who.admin.token, 'POST', '/api/students', {
      ...base,
      usuarioId: who.alumno.id,
      numeroLegajo: 9101,
    });
    expect(twice.json().error).toBe(MSG.studentUserHasProfile);
    const notAlumno = await call(who.admin.token, 'POST', '/api/students', {
      ...base,
      usuarioId: who.profesor.id,
      numeroLegajo: 9102,
    });
    expect(notAlumno.json().error).toBe(MSG.studentUserNotAlumno);
    const noUser = await call(who.admin.token, 'POST', '/api/students', {
      ...base,
      usuarioId: 999999,
      numeroLegajo: 9103,
    });
    expect(noUser.json().error).toBe(MSG.studentUserRequired);
    const noMalla = await call(who.admin.token, 'POST', '/api/students', {
      ...base,
      mallaId: 999999,
      numeroLegajo: 9104,
    });
    expect(noMalla.json().error).toBe(MSG.studentMallaRequired);
    expect(await countRecords()).toBe(before);
  });

  it('keeps the user of an existing record and its legajo unique on update', async () => {
    const other = await freeAlumno();
    const moved = await call(who.admin.token, 'POST', '/api/students', {
      id: otherRecord.id,
      usuarioId: other.id,
      mallaId: otherCarrera.malla.id,
      numeroLegajo: 5002,
      fechaIngreso: '2024-02-01',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe(MSG.studentUserLocked);
    const clash = await call(who.admin.token, 'POST', '/api/students', {
      id: otherRecord.id,
      usuarioId: who.otroAlumno.id,
      mallaId: otherCarrera.malla.id,
      numeroLegajo: 5001,
      fechaIngreso: '2024-02-01',
    });
    expect(clash.json().error).toBe(MSG.legajoTaken);
    const [row] = await t.db.select().from(perfilesAlumno).where(eq(perfilesAlumno.id, otherRecord.id));
    expect(row).toMatchObject({ usuarioId: who.otroAlumno.id, numeroLegajo: 5002 });
    const missing = await call(who.admin.token, 'POST', '/api/students', {
      id: 999999,
      usuarioId: who.otroAlumno.id,
      mallaId: otherCarrera.malla.id,
      numeroLegajo: 9200,
      fechaIngreso: '2024-02-01',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the malla of a record that has enrolments, and lets one without enrolments change it', async () => {
    const user = await freeAlumno();
    const record = await createAlumnoProfile(t.db, user.id, carrera.malla.id, 9250);
    const body = { id: record.id, usuarioId: user.id, numeroLegajo: 9250, fechaIngreso: '2024-02-01' };
    const free = await call(who.funcionario.token, 'POST', '/api/students', {
      ...body,
      mallaId: otherCarrera.malla.id,
    });
    expect(free.statusCode).toBe(200);

    const periodo = await createPeriodoOfOwnYear(t.db);
    const mp = await createMateriaPeriodo(t.db, {
      materiaMallaId: otherCarrera.subjects[0]!.materiaMalla.id,
      periodoId: periodo.id,
    });
    await inscribir(t.db, record.id, mp);
    const locked = await call(who.funcionario.token, 'POST', '/api/students', { ...body, mallaId: carrera.malla.id });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: MSG.studentMallaLocked, errors: { mallaId: MSG.studentMallaLocked } });
    const [row] = await t.db.select().from(perfilesAlumno).where(eq(perfilesAlumno.id, record.id));
    expect(row!.mallaId).toBe(otherCarrera.malla.id);
    // The same malla with other fields still saves.
    const same = await call(who.funcionario.token, 'POST', '/api/students', {
      ...body,
      mallaId: otherCarrera.malla.id,
      fechaIngreso: '2024-03-01',
    });
    expect(same.statusCode).toBe(200);
  });

  it('leaves exactly one record when two saves race for the same legajo', async () => {
    const [a, b] = [await freeAlumno(), await freeAlumno()];
    const save = (usuarioId: number) =>
      call(who.admin.token, 'POST', '/api/students', {
        usuarioId,
        mallaId: carrera.malla.id,
        numeroLegajo: 9300,
        fechaIngreso: '2025-02-15',
      });
    const results = await Promise.all([save(a.id), save(b.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().error).toBe(MSG.legajoTaken);
    expect(await t.db.select().from(perfilesAlumno).where(eq(perfilesAlumno.numeroLegajo, 9300))).toHaveLength(1);
  });

  it('is for staff only', async () => {
    const user = await freeAlumno();
    const body = { usuarioId: user.id, mallaId: carrera.malla.id, numeroLegajo: 9400, fechaIngreso: '2025-02-15' };
    expect((await call(who.alumno.token, 'POST', '/api/students', body)).statusCode).toBe(403);
    expect((await call(who.profesor.token, 'POST', '/api/students', body)).statusCode).toBe(403);
    expect(await t.db.select().from(perfilesAlumno).where(eq(perfilesAlumno.numeroLegajo, 9400))).toHaveLength(0);
  });
});

describe('DELETE /api/students/{id}', () => {
  it('deletes a record without enrolments and refuses one with enrolments', async () => {
    const user = await freeAlumno();
    const record = await createAlumnoProfile(t.db, user.id, carrera.malla.id);
    const periodo = await createPeriodoOfOwnYear(t.db);
    const mp = await createMateriaPeriodo(t.db, {
      materiaMallaId: carrera.subjects[0]!.materiaMalla.id,
      periodoId: periodo.id,
    });
    await inscribir(t.db, record.id, mp);
    const refused = await call(who.funcionario.token, 'DELETE', `/api/students/${record.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: MSG.studentHasEnrolments });
    expect(await t.db.select().from(perfilesAlumno).where(eq(perfilesAlumno.id, record.id))).toHaveLength(1);

    const free = await createAlumnoProfile(t.db, (await freeAlumno()).id, carrera.malla.id);
    expect((await call(who.alumno.token, 'DELETE', `/api/students/${free.id}`)).statusCode).toBe(403);
    const res = await call(who.funcionario.token, 'DELETE', `/api/students/${free.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(perfilesAlumno).where(eq(perfilesAlumno.id, free.id))).toHaveLength(0);
    const again = await call(who.funcionario.token, 'DELETE', `/api/students/${free.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MSG.studentNotFound });
  });
});

describe('form selects', () => {
  it('offers active mallas as "Malla - Carrera" and students without a record, by text', async () => {
    const mallas = await call(who.funcionario.token, 'GET', '/api/students/mallas');
    expect(mallas.statusCode).toBe(200);
    expect(mallas.json().mallas).toEqual(
      expect.arrayContaining([{ value: carrera.malla.id, label: `${carrera.malla.nombre} - Ingeniería Informática` }]),
    );
    const free = await createUser(t.db, { roles: [Role.Alumno], nombre: 'Úrsula', apellido: 'Peña Galeano' });
    const found = await call(who.funcionario.token, 'GET', '/api/students/select_values?search=ursula%20pena');
    // The document grouped as everywhere it is only read (issue 34 item 18): '9.016.116'.
    expect(found.json().alumnos).toEqual([
      { value: free.id, label: `Peña Galeano, Úrsula - ${groupDocumento(free.numeroDocumento)}` },
    ]);
    const withRecord = await call(who.funcionario.token, 'GET', '/api/students/select_values?search=caceres');
    expect(withRecord.json().alumnos).toEqual([]);
    const editing = await call(
      who.funcionario.token,
      'GET',
      `/api/students/select_values?search=caceres&usuarioId=${who.alumno.id}`,
    );
    expect(editing.json().alumnos.map((a: { value: number }) => a.value)).toEqual([who.alumno.id]);
    const many = await call(who.funcionario.token, 'GET', '/api/students/select_values');
    expect(many.json().alumnos.length).toBeLessThanOrEqual(20);
    expect((await call(who.alumno.token, 'GET', '/api/students/mallas')).statusCode).toBe(403);
    expect(
      (await call(who.funcionario.token, 'GET', `/api/students/select_values?search=${'x'.repeat(40)}`)).statusCode,
    ).toBe(400);
  });
});
