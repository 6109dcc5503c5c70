import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ENROL_MSG, MSG, type InscripcionLine } from '@arandu/shared';
import { conformidadesInscripcion, inscripcionesMateria } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { setupAppWithEveryRole } from './factories/academic.js';
import { createEnrolmentWorld, givePass, setWindow } from './factories/enrolment.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();
let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
beforeAll(async () => {
  w = await createEnrolmentWorld(t.app, t.db);
});

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);

const save = (token: string, perfilAlumnoId: number, lines: [number, boolean][], conforme = true) =>
  call(token, 'POST', '/api/studentsubjects/save-inscription', {
    perfilAlumnoId,
    conforme,
    materiasModificadas: lines.map(([materiaPeriodoId, inscripto]) => ({ materiaPeriodoId, inscripto })),
  });

const answers = (lines: InscripcionLine[]) => lines.map((l) => l.success ?? `error: ${l.error}`);

async function enrolmentsOf(perfilAlumnoId: number) {
  return t.db.select().from(inscripcionesMateria).where(eq(inscripcionesMateria.perfilAlumnoId, perfilAlumnoId));
}

describe('save-inscription: each line on its own (DOMAIN.md 4)', () => {
  it('asks a student for the Manifiesto de Conformidad before their first enrolment of the period', async () => {
    const s = await w.student();
    const res = await save(s.token, s.perfil.id, [[w.subjects.algebra.id, true]], false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ENROL_MSG.conformidadRequired });
    expect(await enrolmentsOf(s.perfil.id)).toHaveLength(0);
  });

  it('refuses a student whose ficha is not updated, in the words the web shows, and saves nothing', async () => {
    const s = await w.student({ fichaActualizada: false });
    const res = await save(s.token, s.perfil.id, [[w.subjects.algebra.id, true]], true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MSG.updateProfileBanner });
    expect(await enrolmentsOf(s.perfil.id)).toHaveLength(0);
    const conformidades = await t.db
      .select()
      .from(conformidadesInscripcion)
      .where(eq(conformidadesInscripcion.perfilAlumnoId, s.perfil.id));
    expect(conformidades).toHaveLength(0);
    // Staff enrol the same student: the ficha is the student's own step.
    const byStaff = await save(who.funcionario.token, s.perfil.id, [[w.subjects.algebra.id, true]], false);
    expect(byStaff.statusCode).toBe(200);
    expect(answers(byStaff.json())).toEqual([ENROL_MSG.lineEnrolled]);
  });

  it('answers every line: success, and the clash naming the other subject', async () => {
    const { alumno1: a, subjects: s } = w;
    const res = await save(a.token, a.perfil.id, [
      [s.calculoA.id, true],
      [s.algebra.id, true],
      [s.fisica.id, true],
    ]);
    expect(res.statusCode).toBe(200);
    const lines = res.json<InscripcionLine[]>();
    expect(answers(lines).slice(0, 2)).toEqual([ENROL_MSG.lineEnrolled, ENROL_MSG.lineEnrolled]);
    expect(lines[2]!.error).toMatch(/^El horario coincide con el de Materia .* \(A\)$/);
    expect(lines[2]!.materiaPeriodoId).toBe(s.fisica.id);
    expect((await enrolmentsOf(a.perfil.id)).map((e) => e.materiaPeriodoId).sort()).toEqual(
      [s.calculoA.id, s.algebra.id].sort(),
    );
    const [conformidad] = await t.db
      .select()
      .from(conformidadesInscripcion)
      .where(eq(conformidadesInscripcion.perfilAlumnoId, a.perfil.id));
    expect(conformidad?.periodoId).toBe(w.periodo.id);
  });

  it('is idempotent, refuses a second section, and needs the conformity only once', async () => {
    const { alumno1: a, subjects: s } = w;
    const res = await save(
      a.token,
      a.perfil.id,
      [
        [s.calculoA.id, true],
        [s.calculoB.id, true],
      ],
      false,
    );
    expect(answers(res.json())).toEqual([ENROL_MSG.lineAlreadyEnrolled, `error: ${ENROL_MSG.otherSection}`]);
  });

  it.each([
    ['a subject-period that does not exist', (): number => 2_000_000_000, ENROL_MSG.materiaPeriodoMissing],
    ['a subject of another malla', (): number => w.subjects.foreign.id, ENROL_MSG.notInMalla],
    ['a subject-period of another period', (): number => w.subjects.past.id, ENROL_MSG.notActivePeriod],
  ])('refuses %s with its own line', async (_what, id, message) => {
    const { alumno1: a } = w;
    const res = await save(a.token, a.perfil.id, [[id(), true]]);
    expect(res.statusCode).toBe(200);
    expect(res.json<InscripcionLine[]>()[0]!.error).toBe(message);
  });

  it('refuses a subject already passed (read from resultados_examen)', async () => {
    const s = await w.student();
    await givePass(t.ownerDb, s.perfil.id, w.subjects.quimica.materiaMallaId, w.periodo.id);
    const form = await call(s.token, 'GET', `/api/studentsubjects/subjects_by_semesters/${s.perfil.id}`);
    const quimica = form
      .json<{ semestres: { materias: { materiaPeriodoId: number; aprobada: boolean }[] }[] }>()
      .semestres.flatMap((x) => x.materias)
      .find((m) => m.materiaPeriodoId === w.subjects.quimica.id);
    expect(quimica?.aprobada).toBe(true);
    const res = await save(s.token, s.perfil.id, [[w.subjects.quimica.id, true]]);
    expect(res.json<InscripcionLine[]>()[0]!.error).toBe(ENROL_MSG.alreadyPassed);
    const malla = await call(s.token, 'GET', '/api/studentsubjects/my-malla');
    expect(malla.json()).toMatchObject({ aprobadas: 1 });
  });

  it('un-enrols, swaps a clashing subject in one save, and refuses once there are marks', async () => {
    const { alumno1: a, subjects: s } = w;
    // Dropping calculo A frees its Monday slot for fisica in the same save.
    const swap = await save(a.token, a.perfil.id, [
      [s.fisica.id, true],
      [s.calculoA.id, false],
    ]);
    expect(answers(swap.json())).toEqual([ENROL_MSG.lineEnrolled, ENROL_MSG.lineUnenrolled]);
    const again = await save(a.token, a.perfil.id, [[s.calculoA.id, false]]);
    expect(answers(again.json())).toEqual([ENROL_MSG.lineNotEnrolled]);

    await writeTx(t.db, null, (tx) =>
      tx
        .update(inscripcionesMateria)
        .set({ porcentajePP: 60 })
        .where(
          and(
            eq(inscripcionesMateria.perfilAlumnoId, a.perfil.id),
            eq(inscripcionesMateria.materiaPeriodoId, s.fisica.id),
          ),
        ),
    );
    const refused = await save(a.token, a.perfil.id, [[s.fisica.id, false]]);
    expect(answers(refused.json())).toEqual([`error: ${ENROL_MSG.hasMarks}`]);
  });

  it.each([
    ['no lines', { perfilAlumnoId: 1, materiasModificadas: [] }, ENROL_MSG.materiasRequired],
    ['no student', { materiasModificadas: [{ materiaPeriodoId: 1, inscripto: true }] }, ENROL_MSG.alumnoRequired],
    [
      'an id that is not one',
      { perfilAlumnoId: '0x10', materiasModificadas: [{ materiaPeriodoId: 1, inscripto: true }] },
      'El identificador no es válido',
    ],
    ['a line without inscripto', { perfilAlumnoId: 1, materiasModificadas: [{ materiaPeriodoId: 1 }] }, undefined],
  ])('answers bad input (%s) with 400 and changes nothing', async (_what, body, message) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(inscripcionesMateria);
    const res = await call(w.alumno1.token, 'POST', '/api/studentsubjects/save-inscription', body);
    expect(res.statusCode).toBe(400);
    if (message) expect(JSON.stringify(res.json())).toContain(message);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(inscripcionesMateria);
    expect(after).toEqual(before);
  });
});

