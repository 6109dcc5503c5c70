import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MSG, MSG_PLANNING as M, RolProfesorMateria } from '@arandu/shared';
import {
  materiasPeriodo,
  planeamientoCronograma,
  planeamientos,
  profesoresMateriaPeriodo,
} from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { plannedSessionsFrom } from '../src/modules/planning/planning.service.js';
import {
  createMateriaPeriodo,
  createOffering,
  createPeriodo,
  createProfesor,
  setupAppWithEveryRole,
} from './factories/academic.js';
import { TEST_PASSWORD } from './factories/users.js';
import { injectAs, login } from './helper.js';

const { t, who } = setupAppWithEveryRole();

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: unknown, token = who.funcionario.token) =>
  injectAs(t.app, token, method, url, payload);

/** A subject-period taught by a new professor, signed in, with (optionally) an empty planning. */
async function setting(opts: { planning?: boolean; periodo?: Parameters<typeof createPeriodo>[1] } = {}) {
  const periodoId = opts.periodo ? (await createPeriodo(t.db, opts.periodo)).id : undefined;
  const o = await createOffering(t.db, periodoId ? { periodoId } : {});
  const token = await login(t.app, o.profesor.email, TEST_PASSWORD);
  if (opts.planning !== false) {
    const res = await call('POST', '/api/planning/page1', { materiaPeriodoId: o.mp.id }, token);
    expect(res.statusCode).toBe(200);
  }
  return { ...o, token };
}

const cronograma = (profesorMateria: number, extra: Record<string, unknown> = {}) => ({
  id: 0,
  fecha: '2026-03-10',
  profesorMateria,
  unidad: 'Unidad 1',
  contenidos: 'Conjuntos y funciones',
  deleted: false,
  ...extra,
});

