import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG_ALERTS, MSG_EXAMENES, type EstadoAlertas } from '@arandu/shared';
import { alertasAcademicas, auditoria, correosSalientes } from '../src/db/schema/index.js';
import { unaudited, writeTx } from '../src/db/tx.js';
import { claimJob, releaseJob } from '../src/modules/alerts/alerts.repository.js';
import { fixedClock } from '../src/lib/clock.js';
import { createAlumno, createOffering, inscribir, signInEveryRole } from './factories/academic.js';
import { createExamenScene } from './factories/exams.js';
import { TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';

/** The job's day: Monday 4 May 2026, 11:00 in Asunción. */
const MONDAY = '2026-05-04T15:00:00.000Z';
const TUESDAY = '2026-05-05T15:00:00.000Z';
const clock = fixedClock(MONDAY);
let t: TestContext;
let who: Awaited<ReturnType<typeof signInEveryRole>>;

beforeAll(async () => {
  t = await setupTestApp({ clock });
  who = await signInEveryRole(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
});

const P = true;
const A = false;
type Marks = (boolean | null)[];

/**
 * A preliminary subject-period whose planning schedules `planned` sessions, with `homework` homework of total 10,
 * and one student per row: their marks in the sessions taken (on Mondays from 2 March) and their scores.
 */
async function scene(
  opts: { planned: number; homework: number },
  porAlumno: { marks: Marks; scores: (number | null)[] }[],
) {
  const o = await createOffering(t.db);
  const taken = Math.max(0, ...porAlumno.map((s) => s.marks.length));
  type Alumno = Awaited<ReturnType<typeof createAlumno>> & { insc: Awaited<ReturnType<typeof inscribir>> };
  const alumnos: (Alumno & (typeof porAlumno)[number])[] = [];
  for (const s of porAlumno) {
    const a = await createAlumno(t.db, o.malla.id);
    alumnos.push({ ...a, insc: await inscribir(t.db, a.perfil.id, o.mp), ...s });
  }
  await writeTx(t.db, null, async (tx) => {
    if (opts.planned > 0) {
      await tx.execute(sql`
        with p as (insert into planeamientos (materia_periodo_id) values (${o.mp.id}) returning id)
        insert into planeamiento_cronograma (planeamiento_id, indice, fecha, unidad, contenidos)
        select p.id, g, date '2026-03-02' + g * 7, 'Unidad 1', 'Contenidos' from p, generate_series(0, ${opts.planned - 1}) g`);
    }
    for (let i = 0; i < taken; i++) {
      const [session] = (
        await tx.execute<{ id: number }>(
          sql`insert into asistencias (materia_periodo_id, fecha) values (${o.mp.id}, date '2026-03-02' + ${i * 7}::int) returning id`,
        )
      ).rows;
      for (const a of alumnos) {
        const mark = a.marks[i];
        if (mark === undefined || mark === null) continue;
        await tx.execute(sql`insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente)
                             values (${session!.id}, ${a.insc.id}, ${mark})`);
      }
    }
    for (let h = 0; h < opts.homework; h++) {
      const [tarea] = (
        await tx.execute<{ id: number }>(
          sql`insert into tareas_materia (materia_periodo_id, descripcion, puntaje_total, fecha_entrega)
              values (${o.mp.id}, ${`Tarea ${h + 1}`}, 10, date '2026-03-09' + ${h * 14}::int) returning id`,
        )
      ).rows;
      for (const a of alumnos) {
        const calificacion = a.scores[h];
        if (calificacion === undefined || calificacion === null) continue;
        await tx.execute(sql`insert into tareas_materia_alumnos (tarea_materia_id, inscripcion_materia_id, puntaje_obtenido)
                             values (${tarea!.id}, ${a.insc.id}, ${calificacion})`);
      }
    }
  });
  return { ...o, alumnos, head: await login(t.app, o.profesor.email, TEST_PASSWORD) };
}

type AlertaReply = { perfilAlumnoId: number; alumno: string; causa: string; detalle: string; fecha: string };
const alertasOf = async (token: string, mpId: number) => {
  const res = await injectAs(t.app, token, 'GET', `/api/MateriasPeriodo/${mpId}/alertas`);
  expect(res.statusCode).toBe(200);
  return res.json<AlertaReply[]>();
};
const mailsTo = (email: string) => t.db.select().from(correosSalientes).where(eq(correosSalientes.destinatario, email));
const runNow = () => injectAs(t.app, who.admin.token, 'POST', '/api/operations/alertas/run');
const estado = async (query = '') => {
  const res = await injectAs(t.app, who.admin.token, 'GET', `/api/operations/alertas${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<EstadoAlertas>();
};

describe("the administrators' screen before any run (issue 44)", () => {
  it('says no run yet, with nothing found', async () => {
    expect(await estado()).toEqual({ enCurso: false, ultima: null, alumnos: { items: [], totalItemsCount: 0 } });
  });
});

describe('early warnings: the daily job (issue 30)', () => {
  const cases: { name: string; marks: Marks; scores: (number | null)[]; causes: string[] }[] = [
    { name: 'two absences of two sessions: too early', marks: [A, A], scores: [], causes: [] },
    { name: 'one absence in three', marks: [P, P, A], scores: [], causes: [] },
    {
      name: 'three in a row, 7 of 10 still reachable',
      marks: [A, A, A],
      scores: [],
      causes: ['ausencias-consecutivas'],
    },
    {
      name: 'four in a row: 6 of 10 at best',
      marks: [A, A, A, A],
      scores: [],
      causes: ['asistencia-inalcanzable', 'ausencias-consecutivas'],
    },
    { name: 'four absences not in a row', marks: [A, P, A, A, P, A], scores: [], causes: ['asistencia-inalcanzable'] },
    { name: 'one homework scored low: too early', marks: [P, P, P], scores: [1], causes: [] },
    { name: 'two of four scored, 25 % of them', marks: [P, P, P], scores: [2, 3], causes: ['pp-bajo'] },
    { name: 'two of four scored, 50 % of them', marks: [P, P, P], scores: [5, 5], causes: [] },
  ];

  it('finds each cause by the rules, dated by the clock, for the professor and staff', async () => {
    // One subject-period a case: a session taken counts for every student (not taken for one is not present).
    const scenes = [];
    for (const c of cases)
      scenes.push(await scene({ planned: 10, homework: 4 }, [{ marks: c.marks, scores: c.scores }]));
    const ran = await t.app.alertsJob.runDue();
    expect(ran).toMatchObject({ alertas: cases.reduce((n, c) => n + c.causes.length, 0) });

    for (const [i, c] of cases.entries()) {
      const mine = (await alertasOf(scenes[i]!.head, scenes[i]!.mp.id)).map((a) => a.causa);
      expect({ case: c.name, causes: mine.sort() }).toEqual({ case: c.name, causes: [...c.causes].sort() });
    }
    const s = scenes[3]!;
    const found = await alertasOf(s.head, s.mp.id);
    expect(new Set(found.map((a) => a.fecha))).toEqual(new Set([MONDAY]));
    const fourInARow = found.find(
      (a) => a.perfilAlumnoId === s.alumnos[0]!.perfil.id && a.causa === 'asistencia-inalcanzable',
    );
    expect(fourInARow!.detalle).toBe(
      'Asistencia máxima alcanzable 60 % (mínimo para examen 70 %): 4 ausencias en 4 clases de 10 planificadas.',
    );
    expect(found[0]!.alumno).toMatch(/, /);
    // Staff read it too; another professor and a student do not.
    expect(await alertasOf(who.funcionario.token, s.mp.id)).toHaveLength(found.length);
    expect(
      (await injectAs(t.app, who.profesor.token, 'GET', `/api/MateriasPeriodo/${s.mp.id}/alertas`)).statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, who.alumno.token, 'GET', `/api/MateriasPeriodo/${s.mp.id}/alertas`)).statusCode).toBe(
      403,
    );
    expect((await injectAs(t.app, s.head, 'GET', `/api/MateriasPeriodo/999999/alertas`)).statusCode).toBe(404);

    // One mail per student and cause, with the figures and the date.
    const mails = await mailsTo(s.alumnos[0]!.user.email);
    expect(mails.map((m) => m.asunto).sort()).toEqual([
      expect.stringMatching(/^Aviso de Arandu: Asistencia mínima inalcanzable en /),
      expect.stringMatching(/^Aviso de Arandu: Ausencias consecutivas en /),
    ]);
    expect(mails.map((m) => m.cuerpo).join('\n')).toContain('El 04/05/2026 Arandu encontró');
    expect(mails.map((m) => m.cuerpo).join('\n')).toContain('4 ausencias seguidas, del 02/03/2026 al 23/03/2026.');
  });

  it('is idempotent: once a day, and a run again stores and mails nothing twice', async () => {
    const s = await scene({ planned: 10, homework: 0 }, [{ marks: [A, A, A], scores: [] }]);
    clock.set(MONDAY);
    // Today's run was taken by the test above; the daily tick leaves it alone.
    expect(await t.app.alertsJob.runDue()).toBeNull();
    // The administrator's 'run now' finds the new subject's warning.
    const first = await runNow();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ alertas: 1, correos: 1 });
    expect((await runNow()).json()).toMatchObject({ alertas: 0, correos: 0 });
    clock.set(TUESDAY);
    expect(await t.app.alertsJob.runDue()).toMatchObject({ alertas: 0, correos: 0 });
    expect(await t.app.alertsJob.runDue()).toBeNull();
    expect(await alertasOf(s.head, s.mp.id)).toEqual([
      expect.objectContaining({ causa: 'ausencias-consecutivas', fecha: MONDAY }),
    ]);
    expect(await mailsTo(s.alumnos[0]!.user.email)).toHaveLength(1);

    // A fourth absence adds the other cause, dated the day it was found; the old one stays as it was.
    await writeTx(t.db, null, async (tx) => {
      const [session] = (
        await tx.execute<{ id: number }>(
          sql`insert into asistencias (materia_periodo_id, fecha) values (${s.mp.id}, '2026-03-23') returning id`,
        )
      ).rows;
      await tx.execute(sql`insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente)
                           values (${session!.id}, ${s.alumnos[0]!.insc.id}, false)`);
    });
    expect((await runNow()).json()).toMatchObject({ alertas: 1, correos: 1 });
    const rows = await t.db.select().from(alertasAcademicas).where(eq(alertasAcademicas.materiaPeriodoId, s.mp.id));
    expect(rows.map((r) => r.causa).sort()).toEqual(['asistencia-inalcanzable', 'ausencias-consecutivas']);
    expect(await mailsTo(s.alumnos[0]!.user.email)).toHaveLength(2);
    clock.set(MONDAY);
  });

  it('skips published subject-periods and lets only an administrator run it now', async () => {
    const s = await scene({ planned: 10, homework: 0 }, [{ marks: [A, A, A], scores: [] }]);
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update materias_periodo set estado = 1, fecha_publicado = now() where id = ${s.mp.id}`),
    );
    expect((await runNow()).statusCode).toBe(200);
    expect(await alertasOf(s.head, s.mp.id)).toEqual([]);
    for (const token of [who.funcionario.token, who.profesor.token, who.alumno.token]) {
      expect((await injectAs(t.app, token, 'POST', '/api/operations/alertas/run')).statusCode).toBe(403);
    }
  });
});

