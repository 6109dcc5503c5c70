import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ENROL_MSG, type InscripcionCheck, type InscripcionLine, type MallaMateriaRow } from '@arandu/shared';
import { auditoria, inscripcionesMateria } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { createMateriaPeriodo, setupAppWithEveryRole } from './factories/academic.js';
import { createEnrolmentWorld, setWindow } from './factories/enrolment.js';
import { injectAs } from './helper.js';

const { t, who } = setupAppWithEveryRole();
let w: Awaited<ReturnType<typeof createEnrolmentWorld>>;
let names: Map<number, MallaMateriaRow>;
beforeAll(async () => {
  w = await createEnrolmentWorld(t.app, t.db);
  names = new Map((await materiasOfMalla()).map((r) => [r.id, r]));
});

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, token, method, url, payload);
const body = (perfilAlumnoId: number, lines: [number, boolean][]) => ({
  perfilAlumnoId,
  conforme: true,
  materiasModificadas: lines.map(([materiaPeriodoId, inscripto]) => ({ materiaPeriodoId, inscripto })),
});

async function materiasOfMalla(): Promise<MallaMateriaRow[]> {
  const res = await call(who.funcionario.token, 'POST', `/api/mallas/${w.malla.id}/materias/all`, { pageSize: 100 });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: MallaMateriaRow[] }>().items;
}

/** Saves a malla subject as the form does, with the correlatives given. */
function saveMateria(materiaMallaId: number, correlativas: { materiaMallaId: number; condicion: string }[]) {
  const row = names.get(materiaMallaId)!;
  return call(who.funcionario.token, 'POST', `/api/mallas/${w.malla.id}/materias`, {
    id: row.id,
    materiaId: row.materiaId,
    semestreNroOrden: row.semestreNroOrden,
    codigo: row.codigoMateria,
    correlativas,
  });
}

const mm = (s: { materiaMallaId: number }) => s.materiaMallaId;
const nombre = (s: { materiaMallaId: number }) => names.get(s.materiaMallaId)!.materia;

