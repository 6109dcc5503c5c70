import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Role } from '@arandu/shared';
import type { Db } from '../../src/db/client.js';
import { horarios, periodos } from '../../src/db/schema/index.js';
import { writeTx } from '../../src/db/tx.js';
import { login } from '../helper.js';
import {
  addToMalla,
  createAlumno,
  createCarrera,
  createMalla,
  createMateriaPeriodo,
  createPeriodo,
  createProfesor,
} from './academic.js';
import { TEST_PASSWORD } from './users.js';

type Slot = [dia: number, inicio: string, fin: string];

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What the enrolment tests need: the active period (window open), a malla whose subjects meet at known
 * times, a subject of another malla, one of an earlier period, and two signed-in students of the malla
 * (fichas updated).
 *   calculo  (1st, sections A Mon 07:00 and B Wed 07:00), algebra (1st, Tue 07:00),
 *   fisica   (3rd, Mon 08:00: clashes with calculo A), quimica (3rd, Thu 07:00).
 */
export async function createEnrolmentWorld(app: FastifyInstance, db: Db) {
  const periodo = await createPeriodo(db, { activo: true });
  const earlier = await createPeriodo(db, { anho: 2025 });
  const malla = await createMalla(db, (await createCarrera(db)).id);
  const otherMalla = await createMalla(db, (await createCarrera(db)).id);
  const profesor = await createProfesor(db);
  const offer = async (
    mallaId: number,
    semestre: number,
    slots: Slot[],
    opts: { periodoId?: number; seccion?: string; materiaMallaId?: number } = {},
  ) => {
    const mm = opts.materiaMallaId ? { id: opts.materiaMallaId } : await addToMalla(db, mallaId, { semestre });
    const mp = await createMateriaPeriodo(db, {
      materiaMallaId: mm.id,
      periodoId: opts.periodoId ?? periodo.id,
      seccion: opts.seccion ?? 'A',
      staff: [[profesor.id, 'Encargado']],
    });
    await writeTx(db, null, (tx) =>
      tx.insert(horarios).values(
        slots.map(([dia, horaInicio, horaFin]) => ({
          materiaPeriodoId: mp.id,
          profesorId: profesor.id,
          dia,
          horaInicio,
          horaFin,
          tipoActividadAcademicaHorario: 1,
        })),
      ),
    );
    return mp;
  };
  const calculoA = await offer(malla.id, 1, [[1, '07:00', '08:30']]);
  const calculoB = await offer(malla.id, 1, [[3, '07:00', '08:30']], {
    seccion: 'B',
    materiaMallaId: calculoA.materiaMallaId,
  });
  const algebra = await offer(malla.id, 1, [[2, '07:00', '08:30']]);
  const fisica = await offer(malla.id, 3, [[1, '08:00', '09:30']]);
  const quimica = await offer(malla.id, 3, [[4, '07:00', '08:30']]);
  const foreign = await offer(otherMalla.id, 1, [[5, '07:00', '08:30']]);
  const past = await offer(malla.id, 1, [[5, '10:00', '11:00']], { periodoId: earlier.id });

  // A student who has updated their ficha, as enrolling themselves requires, unless told otherwise.
  const alumno = async (opts: { fichaActualizada?: boolean } = {}) => {
    const { user, perfil } = await createAlumno(db, malla.id, {
      roles: [Role.Alumno],
      fichaActualizada: opts.fichaActualizada ?? true,
    });
    return { user, perfil, token: await login(app, user.email, TEST_PASSWORD) };
  };
  return {
    periodo,
    malla,
    subjects: { calculoA, calculoB, algebra, fisica, quimica, foreign, past },
    alumno1: await alumno(),
    alumno2: await alumno(),
    student: alumno,
  };
}

/** The period's enrolment window: open now, closed (ended yesterday) or 'not-yet' (opens in two days). */
export async function setWindow(db: Db, periodoId: number, open: boolean | 'not-yet') {
  const now = Date.now();
  const window =
    open === 'not-yet'
      ? { inicioPeriodoInscripcion: iso(now + 2 * DAY), finPeriodoInscripcion: iso(now + 9 * DAY) }
      : open
        ? { inicioPeriodoInscripcion: iso(now - 20 * DAY), finPeriodoInscripcion: iso(now + 5 * DAY) }
        : { inicioPeriodoInscripcion: iso(now - 20 * DAY), finPeriodoInscripcion: iso(now - DAY) };
  await writeTx(db, null, (tx) => tx.update(periodos).set(window).where(eq(periodos.id, periodoId)));
}

/**
 * Makes `resultados_examen` report a passing grade for the student in the subject: the view is the exams
 * area's contract, so the test replaces it as the exams migration does (same columns and types).
 */
export async function givePass(db: Db, perfilAlumnoId: number, materiaMallaId: number, periodoId: number) {
  await db.execute(
    sql.raw(`create or replace view resultados_examen as
      select ${perfilAlumnoId}::integer as perfil_alumno_id, ${materiaMallaId}::integer as materia_malla_id,
             4::smallint as calificacion, '2025-12-01T12:00:00Z'::timestamptz as fecha_examen,
             'A-1'::varchar(128) as nro_acta, ${periodoId}::integer as periodo_id, 1::integer as examen_id,
             null::integer as rectificacion_id, null::varchar(160) as nro_rectificacion`),
  );
}