describe('who may enrol whom, window open and closed (DOMAIN.md 2)', () => {
  it("answers 404 for another student's profile, enrolment or star", async () => {
    const { alumno1: a, alumno2: b } = w;
    expect((await save(a.token, b.perfil.id, [[w.subjects.algebra.id, true]])).statusCode).toBe(404);
    expect((await call(a.token, 'GET', `/api/studentsubjects/subjects_by_semesters/${b.perfil.id}`)).statusCode).toBe(
      404,
    );
    const [mine] = await enrolmentsOf(a.perfil.id);
    expect((await call(b.token, 'GET', `/api/studentsubjects/${mine!.id}`)).statusCode).toBe(404);
    expect(
      (await call(b.token, 'POST', '/api/studentsubjects/add_subject_dashboard', { id: mine!.id })).statusCode,
    ).toBe(404);
    expect((await call(a.token, 'GET', `/api/studentsubjects/${mine!.id}`)).statusCode).toBe(200);
  });

  it('keeps professors and students out of the staff calls', async () => {
    expect((await save(who.profesor.token, w.alumno1.perfil.id, [[w.subjects.algebra.id, true]])).statusCode).toBe(403);
    expect((await call(w.alumno1.token, 'POST', '/api/studentsubjects/all', {})).statusCode).toBe(403);
    expect((await call(who.profesor.token, 'POST', '/api/studentsubjects/all-my-subjects', {})).statusCode).toBe(403);
    const [mine] = await enrolmentsOf(w.alumno1.perfil.id);
    expect((await call(w.alumno1.token, 'DELETE', `/api/studentsubjects/${mine!.id}`)).statusCode).toBe(403);
  });

  it('lets staff enrol while open, and only an Admin once the window closes', async () => {
    const s = await w.student();
    const staff = await save(who.funcionario.token, s.perfil.id, [[w.subjects.quimica.id, true]], false);
    expect(answers(staff.json())).toEqual([ENROL_MSG.lineEnrolled]);

    await setWindow(t.db, w.periodo.id, false);
    try {
      for (const token of [s.token, who.funcionario.token]) {
        const res = await save(token, s.perfil.id, [[w.subjects.algebra.id, true]]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: ENROL_MSG.windowClosed });
      }
      const admin = await save(who.admin.token, s.perfil.id, [[w.subjects.algebra.id, true]], false);
      expect(answers(admin.json())).toEqual([ENROL_MSG.lineEnrolled]);
      const list = await call(s.token, 'POST', '/api/studentsubjects/all-my-subjects', {});
      expect(list.json()).toMatchObject({ enableInscription: false, totalItemsCount: 2 });
    } finally {
      await setWindow(t.db, w.periodo.id, true);
    }
  });

  it('refuses a save before the window opens with the reason Validar gives (not as if it had closed)', async () => {
    const s = await w.student();
    await setWindow(t.db, w.periodo.id, 'not-yet');
    try {
      const res = await save(s.token, s.perfil.id, [[w.subjects.algebra.id, true]]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: ENROL_MSG.windowNotYet });
      const list = await call(s.token, 'POST', '/api/studentsubjects/all-my-subjects', {});
      expect(list.json()).toMatchObject({ totalItemsCount: 0 });
    } finally {
      await setWindow(t.db, w.periodo.id, true);
    }
  });
});