describe('creation mode and the first page', () => {
  it('answers only four keys before the planning exists, then creates it with page1', async () => {
    const s = await setting({ planning: false });
    const before = await call('GET', `/api/planning/${s.mp.id}/page-1`, undefined, s.token);
    expect(before.statusCode).toBe(200);
    expect(Object.keys(before.json()).sort()).toEqual(
      ['canEditarPlaneamiento', 'finEditarPlaneamiento', 'materiaMallaId', 'materiaPeriodoId'].sort(),
    );
    expect(before.json()).toMatchObject({ canEditarPlaneamiento: true, materiaMallaId: s.materiaMalla.id });
    expect((await call('GET', `/api/planning/${s.mp.id}/page-2`, undefined, s.token)).json()).toEqual({
      error: M.notFound,
    });

    const created = await call(
      'POST',
      '/api/planning/page1',
      { materiaPeriodoId: s.mp.id, preRequisitos: '  Álgebra  ', horasTeoriaSemanal: 4, horasPracticaSemanal: 2 },
      s.token,
    );
    expect(created.statusCode).toBe(200);
    const page1 = (await call('GET', `/api/planning/${s.mp.id}/page-1`, undefined, s.token)).json();
    expect(page1).toMatchObject({
      id: created.json().id,
      preRequisitos: 'Álgebra',
      horasTeoriaSemanal: 4,
      horasLaboratorioSemanal: null,
      totalHorasSemanal: 6,
      seccion: 'A',
      profesores: [{ value: s.profesor.id }],
      horarios: [{ dia: 'Lunes', horaInicio: '07:00', horaFin: '08:30', aula: 'A-101' }],
    });
  });

  it('keeps one planning when two creations race', async () => {
    const s = await setting({ planning: false });
    const body = { materiaPeriodoId: s.mp.id };
    const replies = await Promise.all([1, 2, 3].map(() => call('POST', '/api/planning/page1', body, s.token)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const found = await t.db.select().from(planeamientos).where(eq(planeamientos.materiaPeriodoId, s.mp.id));
    expect(found).toHaveLength(1);
  });

  it('refuses hours outside 0-10000 and texts over their limit, saving nothing', async () => {
    const s = await setting({ planning: false });
    const res = await call(
      'POST',
      '/api/planning/page1',
      { materiaPeriodoId: s.mp.id, horasTeoriaSemanal: 10_001, preRequisitos: 'x'.repeat(1025) },
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      horasTeoriaSemanal: M.hoursRange,
      preRequisitos: 'Admite hasta 1024 caracteres',
    });
    expect(await t.db.select().from(planeamientos).where(eq(planeamientos.materiaPeriodoId, s.mp.id))).toEqual([]);
  });
});

describe('validation of every page (spec 03 section 5)', () => {
  it('asks for the required texts of pages 2, 4 and 9', async () => {
    const s = await setting();
    const p2 = await call(
      'POST',
      '/api/planning/page2',
      { materiaPeriodoId: s.mp.id, contribucionMateria: ' ' },
      s.token,
    );
    expect(p2.statusCode).toBe(400);
    expect(p2.json().errors).toEqual({ fundamentacionMateria: M.valueRequired, contribucionMateria: M.valueRequired });
    const p4 = await call('POST', '/api/planning/page4', { materiaPeriodoId: s.mp.id }, s.token);
    expect(p4.json().errors).toEqual({
      valoresContemplados: M.valueRequired,
      metodologiaEnsenhanza: M.valueRequired,
      estrategiasEvauacion: M.valueRequired,
    });
    const p9 = await call(
      'POST',
      '/api/planning/page9',
      { materiaPeriodoId: s.mp.id, bibliografiaBasica: 'y'.repeat(4097) },
      s.token,
    );
    expect(p9.json().errors).toEqual({ bibliografiaBasica: 'Admite hasta 4096 caracteres' });
  });

  it('asks for one objective and one schedule row, each with its fields', async () => {
    const s = await setting();
    const none = await call(
      'POST',
      '/api/planning/page3',
      { materiaPeriodoId: s.mp.id, objetivosMaterias: [{ id: 0, objetivo: 'Borrado', deleted: true }] },
      s.token,
    );
    expect(none.json().errors).toEqual({ objetivosMaterias: M.objetivoListRequired });
    const empty = await call(
      'POST',
      '/api/planning/page3',
      { materiaPeriodoId: s.mp.id, objetivosMaterias: [{ id: 0, objetivo: '  ' }] },
      s.token,
    );
    expect(empty.json().errors).toEqual({ 'objetivosMaterias.0.objetivo': M.objetivoRequired });

    expect((await call('POST', '/api/planning/page5', { materiaPeriodoId: s.mp.id }, s.token)).json().errors).toEqual({
      cronogramaClases: M.cronogramaListRequired,
    });
    const row = await call(
      'POST',
      '/api/planning/page5',
      { materiaPeriodoId: s.mp.id, cronogramaClases: [{ id: 0, fecha: '0001-01-01', profesorMateria: null }] },
      s.token,
    );
    expect(row.json().errors).toEqual({
      'cronogramaClases.0.contenidos': M.contenidosRequired,
      'cronogramaClases.0.fecha': M.fechaInvalid,
      'cronogramaClases.0.profesorMateria': M.profesorRequired,
      'cronogramaClases.0.unidad': M.unidadRequired,
    });
  });

  it('checks the rows of practices, projects and complementary activities', async () => {
    const s = await setting();
    const practicas = await call(
      'POST',
      '/api/planning/page6',
      { materiaPeriodoId: s.mp.id, practicasLaboratorios: [{ id: 0, duracion: 'x'.repeat(17) }] },
      s.token,
    );
    expect(practicas.json().errors).toEqual({
      'practicasLaboratorios.0.actividad': M.actividadRequired,
      'practicasLaboratorios.0.descripcion': M.descripcionRequired,
      'practicasLaboratorios.0.profesorMateria': M.profesorRequired,
      'practicasLaboratorios.0.duracion': 'Admite hasta 16 caracteres',
    });
    const proyectos = await call(
      'POST',
      '/api/planning/page7',
      { materiaPeriodoId: s.mp.id, proyectosTrabajosPracticos: [{ id: 0 }] },
      s.token,
    );
    expect(proyectos.json().errors).toEqual({
      'proyectosTrabajosPracticos.0.actividad': M.actividadRequired,
      'proyectosTrabajosPracticos.0.descripcion': M.descripcionRequired,
      'proyectosTrabajosPracticos.0.evaluacion': M.fechaInvalid,
      'proyectosTrabajosPracticos.0.profesorMateria': M.profesorRequired,
      'proyectosTrabajosPracticos.0.duracion': M.duracionRequired,
    });
    const actividades = await call(
      'POST',
      '/api/planning/page8',
      { materiaPeriodoId: s.mp.id, actividadesComplementarias: [{ id: 0 }] },
      s.token,
    );
    expect(actividades.json().errors).toEqual({
      'actividadesComplementarias.0.descripcionActividad': M.actividadRequired,
      'actividadesComplementarias.0.beneficiarios': M.beneficiariosRequired,
      'actividadesComplementarias.0.fechas': M.fechasRequired,
      'actividadesComplementarias.0.cantidadHoras': M.cantidadHorasRequired,
    });
    // The three lists are optional: an empty one saves.
    const emptyList = await call(
      'POST',
      '/api/planning/page6',
      { materiaPeriodoId: s.mp.id, practicasLaboratorios: [] },
      s.token,
    );
    expect(emptyList.statusCode).toBe(200);
  });

  it('refuses a professor who does not teach the subject-period', async () => {
    const s = await setting();
    const other = await createProfesor(t.db);
    const res = await call(
      'POST',
      '/api/planning/page5',
      { materiaPeriodoId: s.mp.id, cronogramaClases: [cronograma(s.profesor.id), cronograma(other.id)] },
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'cronogramaClases.1.profesorMateria': M.profesorNotStaff });
  });
});

