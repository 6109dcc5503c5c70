import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@arandu/shared';
import { materiasPeriodo, periodos } from '../src/db/schema/index.js';
import {
  addToMalla,
  createAlumno,
  createCarrera,
  createMalla,
  createMateriaPeriodo,
  createOffering,
  createPeriodo,
  createProfesor,
  inscribir,
  setupAppWithEveryRole,
} from './factories/academic.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = who.admin.token) =>
  injectAs(t.app, token, method, url, payload);

const periodoBody = (extra: Record<string, unknown> = {}) => ({
  nombre: 'Primer Semestre',
  anho: 2031,
  esSemestrePar: false,
  activo: false,
  inicioClases: '2031-03-02T03:00:00.000Z',
  finClases: '2031-07-10T03:00:00.000Z',
  inicioPeriodoInscripcion: '2031-02-02T03:00:00.000Z',
  finPeriodoInscripcion: '2031-02-25T03:00:00.000Z',
  finCalificarTareas: '2031-07-24T20:30:00.000Z',
  finEditarPlaneamiento: '2031-04-01T20:30:00.000Z',
  ...extra,
});

describe('periods', () => {
  it('creates a period (and its academic year), reads and lists it', async () => {
    const res = await call('POST', '/api/periodos', periodoBody());
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: number }>();
    const read = await call('GET', `/api/periodos/${id}`);
    expect(read.json()).toMatchObject({
      id,
      nombre: 'Primer Semestre',
      anho: 2031,
      esSemestrePar: false,
      activo: false,
      inicioClases: '2031-03-02T03:00:00.000Z',
      finCalificarTareas: '2031-07-24T20:30:00.000Z',
      finEditarPlaneamiento: '2031-04-01T20:30:00.000Z',
    });
    const list = await call('POST', '/api/periodos/all', { page: 1, pageSize: 25, filters: { anho: 2031 } });
    expect(list.json()).toMatchObject({ totalItemsCount: 1, items: [{ id, anho: 2031 }] });
    const formData = await call('GET', '/api/periodos/form_data');
    expect(formData.json().aniosLectivos).toContainEqual({ value: 2031, label: '2031' });
    expect(formData.json().periodos).toContainEqual({ value: id, label: '2031 - Primer Semestre', activo: false });
  });

  it('activating a period deactivates the others, in one save', async () => {
    const a = await createPeriodo(t.db, { activo: true });
    const b = await createPeriodo(t.db);
    const res = await call(
      'POST',
      '/api/periodos',
      periodoBody({ id: b.id, nombre: 'Activo ahora', anho: 2032, activo: true }),
    );
    expect(res.statusCode).toBe(200);
    const active = await t.db.select({ id: periodos.id }).from(periodos).where(eq(periodos.activo, true));
    expect(active).toEqual([{ id: b.id }]);
    expect((await t.db.select().from(periodos).where(eq(periodos.id, a.id)))[0]!.activo).toBe(false);
    // A new active period takes over as well.
    const created = await call(
      'POST',
      '/api/periodos',
      periodoBody({ nombre: 'Otro activo', anho: 2032, activo: true }),
    );
    const again = await t.db.select({ id: periodos.id }).from(periodos).where(eq(periodos.activo, true));
    expect(again).toEqual([{ id: created.json().id }]);
  });

  it('two activations at once leave exactly one active period', async () => {
    const [x, y] = [await createPeriodo(t.db), await createPeriodo(t.db)];
    const results = await Promise.all([
      call('POST', '/api/periodos', periodoBody({ id: x.id, nombre: x.nombre, anho: 2033, activo: true })),
      call('POST', '/api/periodos', periodoBody({ id: y.id, nombre: y.nombre, anho: 2033, activo: true })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await t.db.$count(periodos, eq(periodos.activo, true))).toBe(1);
  });

  it('validates every field with the spec messages and saves nothing', async () => {
    const before = await t.db.$count(periodos);
    const res = await call('POST', '/api/periodos', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      nombre: MSG.periodoNombreRequired,
      anho: MSG.periodoAnhoRequired,
      inicioClases: MSG.periodoInicioClasesRequired,
      finClases: MSG.periodoFinClasesRequired,
      inicioPeriodoInscripcion: MSG.periodoInicioInscripcionRequired,
      finPeriodoInscripcion: MSG.periodoFinInscripcionRequired,
    });
    const backwards = await call('POST', '/api/periodos', periodoBody({ finClases: '2031-01-01T03:00:00.000Z' }));
    expect(backwards.json().errors).toEqual({ finClases: MSG.periodoFinClasesBeforeStart });
    const badEnrolment = await call(
      'POST',
      '/api/periodos',
      periodoBody({ finPeriodoInscripcion: '2031-01-01T03:00:00.000Z' }),
    );
    expect(badEnrolment.json().errors).toEqual({ finPeriodoInscripcion: MSG.periodoFinInscripcionBeforeStart });
    const notADate = await call('POST', '/api/periodos', periodoBody({ inicioClases: '02/03/2031' }));
    expect(notADate.statusCode).toBe(400);
    await call('POST', '/api/periodos', periodoBody({ nombre: 'Repetido', anho: 2034 }));
    const repeated = await call('POST', '/api/periodos', periodoBody({ nombre: 'Repetido', anho: 2034 }));
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toBe(MSG.periodoNombreTaken);
    expect(await t.db.$count(periodos)).toBe(before + 1);
  });

  it('deletes an empty period and refuses one with subjects', async () => {
    const empty = await createPeriodo(t.db);
    expect((await call('DELETE', `/api/periodos/${empty.id}`)).statusCode).toBe(204);
    const { periodoId } = await createOffering(t.db);
    const refused = await call('DELETE', `/api/periodos/${periodoId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: MSG.periodoInUse });
    expect(await t.db.$count(periodos, eq(periodos.id, periodoId))).toBe(1);
    const missing = await call('GET', '/api/periodos/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MSG.periodoNotFound);
  });
});

describe("a period's subjects", () => {
  async function mallaWithSemesters() {
    const carrera = await createCarrera(t.db);
    const malla = await createMalla(t.db, carrera.id);
    const s1 = await addToMalla(t.db, malla.id, { semestre: 1 });
    const s2 = await addToMalla(t.db, malla.id, { semestre: 2 });
    const s3 = await addToMalla(t.db, malla.id, { semestre: 3 });
    return { carrera, malla, s1, s2, s3 };
  }

  it('lists the odd semesters of an odd period by semester, checks, saves and unchecks', async () => {
    const { carrera, s1, s2, s3 } = await mallaWithSemesters();
    const periodo = await createPeriodo(t.db);
    const formData = await call('GET', `/api/periodos/form_data_edit_subjects/${periodo.id}`);
    expect(formData.json().periodo.id).toBe(periodo.id);
    expect(formData.json().carreras).toContainEqual({ value: carrera.id, label: carrera.nombre });

    const first = await call('GET', `/api/periodos/subjects_by_semesters/${periodo.id}/${carrera.id}`);
    const semestres = first.json().semestres as {
      id: number;
      materias: { materiaMallaId: number; selected: boolean }[];
    }[];
    expect(semestres.map((s) => s.id)).toEqual([1, 3]);
    expect(semestres.flatMap((s) => s.materias.map((m) => m.materiaMallaId))).toEqual([s1.id, s3.id]);
    expect(semestres.flatMap((s) => s.materias.map((m) => m.selected))).toEqual([false, false]);

    const saved = await call('POST', '/api/periodos/save_subjects', {
      periodoId: periodo.id,
      materiasModificadas: [
        { materiaMallaId: s1.id, selected: true },
        { materiaMallaId: s3.id, selected: true },
      ],
    });
    expect(saved.statusCode).toBe(204);
    const offered = await t.db.select().from(materiasPeriodo).where(eq(materiasPeriodo.periodoId, periodo.id));
    expect(offered.map((o) => [o.materiaMallaId, o.seccion]).sort()).toEqual(
      [
        [s1.id, 'A'],
        [s3.id, 'A'],
      ].sort(),
    );
    // Checking an offered subject again adds nothing.
    await call('POST', '/api/periodos/save_subjects', {
      periodoId: periodo.id,
      materiasModificadas: [{ materiaMallaId: s1.id, selected: true }],
    });
    expect(await t.db.$count(materiasPeriodo, eq(materiasPeriodo.periodoId, periodo.id))).toBe(2);

    const all = await call('GET', `/api/periodos/subjects_by_semesters/${periodo.id}/0`);
    const selected = (all.json().semestres as { materias: { materiaMallaId: number; selected: boolean }[] }[])
      .flatMap((s) => s.materias)
      .filter((m) => m.selected)
      .map((m) => m.materiaMallaId);
    expect(selected.sort()).toEqual([s1.id, s3.id].sort());

    await call('POST', '/api/periodos/save_subjects', {
      periodoId: periodo.id,
      materiasModificadas: [{ materiaMallaId: s3.id, selected: false }],
    });
    const left = await t.db.select().from(materiasPeriodo).where(eq(materiasPeriodo.periodoId, periodo.id));
    expect(left.map((o) => o.materiaMallaId)).toEqual([s1.id]);

    // An even subject does not belong to an odd period.
    const wrong = await call('POST', '/api/periodos/save_subjects', {
      periodoId: periodo.id,
      materiasModificadas: [{ materiaMallaId: s2.id, selected: true }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain(MSG.periodoMateriaNotInPeriod);
  });

  it('refuses to uncheck a subject with enrolled students, saving nothing of the request', async () => {
    const { malla, s1, s3 } = await mallaWithSemesters();
    const periodo = await createPeriodo(t.db);
    const mp = await createMateriaPeriodo(t.db, { materiaMallaId: s1.id, periodoId: periodo.id });
    const { perfil } = await createAlumno(t.db, malla.id);
    await inscribir(t.db, perfil.id, mp);
    const res = await call('POST', '/api/periodos/save_subjects', {
      periodoId: periodo.id,
      materiasModificadas: [
        { materiaMallaId: s3.id, selected: true },
        { materiaMallaId: s1.id, selected: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(MSG.materiaPeriodoInUse);
    const left = await t.db.select().from(materiasPeriodo).where(eq(materiasPeriodo.periodoId, periodo.id));
    expect(left.map((o) => o.id)).toEqual([mp.id]);
  });

  it("shows the 'Detalle de materias' table by career with staff and schedule, and removes subjects", async () => {
    const periodo = await createPeriodo(t.db);
    const a = await createOffering(t.db, { periodoId: periodo.id });
    const b = await createOffering(t.db, { periodoId: periodo.id });
    const aux = await createProfesor(t.db, { nombre: 'Ana', apellido: 'Zárate' });
    const bare = await createMateriaPeriodo(t.db, {
      materiaMallaId: a.materiaMalla.id,
      periodoId: periodo.id,
      seccion: 'B',
      staff: [[aux.id, 'Asistente']],
    });

    const all = await call('POST', `/api/periodos/${periodo.id}/materias/all`, {
      page: 1,
      pageSize: 100,
      filters: { carreraId: 0 },
    });
    expect(all.json().totalItemsCount).toBe(3);
    const onlyA = await call('POST', `/api/periodos/${periodo.id}/materias/all`, {
      page: 1,
      pageSize: 100,
      filters: { carreraId: a.carrera.id },
    });
    expect(onlyA.json().items).toEqual([
      {
        id: a.mp.id,
        semestreNroOrden: 1,
        codigoMateria: a.materiaMalla.codigo,
        materia: expect.any(String),
        seccion: 'A',
        malla: a.malla.nombre,
        carrera: a.carrera.nombre,
        profesores: [
          { id: a.profesor.id, nombre: a.profesor.nombre, apellido: a.profesor.apellido, role: 'Encargado' },
        ],
        tieneHorario: true,
        cantidadInscriptos: 0,
      },
      expect.objectContaining({
        id: bare.id,
        seccion: 'B',
        tieneHorario: false,
        profesores: [{ id: aux.id, nombre: 'Ana', apellido: 'Zárate', role: 'Asistente' }],
      }),
    ]);
    expect(b.mp.id).toBeGreaterThan(0);

    expect((await call('DELETE', `/api/periodos/materias/${bare.id}`)).statusCode).toBe(204);
    const gone = await call('DELETE', `/api/periodos/materias/${bare.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(MSG.materiaNotFound);

    const { perfil } = await createAlumno(t.db, a.malla.id);
    await inscribir(t.db, perfil.id, a.mp);
    const refused = await call('DELETE', `/api/periodos/materias/${a.mp.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(MSG.materiaPeriodoInUse);
    expect(await t.db.$count(materiasPeriodo, and(eq(materiasPeriodo.id, a.mp.id)))).toBe(1);
  });

  it('keeps every period call to staff', async () => {
    const periodo = await createPeriodo(t.db);
    for (const token of [who.profesor.token, who.alumno.token]) {
      expect((await call('POST', '/api/periodos/all', { page: 1, pageSize: 25 }, token)).statusCode).toBe(403);
      expect((await call('GET', `/api/periodos/${periodo.id}`, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/periodos', periodoBody({ nombre: 'Intruso' }), token)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/periodos/${periodo.id}`, undefined, token)).statusCode).toBe(403);
      expect(
        (await call('GET', `/api/periodos/subjects_by_semesters/${periodo.id}/0`, undefined, token)).statusCode,
      ).toBe(403);
      const save = await call(
        'POST',
        '/api/periodos/save_subjects',
        { periodoId: periodo.id, materiasModificadas: [] },
        token,
      );
      expect(save.statusCode).toBe(403);
    }
    expect(await t.db.$count(periodos, eq(periodos.nombre, 'Intruso'))).toBe(0);
    expect((await call('GET', `/api/periodos/${periodo.id}`, undefined, who.funcionario.token)).statusCode).toBe(200);
  });
});