describe('lists, dashboard and Mi Malla', () => {
  it("lists a student's own enrolments and every student's for staff, filtered in SQL", async () => {
    const mine = await call(w.alumno1.token, 'POST', '/api/studentsubjects/all-my-subjects', { page: 1, pageSize: 25 });
    expect(mine.statusCode).toBe(200);
    const page = mine.json<{
      items: { perfilAlumnoId: number; numeroSemestre: number }[];
      enableInscription: boolean;
    }>();
    expect(page.enableInscription).toBe(true);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.perfilAlumnoId === w.alumno1.perfil.id)).toBe(true);

    const bySemester = await call(w.alumno1.token, 'POST', '/api/studentsubjects/all-my-subjects', {
      filters: { numeroSemestre: 3 },
    });
    expect(bySemester.json<{ items: { numeroSemestre: number }[] }>().items.every((i) => i.numeroSemestre === 3)).toBe(
      true,
    );

    const staff = await call(who.funcionario.token, 'POST', '/api/studentsubjects/all', {
      filters: { alumno: w.alumno1.user.apellido, periodoId: w.periodo.id },
    });
    const items = staff.json<{ items: { perfilAlumnoId: number }[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.perfilAlumnoId === w.alumno1.perfil.id)).toBe(true);
  });

  it('stars a subject for the dashboard and shows it as a card', async () => {
    const [mine] = await enrolmentsOf(w.alumno1.perfil.id);
    const on = await call(w.alumno1.token, 'POST', '/api/studentsubjects/add_subject_dashboard', { id: mine!.id });
    expect(on.json()).toEqual({ mostrarEnTablero: true });
    const cards = await call(w.alumno1.token, 'GET', '/api/students/materias-tablero-alumno');
    expect(cards.json()).toEqual([
      expect.objectContaining({
        id: mine!.materiaPeriodoId,
        inscripcionId: mine!.id,
        estado: { value: 0, label: 'Preliminar' },
      }),
    ]);
    const off = await call(w.alumno1.token, 'POST', '/api/studentsubjects/add_subject_dashboard', { id: mine!.id });
    expect(off.json()).toEqual({ mostrarEnTablero: false });
  });

  it('shows Mi Malla: every subject, the ones under way, the progress', async () => {
    const res = await call(w.alumno1.token, 'GET', '/api/studentsubjects/my-malla');
    expect(res.statusCode).toBe(200);
    const malla = res.json<{ total: number; cursando: number; semestres: { materias: { estado: string }[] }[] }>();
    expect(malla.total).toBe(5);
    expect(malla.cursando).toBe((await enrolmentsOf(w.alumno1.perfil.id)).length);
    expect((await call(who.profesor.token, 'GET', '/api/studentsubjects/my-malla')).statusCode).toBe(403);
    const me = await call(w.alumno1.token, 'GET', '/api/studentsubjects/my-student');
    expect(me.json()).toMatchObject({ perfilAlumnoId: w.alumno1.perfil.id });
    // A student user without a record has no malla to show.
    expect((await call(who.alumno.token, 'GET', '/api/studentsubjects/my-student')).statusCode).toBe(404);
  });
});