describe('saving lists', () => {
  it('inserts rows with id 0, updates the others, skips and removes deleted ones, keeps the order sent', async () => {
    const s = await setting();
    const url = `/api/planning/${s.mp.id}/page-5`;
    const save = (rows: unknown[]) =>
      call('POST', '/api/planning/page5', { materiaPeriodoId: s.mp.id, cronogramaClases: rows }, s.token);
    expect(
      (
        await save([
          cronograma(s.profesor.id),
          cronograma(s.profesor.id, { fecha: '2026-03-17', unidad: 'Unidad 2' }),
          // A deleted new row is skipped even when empty.
          { id: 0, deleted: true },
        ])
      ).statusCode,
    ).toBe(200);
    const first = (await call('GET', url, undefined, s.token)).json().cronogramaClases;
    expect(first).toMatchObject([
      { index: 0, fecha: '2026-03-10', unidad: 'Unidad 1', deleted: false },
      { index: 1, fecha: '2026-03-17', unidad: 'Unidad 2' },
    ]);
    const [a, b] = first;
    const res = await save([
      { ...b, unidad: 'Unidad 2 (revisada)' },
      { ...a, deleted: true, contenidos: '' },
      cronograma(s.profesor.id, { fecha: '2026-03-24T00:00:00.000Z', unidad: 'Unidad 3' }),
    ]);
    expect(res.statusCode).toBe(200);
    const second = (await call('GET', url, undefined, s.token)).json().cronogramaClases;
    expect(second).toMatchObject([
      { id: b.id, index: 0, unidad: 'Unidad 2 (revisada)' },
      { index: 1, fecha: '2026-03-24', unidad: 'Unidad 3' },
    ]);
    expect(second).toHaveLength(2);
  });

  it('refuses a row id of another planning', async () => {
    const s = await setting();
    const other = await setting();
    await call(
      'POST',
      '/api/planning/page3',
      { materiaPeriodoId: other.mp.id, objetivosMaterias: [{ objetivo: 'Ajeno' }] },
      other.token,
    );
    const [foreign] = (await call('GET', `/api/planning/${other.mp.id}/page-3`, undefined, other.token)).json()
      .objetivosMaterias;
    const res = await call(
      'POST',
      '/api/planning/page3',
      { materiaPeriodoId: s.mp.id, objetivosMaterias: [{ id: foreign.id, objetivo: 'Robado' }] },
      s.token,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(M.rowNotFound);
    const again = (await call('GET', `/api/planning/${other.mp.id}/page-3`, undefined, other.token)).json();
    expect(again.objetivosMaterias[0].objetivo).toBe('Ajeno');
  });

  it('keeps a date of 0001-01-01 as null, and plannedSessionsFrom lists the dated rows only', async () => {
    const s = await setting();
    const res = await call(
      'POST',
      '/api/planning/page5',
      {
        materiaPeriodoId: s.mp.id,
        cronogramaClases: [
          cronograma(s.profesor.id, { fecha: '2026-04-07' }),
          cronograma(s.profesor.id, { fecha: '2026-03-31' }),
        ],
      },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    // An older client's null date, written past the API (a row the form never validated), stays null.
    const [row] = await t.db
      .select()
      .from(planeamientoCronograma)
      .where(eq(planeamientoCronograma.planeamientoId, res.json().id));
    await writeTx(t.db, null, (tx) =>
      tx.insert(planeamientoCronograma).values({ ...row!, id: undefined, fecha: null, indice: 5 }),
    );
    const page = (await call('GET', `/api/planning/${s.mp.id}/page-5`, undefined, s.token)).json();
    expect(page.cronogramaClases.map((r: { fecha: string | null }) => r.fecha)).toEqual([
      '2026-04-07',
      '2026-03-31',
      null,
    ]);
    const sessions = await plannedSessionsFrom(t.db, s.mp.id);
    expect(sessions.map((x) => x.fecha)).toEqual(['2026-03-31', '2026-04-07']);
  });
});

describe('copying an earlier planning', () => {
  it('lists the plannings of the malla subject and copies texts and rows, not ids, moving the dates', async () => {
    // The earlier period started on Monday 2025-03-03 (Asunción); the new one on Wednesday 2026-03-04.
    const earlier = await createPeriodo(t.db, { anho: 2025, inicioClases: '2025-03-03T11:00:00Z' });
    const old = await createOffering(t.db, { periodoId: earlier.id });
    const aux = await createProfesor(t.db);
    await writeTx(t.db, null, (tx) =>
      tx
        .insert(profesoresMateriaPeriodo)
        .values({ materiaPeriodoId: old.mp.id, usuarioId: aux.id, rol: RolProfesorMateria.Asistente }),
    );
    const oldToken = await login(t.app, old.profesor.email, TEST_PASSWORD);
    const save = (n: number, body: object, token = oldToken, mp = old.mp.id) =>
      call('POST', `/api/planning/page${n}`, { materiaPeriodoId: mp, ...body }, token);
    // Old plannings are written while their period was open; the deadline passes afterwards.
    expect((await save(1, { preRequisitos: 'Ninguno', horasTeoriaSemanal: 3 })).statusCode).toBe(200);
    expect(
      (await save(2, { fundamentacionMateria: 'Fundamento', contribucionMateria: 'Contribución' })).statusCode,
    ).toBe(200);
    expect(
      (await save(3, { objetivosMaterias: [{ objetivo: 'Objetivo A' }, { objetivo: 'Objetivo B' }] })).statusCode,
    ).toBe(200);
    const oldRows = [
      cronograma(old.profesor.id, { fecha: '2025-03-05', unidad: 'U1' }), // Wednesday of week 1
      cronograma(aux.id, { fecha: '2025-03-17', unidad: 'U2' }), // Monday of week 3
    ];
    expect((await save(5, { cronogramaClases: oldRows })).statusCode).toBe(200);
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update periodos set fin_editar_planeamiento = now() - interval '1 day' where id = ${earlier.id}`),
    );

    const current = await createPeriodo(t.db, { anho: 2026, inicioClases: '2026-03-04T11:00:00Z' });
    const head = await createProfesor(t.db);
    const mp = await createMateriaPeriodo(t.db, {
      materiaMallaId: old.materiaMalla.id,
      periodoId: current.id,
      seccion: 'B',
      staff: [[head.id, RolProfesorMateria.Encargado]],
    });
    const token = await login(t.app, head.email, TEST_PASSWORD);
    const list = await call('GET', `/api/planning/list-old-plannings/${old.materiaMalla.id}`, undefined, token);
    expect(list.json()).toEqual([{ id: old.mp.id, anho: 2025, seccion: 'A', periodo: `2025 - ${earlier.nombre}` }]);

    const copied = await save(1, { oldMateriaPeriodoId: old.mp.id }, token, mp.id);
    expect(copied.statusCode).toBe(200);
    const page = (n: number) =>
      call('GET', `/api/planning/${mp.id}/page-${n}`, undefined, token).then((r) => r.json<Record<string, unknown>>());
    expect(await page(1)).toMatchObject({ preRequisitos: 'Ninguno', horasTeoriaSemanal: 3, seccion: 'B' });
    expect(await page(2)).toMatchObject({ fundamentacionMateria: 'Fundamento', contribucionMateria: 'Contribución' });
    const oldObjetivos = (await call('GET', `/api/planning/${old.mp.id}/page-3`, undefined, oldToken)).json()
      .objetivosMaterias;
    const objetivos = (await page(3)).objetivosMaterias as { id: number; objetivo: string }[];
    expect(objetivos.map((o: { objetivo: string }) => o.objetivo)).toEqual(['Objetivo A', 'Objetivo B']);
    expect(objetivos.map((o: { id: number }) => o.id)).not.toContain(oldObjetivos[0].id);
    // Same weekday and week counted from the start of classes; professors not teaching it become the head.
    expect((await page(5)).cronogramaClases).toMatchObject([
      { fecha: '2026-03-04', unidad: 'U1', profesorMateria: head.id },
      { fecha: '2026-03-16', unidad: 'U2', profesorMateria: head.id },
    ]);
    // The old planning is untouched, and a second copy is refused.
    expect(
      (await call('GET', `/api/planning/${old.mp.id}/page-5`, undefined, oldToken)).json().cronogramaClases,
    ).toMatchObject([
      { fecha: '2025-03-05', profesorMateria: old.profesor.id },
      { fecha: '2025-03-17', profesorMateria: aux.id },
    ]);
    const again = await save(1, { oldMateriaPeriodoId: old.mp.id }, token, mp.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(M.alreadyExists);
  });

  it('refuses to copy from another malla subject', async () => {
    const s = await setting({ planning: false });
    const other = await setting();
    const res = await call(
      'POST',
      '/api/planning/page1',
      { materiaPeriodoId: s.mp.id, oldMateriaPeriodoId: other.mp.id },
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(M.copySourceNotFound);
    expect(await t.db.select().from(planeamientos).where(eq(planeamientos.materiaPeriodoId, s.mp.id))).toEqual([]);
  });
});

describe('read-only and permissions', () => {
  it('refuses saves after the deadline and once sealed, with a clear message', async () => {
    const late = await setting({
      planning: false,
      periodo: { finEditarPlaneamiento: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(
      (await call('GET', `/api/planning/${late.mp.id}/page-1`, undefined, late.token)).json().canEditarPlaneamiento,
    ).toBe(false);
    const refused = await call('POST', '/api/planning/page1', { materiaPeriodoId: late.mp.id }, late.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(M.notEditable);

    const sealed = await setting();
    await writeTx(t.db, null, (tx) =>
      tx
        .update(materiasPeriodo)
        .set({ estado: 2, fechaPublicado: new Date().toISOString(), fechaSellado: new Date().toISOString() })
        .where(eq(materiasPeriodo.id, sealed.mp.id)),
    );
    const res = await call(
      'POST',
      '/api/planning/page2',
      { materiaPeriodoId: sealed.mp.id, fundamentacionMateria: 'a', contribucionMateria: 'b' },
      sealed.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(M.notEditable);
    const page = (await call('GET', `/api/planning/${sealed.mp.id}/page-2`, undefined, sealed.token)).json();
    expect(page).toMatchObject({ canEditarPlaneamiento: false, fundamentacionMateria: null });
  });

  it('answers 404 to a professor of another subject-period, and 403 to a student', async () => {
    const s = await setting();
    const outsider = who.profesor.token;
    expect((await call('GET', `/api/planning/${s.mp.id}/page-1`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/planning/download/${s.mp.id}`, undefined, outsider)).statusCode).toBe(404);
    const save = await call(
      'POST',
      '/api/planning/page2',
      { materiaPeriodoId: s.mp.id, fundamentacionMateria: 'x', contribucionMateria: 'y' },
      outsider,
    );
    expect(save.statusCode).toBe(404);
    expect(save.json().error).toBe(MSG.materiaPeriodoNotFound);
    expect(
      (await call('GET', `/api/planning/list-old-plannings/${s.materiaMalla.id}`, undefined, outsider)).json(),
    ).toEqual([]);
    expect((await call('GET', `/api/planning/${s.mp.id}/page-1`, undefined, who.alumno.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/planning/form-data', undefined, who.alumno.token)).statusCode).toBe(403);
    // Staff may read and edit any planning.
    expect((await call('GET', `/api/planning/${s.mp.id}/page-1`, undefined, who.admin.token)).statusCode).toBe(200);
    const byStaff = await call('POST', '/api/planning/page9', {
      materiaPeriodoId: s.mp.id,
      bibliografiaBasica: 'Apostol',
    });
    expect(byStaff.statusCode).toBe(200);
  });

  it('refuses bad ids and pages', async () => {
    expect((await call('GET', '/api/planning/0x10/page-1')).statusCode).toBe(400);
    expect((await call('GET', '/api/planning/5/page-10')).statusCode).toBe(404);
    const res = await call('POST', '/api/planning/page2', { materiaPeriodoId: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(
      (
        await call('POST', '/api/planning/page2', {
          materiaPeriodoId: 999_999,
          fundamentacionMateria: 'a',
          contribucionMateria: 'b',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('Planeamiento.xlsx and form data', () => {
  it('writes the nine steps in one sheet', async () => {
    const s = await setting();
    const save = (n: number, body: object) =>
      call('POST', `/api/planning/page${n}`, { materiaPeriodoId: s.mp.id, ...body }, s.token);
    await save(2, { fundamentacionMateria: 'Fundamento largo', contribucionMateria: 'Aporte' });
    await save(5, { cronogramaClases: [cronograma(s.profesor.id)] });
    await save(9, { bibliografiaBasica: 'Stewart, Cálculo' });
    const res = await call('GET', `/api/planning/download/${s.mp.id}`, undefined, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Planeamiento.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Planeamiento')!;
    const lines: string[][] = [];
    sheet.eachRow((row) => lines.push((row.values as (string | number | null)[]).slice(1).map((v) => String(v ?? ''))));
    expect(lines[0]).toEqual(['Paso', 'Campo', 'Valor']);
    const steps = new Set(lines.slice(1).map((l) => l[0]));
    expect(steps.size).toBe(9);
    expect(lines).toContainEqual(['Fundamentación / Contribución', 'Fundamentación de la materia', 'Fundamento largo']);
    expect(lines).toContainEqual([
      'Cronograma de clases',
      '1',
      '10/03/2026',
      expect.stringContaining(','),
      'Unidad 1',
      'Conjuntos y funciones',
    ]);
    expect(lines).toContainEqual(['Bibliografía básica / complementaria', 'Bibliografía básica', 'Stewart, Cálculo']);
  });

  it('answers the planning is missing for a subject-period without one, and gives the durations', async () => {
    const s = await setting({ planning: false });
    const res = await call('GET', `/api/planning/download/${s.mp.id}`, undefined, s.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(M.notFound);
    const form = await call('GET', '/api/planning/form-data', undefined, s.token);
    expect(form.json().DuracionActividad[0]).toEqual({ value: 1, label: '1 clase' });
  });
});