describe('correlatives of a malla subject (issue 29)', () => {
  it('are saved with the subject, replace its list, and are listed with their names', async () => {
    const { calculoA, algebra, quimica } = w.subjects;
    const res = await saveMateria(mm(quimica), [
      { materiaMallaId: mm(calculoA), condicion: 'regular' },
      { materiaMallaId: mm(algebra), condicion: 'aprobada' },
    ]);
    expect(res.statusCode).toBe(200);
    const row = (await materiasOfMalla()).find((r) => r.id === mm(quimica))!;
    expect(row.correlativas).toEqual(
      expect.arrayContaining([
        { materiaMallaId: mm(calculoA), materia: nombre(calculoA), condicion: 'regular' },
        { materiaMallaId: mm(algebra), materia: nombre(algebra), condicion: 'aprobada' },
      ]),
    );
    expect(row.correlativas).toHaveLength(2);
    const audited = await t.db.select().from(auditoria).where(eq(auditoria.nombreTabla, 'correlativas'));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['itself', (s: typeof w.subjects) => [s.fisica, s.fisica], /no puede ser correlativa de sí misma/],
    ['a later semester', (s: typeof w.subjects) => [s.algebra, s.fisica], /es de un semestre posterior \(3º\)/],
    ['an unknown subject', (s: typeof w.subjects) => [s.algebra, s.foreign], /no pertenece a esta malla/],
  ])('refuses a subject requiring %s, naming it, and keeps the list', async (_case, pick, message) => {
    const [materia, required] = pick(w.subjects);
    const before = (await materiasOfMalla()).find((r) => r.id === mm(materia!))!.correlativas;
    const res = await saveMateria(mm(materia!), [{ materiaMallaId: mm(required!), condicion: 'regular' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect((await materiasOfMalla()).find((r) => r.id === mm(materia!))!.correlativas).toEqual(before);
  });

  it('refuses a cycle, naming the subjects on it', async () => {
    const { fisica, quimica } = w.subjects;
    expect((await saveMateria(mm(fisica), [{ materiaMallaId: mm(quimica), condicion: 'regular' }])).statusCode).toBe(
      200,
    );
    const res = await saveMateria(mm(quimica), [{ materiaMallaId: mm(fisica), condicion: 'regular' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(
      `Las correlativas formarían un ciclo: ${nombre(quimica)} → ${nombre(fisica)} → ${nombre(quimica)}`,
    );
    // Back as the rest of the file expects: fisica without correlatives.
    expect((await saveMateria(mm(fisica), [])).statusCode).toBe(200);
  });

  it('refuses wrong types and conditions in Spanish, never a 500', async () => {
    const row = names.get(mm(w.subjects.quimica))!;
    for (const correlativas of [
      [{ materiaMallaId: 'x', condicion: 'regular' }],
      [{ materiaMallaId: 1, condicion: 'firmada' }],
      'no',
    ]) {
      const res = await call(who.funcionario.token, 'POST', `/api/mallas/${w.malla.id}/materias`, {
        id: row.id,
        materiaId: row.materiaId,
        semestreNroOrden: row.semestreNroOrden,
        codigo: row.codigoMateria,
        correlativas,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/correlativ|condición/i);
    }
  });
});

describe('enrolment, the pre-check and exams under correlatives (issue 29)', () => {
  it('refuses the line naming each missing subject and its condition; validar gives the same reasons and saves nothing', async () => {
    const { calculoA, algebra, quimica } = w.subjects;
    const s = await w.student();
    const expected = [
      `Correlativa pendiente: ${nombre(calculoA)} (regularizada)`,
      `Correlativa pendiente: ${nombre(algebra)} (aprobada)`,
    ];
    const check = await call(
      s.token,
      'POST',
      '/api/studentsubjects/validar',
      body(s.perfil.id, [
        [quimica.id, true],
        [algebra.id, true],
      ]),
    );
    expect(check.statusCode).toBe(200);
    const [q, a] = check.json<InscripcionCheck[]>();
    expect(q).toMatchObject({ materiaPeriodoId: quimica.id, ok: false });
    expect(q!.motivos.sort()).toEqual([...expected].sort());
    expect(a).toMatchObject({ materiaPeriodoId: algebra.id, ok: true, motivos: [] });
    const rows = await t.db
      .select()
      .from(inscripcionesMateria)
      .where(eq(inscripcionesMateria.perfilAlumnoId, s.perfil.id));
    expect(rows).toHaveLength(0);

    const saved = await call(
      s.token,
      'POST',
      '/api/studentsubjects/save-inscription',
      body(s.perfil.id, [
        [quimica.id, true],
        [algebra.id, true],
      ]),
    );
    const [sq, sa] = saved.json<InscripcionLine[]>();
    for (const reason of expected) expect(sq!.error).toContain(reason);
    expect(sa!.success).toBe(ENROL_MSG.lineEnrolled);
  });

  it('says before the window opens that the selection can be prepared, and still gives the rules', async () => {
    const s = await w.student();
    await writeTx(t.db, null, (tx) =>
      tx.execute(sql`update periodos set inicio_periodo_inscripcion = now() + interval '2 days',
                                         fin_periodo_inscripcion = now() + interval '9 days' where id = ${w.periodo.id}`),
    );
    try {
      const res = await call(
        s.token,
        'POST',
        '/api/studentsubjects/validar',
        body(s.perfil.id, [[w.subjects.quimica.id, true]]),
      );
      const [line] = res.json<InscripcionCheck[]>();
      expect(line!.ok).toBe(false);
      expect(line!.motivos[0]).toBe(ENROL_MSG.windowNotYet);
      expect(line!.motivos.some((m) => m.startsWith('Correlativa pendiente'))).toBe(true);
    } finally {
      await setWindow(t.db, w.periodo.id, true);
    }
  });

  it('takes a regularised correlative (published, at the minimums, not expired) and an exception', async () => {
    const { calculoA, algebra, quimica } = w.subjects;
    const s = await w.student();
    // Calculo regularised in an earlier period; algebra still missing (aprobada).
    const earlier = await createMateriaPeriodo(t.db, {
      materiaMallaId: mm(calculoA),
      periodoId: w.subjects.past.periodoId,
      seccion: 'Z',
    });
    await writeTx(t.db, null, async (tx) => {
      await tx.insert(inscripcionesMateria).values({
        perfilAlumnoId: s.perfil.id,
        materiaPeriodoId: earlier.id,
        materiaMallaId: mm(calculoA),
        periodoId: w.subjects.past.periodoId,
        porcentajeAsistencia: 95,
        porcentajePP: 80,
      });
      await tx.execute(
        sql`update materias_periodo set estado = 1, fecha_publicado = now(), fecha_expiracion = now() + interval '6 months' where id = ${earlier.id}`,
      );
    });
    const check = await call(s.token, 'POST', '/api/studentsubjects/validar', body(s.perfil.id, [[quimica.id, true]]));
    expect(check.json<InscripcionCheck[]>()[0]!.motivos).toEqual([
      `Correlativa pendiente: ${nombre(algebra)} (aprobada)`,
    ]);

    const motivoCorto = await call(
      who.funcionario.token,
      'POST',
      `/api/mallas/${w.malla.id}/materias/${mm(quimica)}/excepciones`,
      { perfilAlumnoId: s.perfil.id, motivo: 'corto' },
    );
    expect(motivoCorto.statusCode).toBe(400);
    const byAlumno = await call(s.token, 'POST', `/api/mallas/${w.malla.id}/materias/${mm(quimica)}/excepciones`, {
      perfilAlumnoId: s.perfil.id,
      motivo: 'Resolución 12/2026 del Consejo',
    });
    expect(byAlumno.statusCode).toBe(403);
    const granted = await call(
      who.funcionario.token,
      'POST',
      `/api/mallas/${w.malla.id}/materias/${mm(quimica)}/excepciones`,
      { perfilAlumnoId: s.perfil.id, motivo: 'Resolución 12/2026 del Consejo' },
    );
    expect(granted.statusCode).toBe(200);
    const again = await call(
      who.funcionario.token,
      'POST',
      `/api/mallas/${w.malla.id}/materias/${mm(quimica)}/excepciones`,
      { perfilAlumnoId: s.perfil.id, motivo: 'Resolución 12/2026 del Consejo' },
    );
    expect(again.statusCode).toBe(400);
    const saved = await call(
      s.token,
      'POST',
      '/api/studentsubjects/save-inscription',
      body(s.perfil.id, [[quimica.id, true]]),
    );
    expect(saved.json<InscripcionLine[]>()[0]!.success).toBe(ENROL_MSG.lineEnrolled);
    // The staff's list names the student, the reason and who granted it; another malla's subject is 404.
    const listed = await call(
      who.funcionario.token,
      'GET',
      `/api/mallas/${w.malla.id}/materias/${mm(quimica)}/excepciones`,
    );
    expect(listed.statusCode).toBe(200);
    const [row] = listed.json<{ items: { perfilAlumnoId: number; motivo: string; otorgadaPor: string }[] }>().items;
    expect(row).toMatchObject({ perfilAlumnoId: s.perfil.id, motivo: 'Resolución 12/2026 del Consejo' });
    expect(row!.otorgadaPor).toContain(who.funcionario.user.nombre);
    const elsewhere = await call(
      who.funcionario.token,
      'GET',
      `/api/mallas/${w.malla.id + 1000}/materias/${mm(quimica)}/excepciones`,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await call(s.token, 'GET', `/api/mallas/${w.malla.id}/materias/${mm(quimica)}/excepciones`)).statusCode,
    ).toBe(403);
    const audited = await t.db.select().from(auditoria).where(eq(auditoria.nombreTabla, 'excepciones_correlativa'));
    expect(audited.map((a) => a.usuarioId)).toContain(who.funcionario.user.id);
  });
});