describe('staff: new, edit and delete one enrolment', () => {
  const body = (perfilAlumnoId: number, materiaPeriodoId: number, extra: Record<string, unknown> = {}) => ({
    perfilAlumnoId,
    mallaId: w.malla.id,
    semestreId: 1,
    materiaPeriodoId,
    ...extra,
  });

  it("creates ('Nueva inscripción', Admin only), moves to another section keeping the id, deletes", async () => {
    const s = await w.student();
    const refused = await call(
      who.funcionario.token,
      'POST',
      '/api/studentsubjects',
      body(s.perfil.id, w.subjects.calculoA.id),
    );
    expect(refused.statusCode).toBe(403);
    const created = await call(
      who.admin.token,
      'POST',
      '/api/studentsubjects',
      body(s.perfil.id, w.subjects.calculoA.id),
    );
    expect(created.statusCode).toBe(200);
    const { id } = created.json<{ id: number }>();

    const moved = await call(
      who.funcionario.token,
      'POST',
      '/api/studentsubjects',
      body(s.perfil.id, w.subjects.calculoB.id, { id }),
    );
    expect(moved.json()).toEqual({ id });
    const detail = await call(who.funcionario.token, 'GET', `/api/studentsubjects/${id}`);
    expect(detail.json()).toMatchObject({
      id,
      materiaPeriodoId: w.subjects.calculoB.id,
      semestreId: 1,
      mallaId: w.malla.id,
    });

    const deleted = await call(who.funcionario.token, 'DELETE', `/api/studentsubjects/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(who.funcionario.token, 'DELETE', `/api/studentsubjects/${id}`)).statusCode).toBe(404);
  });

  it.each([
    ['a subject of another malla', () => ({ materiaPeriodoId: w.subjects.foreign.id }), ENROL_MSG.notInMalla],
    ["a malla that is not the student's", () => ({ mallaId: 2_000_000_000 }), ENROL_MSG.mallaNotStudents],
    ['no subject', () => ({ materiaPeriodoId: 0 }), ENROL_MSG.materiaRequired],
    ['no semester', () => ({ semestreId: null }), ENROL_MSG.semestreRequired],
  ])('refuses %s with 400', async (_what, extra, message) => {
    const res = await call(
      who.admin.token,
      'POST',
      '/api/studentsubjects',
      body(w.alumno2.perfil.id, w.subjects.quimica.id, extra()),
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('refuses to delete an enrolment with marks', async () => {
    const [marked] = (await enrolmentsOf(w.alumno1.perfil.id)).filter((e) => e.porcentajePP !== null);
    const res = await call(who.admin.token, 'DELETE', `/api/studentsubjects/${marked!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ENROL_MSG.hasMarks });
  });
});
