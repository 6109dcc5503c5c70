import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { writeTx } from '../../src/db/tx.js';
import { injectAs } from '../helper.js';
import { createAlumno, createOffering, inscribir } from './academic.js';

const DAY = 86_400_000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export interface AlumnoFigures {
  porcentajeAsistencia?: number;
  porcentajePP?: number;
}

/** The body of POST /api/inscripcionexamen that adds `perfilIds` to exam `examenId`, as the staff's list sends it. */
export const examenEnrolmentBody = (examenId: number, perfilIds: number[]) => ({
  examenId,
  inscripcionExamenSaves: perfilIds.map((perfilAlumnoId) => ({ examenId, id: 0, selected: true, perfilAlumnoId })),
});

/**
 * A subject-period with students enrolled at the given figures, then published (figures frozen, as
 * teaching leaves them), and an exam of it. `publish: false` leaves it Preliminar.
 */
export async function createExamenScene(
  db: Db,
  figurasAlumnos: AlumnoFigures[],
  opts: { publish?: boolean; expired?: boolean; fechaLimiteDays?: number; fechaDays?: number } = {},
) {
  const offering = await createOffering(db);
  const alumnos = [];
  for (const figures of figurasAlumnos) {
    const alumno = await createAlumno(db, offering.malla.id);
    const inscripcion = await inscribir(db, alumno.perfil.id, offering.mp, figures);
    alumnos.push({ ...alumno, inscripcion });
  }
  if (opts.publish ?? true) {
    await writeTx(db, null, (tx) =>
      tx.execute(sql`update materias_periodo set estado = 1, fecha_publicado = now() - interval '1 day',
                            fecha_expiracion = ${opts.expired ? inDays(-1) : inDays(365)}
                      where id = ${offering.mp.id}`),
    );
  }
  const examen = await createExamen(db, offering.mp.id, offering.profesor.id, opts);
  return { ...offering, alumnos, examen };
}

export async function createExamen(
  db: Db,
  materiaPeriodoId: number,
  interventorId: number,
  opts: { fechaLimiteDays?: number; fechaDays?: number } = {},
) {
  const [row] = await writeTx(db, null, (tx) =>
    tx.execute(sql`insert into examenes (materia_periodo_id, fecha, fecha_limite_inscripcion, interventor_id,
                                        profesor_id, periodo, nro_acta)
                   values (${materiaPeriodoId}, ${inDays(opts.fechaDays ?? 10)}, ${inDays(opts.fechaLimiteDays ?? 5)},
                           ${interventorId}, ${interventorId}, 'Primer periodo', 'ACTA-1')
                   returning id`),
  ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  return row!;
}

/** A student's exam enrolment (Final instance) of their subject enrolment `inscripcionMateriaId`. */
export async function enrolInExamen(db: Db, examenId: number, perfilAlumnoId: number, inscripcionMateriaId: number) {
  const [row] = await writeTx(db, null, (tx) =>
    tx.execute(sql`insert into inscripciones_examen (examen_id, perfil_alumno_id, inscripcion_materia_id, instancia)
                   values (${examenId}, ${perfilAlumnoId}, ${inscripcionMateriaId}, 0)
                   returning id`),
  ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  return row!;
}

/**
 * Moves the exam's date a minute into the past (and its enrolment deadline with it when later), as the day of
 * the exam arriving: scores and sealing are refused before it (issue 30).
 */
export async function holdExamen(db: Db, examenId: number) {
  await writeTx(db, null, (tx) =>
    tx.execute(sql`update examenes set fecha = now() - interval '1 minute',
                          fecha_limite_inscripcion = least(fecha_limite_inscripcion, now() - interval '2 minutes')
                    where id = ${examenId}`),
  );
}

/**
 * Exams own `resultados_examen`; a test that wants grades without sealing exams replaces it, in its own
 * database copy only, by a view over a fixture table with the contract's columns (migration 0005; the
 * rectification columns of 0025 stay empty). `ownerDb`: the tables' owner may replace the view.
 */
export async function fixtureResults(ownerDb: Db) {
  await ownerDb.execute(sql`create table fixture_resultados (
    perfil_alumno_id integer, materia_malla_id integer, calificacion smallint, fecha_examen timestamptz,
    nro_acta varchar(128), periodo_id integer, examen_id integer)`);
  await ownerDb.execute(sql`create or replace view resultados_examen as
    select perfil_alumno_id, materia_malla_id, calificacion, fecha_examen, nro_acta, periodo_id, examen_id,
           null::integer as rectificacion_id, null::varchar(160) as nro_rectificacion
      from fixture_resultados`);
}

/** Every student of `scene` enrolled in its exam through the API, as staff add them, and the exam's time come. */
export async function enrolAllAndHold(
  app: FastifyInstance,
  db: Db,
  token: string,
  scene: { examen: { id: number }; alumnos: { perfil: { id: number } }[] },
) {
  const body = examenEnrolmentBody(
    scene.examen.id,
    scene.alumnos.map((a) => a.perfil.id),
  );
  const add = await injectAs(app, token, 'POST', '/api/inscripcionexamen', body);
  expect(add.statusCode).toBe(200);
  await holdExamen(db, scene.examen.id);
}