describe("the student's notices and 'Recibir avisos por correo' (issue 30)", () => {
  it('shows the warnings on the own card and mails nobody who turned notices off', async () => {
    const s = await scene({ planned: 10, homework: 0 }, [
      { marks: [A, A, A], scores: [] },
      { marks: [A, A, A], scores: [] },
    ]);
    const [on, off] = s.alumnos;
    const offToken = await login(t.app, off!.user.email, TEST_PASSWORD);
    expect((await injectAs(t.app, offToken, 'GET', '/api/users/profile/avisos')).json()).toEqual({
      recibirAvisosCorreo: true,
    });
    const bad = await injectAs(t.app, offToken, 'PUT', '/api/users/profile/avisos', { recibirAvisosCorreo: 'no' });
    expect(bad.statusCode).toBe(400);
    const turned = await injectAs(t.app, offToken, 'PUT', '/api/users/profile/avisos', { recibirAvisosCorreo: false });
    expect(turned.json()).toEqual({ recibirAvisosCorreo: false });
    expect((await injectAs(t.app, offToken, 'GET', '/api/users/profile/avisos')).json()).toEqual({
      recibirAvisosCorreo: false,
    });

    expect((await runNow()).json()).toMatchObject({ alertas: 2, correos: 1 });
    expect(await mailsTo(on!.user.email)).toHaveLength(1);
    expect(await mailsTo(off!.user.email)).toHaveLength(0);
    // The warning is there all the same, on the professor's list and the student's card.
    expect(await alertasOf(s.head, s.mp.id)).toHaveLength(2);
    const card = await injectAs(t.app, offToken, 'GET', '/api/alertas/mias');
    expect(card.json()).toEqual([
      expect.objectContaining({ materiaPeriodoId: s.mp.id, causa: 'ausencias-consecutivas', fecha: MONDAY }),
    ]);
    expect((await injectAs(t.app, who.profesor.token, 'GET', '/api/alertas/mias')).statusCode).toBe(403);

    // Publishing the grades tells the students, the same way.
    const published = await injectAs(t.app, s.head, 'PUT', `/api/homework/publish/${s.mp.id}`, {
      id: s.mp.id,
      estado: { value: 0 },
    });
    expect(published.statusCode).toBe(200);
    expect((await mailsTo(on!.user.email)).map((m) => m.asunto)).toContainEqual(
      expect.stringMatching(/^Calificaciones publicadas: /),
    );
    expect((await mailsTo(off!.user.email)).map((m) => m.asunto)).toEqual([]);
    // A published subject's warnings leave the card.
    expect((await injectAs(t.app, offToken, 'GET', '/api/alertas/mias')).json()).toEqual([]);
  });

  it('tells a student an exam enrolment was confirmed or refused', async () => {
    const scene = await createExamenScene(t.db, [
      { porcentajeAsistencia: 90, porcentajePP: 80 },
      { porcentajeAsistencia: 40, porcentajePP: 80 },
    ]);
    const [good, blocked] = scene.alumnos;
    const goodToken = await login(t.app, good!.user.email, TEST_PASSWORD);
    const blockedToken = await login(t.app, blocked!.user.email, TEST_PASSWORD);
    const enrol = (token: string, perfilAlumnoId: number) =>
      injectAs(t.app, token, 'POST', '/api/inscripcionexamen/inscribirme', {
        examenId: scene.examen.id,
        perfilAlumnoId,
      });
    expect((await enrol(goodToken, good!.perfil.id)).statusCode).toBe(200);
    const refused = await enrol(blockedToken, blocked!.perfil.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(MSG_EXAMENES.motivoAsistencia);

    const [confirmed] = await mailsTo(good!.user.email);
    expect(confirmed!.asunto).toMatch(/^Inscripción a examen confirmada: /);
    const [refusal] = await mailsTo(blocked!.user.email);
    expect(refusal!.asunto).toMatch(/^Inscripción a examen rechazada: /);
    expect(refusal!.cuerpo).toContain(MSG_EXAMENES.motivoAsistencia);
    // The refusal enrolled nobody.
    const enrolled = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from inscripciones_examen where examen_id = ${scene.examen.id}`,
    );
    expect(enrolled.rows[0]!.n).toBe(1);
  });
});

describe("the administrators' 'Alertas tempranas': the last run and what it found (issue 44)", () => {
  const WEDNESDAY = '2026-05-06T15:00:00.000Z';
  const THURSDAY = '2026-05-07T15:00:00.000Z';

  it('shows who ran it and when, its new warnings by cause and a page of the students, audited', async () => {
    clock.set(WEDNESDAY);
    // A run first stores whatever the earlier tests' subjects still give, so the one below stores only these.
    expect((await runNow()).statusCode).toBe(200);
    // Two students: one absent four times in a row (two causes), one three times and then present (one cause).
    const s = await scene({ planned: 10, homework: 0 }, [
      { marks: [A, A, A, A], scores: [] },
      { marks: [A, A, A, P], scores: [] },
    ]);
    const ran = await runNow();
    expect(ran.statusCode).toBe(200);
    const reply = ran.json<{ materias: number; encontradas: number; alertas: number; correos: number }>();
    expect(reply.alertas).toBe(3);
    // The earlier tests' warnings are found again, and not stored again.
    expect(reply.encontradas).toBeGreaterThan(reply.alertas);

    const { enCurso, ultima, alumnos } = await estado();
    expect(enCurso).toBe(false);
    expect(ultima).toEqual({
      id: expect.any(Number),
      origen: 'manual',
      usuario: `${who.admin.user.apellido}, ${who.admin.user.nombre}`,
      inicio: WEDNESDAY,
      fin: WEDNESDAY,
      materias: reply.materias,
      encontradas: reply.encontradas,
      nuevas: 3,
      correos: reply.correos,
      porCausa: [
        { causa: 'asistencia-inalcanzable', cantidad: 1 },
        { causa: 'ausencias-consecutivas', cantidad: 2 },
      ],
    });
    expect(alumnos.totalItemsCount).toBe(3);
    const [first, second] = s.alumnos;
    const byName = [first!, second!].sort((x, y) => x.user.apellido.localeCompare(y.user.apellido));
    expect(alumnos.items.map((a) => [a.perfilAlumnoId, a.causa])).toEqual(
      byName.flatMap((a) =>
        a === first
          ? [
              [a.perfil.id, 'asistencia-inalcanzable'],
              [a.perfil.id, 'ausencias-consecutivas'],
            ]
          : [[a.perfil.id, 'ausencias-consecutivas']],
      ),
    );
    const item = alumnos.items.find((a) => a.perfilAlumnoId === second!.perfil.id)!;
    expect(item).toEqual({
      perfilAlumnoId: second!.perfil.id,
      alumno: `${second!.user.apellido}, ${second!.user.nombre}`,
      documento: second!.user.numeroDocumento,
      materiaPeriodoId: s.mp.id,
      materia: expect.stringMatching(/ \(.+\)$/),
      causa: 'ausencias-consecutivas',
      detalle: expect.stringMatching(/^3 ausencias seguidas, del /),
      fecha: WEDNESDAY,
    });

    // Paged and filtered by cause.
    const page2 = await estado('?page=2&pageSize=2');
    expect(page2.alumnos).toEqual({ items: [alumnos.items[2]], totalItemsCount: 3 });
    const low = await estado('?causa=asistencia-inalcanzable');
    expect(low.alumnos.items.map((a) => a.perfilAlumnoId)).toEqual([first!.perfil.id]);
    expect(low.alumnos.totalItemsCount).toBe(1);
    expect(low.ultima?.porCausa).toEqual(ultima!.porCausa);

    // The run reached the audit log in the administrator's name, as it started and as it ended.
    const audited = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.nombreTabla, 'ejecuciones_alertas'), eq(auditoria.clavePrimaria, String(ultima!.id))))
      .orderBy(auditoria.id);
    expect(audited.map((a) => [a.tipo, a.usuarioId])).toEqual([
      ['INSERT', who.admin.user.id],
      ['UPDATE', who.admin.user.id],
    ]);

    // The daily job's next run is the last one now: the job, not a person; nothing new to flag.
    clock.set(THURSDAY);
    expect(await t.app.alertsJob.runDue()).toMatchObject({ alertas: 0, encontradas: reply.encontradas });
    const next = await estado();
    expect(next.ultima).toMatchObject({
      origen: 'programada',
      usuario: null,
      inicio: THURSDAY,
      nuevas: 0,
      porCausa: [],
    });
    expect(next.alumnos).toEqual({ items: [], totalItemsCount: 0 });
    clock.set(MONDAY);
  });

  it('refuses a second run while one holds the job, in Spanish, and runs nothing twice', async () => {
    const before = await estado();
    // Another process's run holds the job (taken as the daily tick or another administrator would).
    expect(await claimJob(t.db, { today: '2026-05-04', due: false, now: clock.now() })).toBe(true);
    try {
      expect((await estado()).enCurso).toBe(true);
      const refused = await runNow();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: MSG_ALERTS.runInProgress });
      // Nothing recorded: the last run is still the one before.
      expect((await estado()).ultima).toEqual(before.ultima);
    } finally {
      await releaseJob(unaudited(t.db));
    }
    expect((await estado()).enCurso).toBe(false);

    // Two administrators' clicks at once: one runs, the other is told to wait; one run is recorded.
    const runs = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ejecuciones_alertas`)).rows[0]!.n;
    const recorded = await runs();
    const both = await Promise.all([runNow(), runNow()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: MSG_ALERTS.runInProgress });
    expect(await runs()).toBe(recorded + 1);
  });

  it('is for administrators only and refuses an unknown cause', async () => {
    for (const token of [who.funcionario.token, who.profesor.token, who.alumno.token]) {
      expect((await injectAs(t.app, token, 'GET', '/api/operations/alertas')).statusCode).toBe(403);
    }
    const bad = await injectAs(t.app, who.admin.token, 'GET', '/api/operations/alertas?causa=otra');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Tipo de alerta inválido/);
  });
});
