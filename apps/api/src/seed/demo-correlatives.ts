import { sql, type SQL } from 'drizzle-orm';
import { EstadoPublicacion, SETTINGS_DEFAULTS } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { correlativas, NOTA_APROBACION } from '../db/schema/index.js';
import type { SeededMalla, SeededSubject } from './catalog.js';

/**
 * The subjects of the semester before that a malla subject requires, regularised (issue 29): the one in the same
 * position (the last one for a longer semester), and the first subject also the second one (Cálculo III asks for
 * Cálculo II and Física II). Every semester but the first has them; the demo's students are generated to meet
 * them (demo-students.ts) and the seats, the waiting list and the exams follow them.
 */
export function requiredOf(malla: SeededMalla, subject: SeededSubject): SeededSubject[] {
  const before = malla.semestres[subject.semestre - 2] ?? [];
  if (before.length === 0) return [];
  return subject.index === 0 ? before.slice(0, 2) : [before[Math.min(subject.index, before.length - 1)]!];
}

/**
 * SQL: whether the student `perfil` meets the correlatives of the malla subject `materiaMalla` for enrolling
 * (each regularised or passed, as correlative-standing.ts reads them with the default settings), or has an
 * exception for it. For the seed's own choices (the full section, its waiting list); the app reads its own.
 */
export const correlativesMet = (perfil: SQL, materiaMalla: SQL, now: Date) =>
  sql`(exists (select 1 from excepciones_correlativa x
                where x.perfil_alumno_id = ${perfil} and x.materia_malla_id = ${materiaMalla})
       or not exists (
         select 1 from correlativas c join materias_malla rq on rq.id = c.requiere_id
          where c.materia_malla_id = ${materiaMalla}
            and not exists (select 1 from resultados_examen r join materias_malla x on x.id = r.materia_malla_id
                             where r.perfil_alumno_id = ${perfil} and x.materia_id = rq.materia_id
                               and r.calificacion >= ${NOTA_APROBACION})
            and not exists (select 1 from inscripciones_materia_vigentes im
                              join materias_periodo mp on mp.id = im.materia_periodo_id
                              join materias_malla x on x.id = im.materia_malla_id
                             where im.perfil_alumno_id = ${perfil} and x.materia_id = rq.materia_id
                               and mp.estado <> ${EstadoPublicacion.Preliminar}
                               and coalesce(im.porcentaje_asistencia, 0) >= ${SETTINGS_DEFAULTS.minAsistenciaExamen}
                               and coalesce(im.porcentaje_pp, 0) >= ${SETTINGS_DEFAULTS.minPPFinal}
                               and (mp.fecha_expiracion is null or mp.fecha_expiracion > ${now.toISOString()}::timestamptz))))`;

/** SQL: whether the student `perfil` passed every correlative of `materiaMalla` (what sitting its exam asks). */
export const correlativesPassed = (perfil: SQL, materiaMalla: SQL) =>
  sql`not exists (select 1 from correlativas c join materias_malla rq on rq.id = c.requiere_id
                   where c.materia_malla_id = ${materiaMalla}
                     and not exists (select 1 from resultados_examen r join materias_malla x on x.id = r.materia_malla_id
                                      where r.perfil_alumno_id = ${perfil} and x.materia_id = rq.materia_id
                                        and r.calificacion >= ${NOTA_APROBACION}))`;

/** The correlatives of every demo malla, all semesters (requiredOf). */
export async function insertCorrelativesDemo(tx: Tx, mallas: SeededMalla[]): Promise<void> {
  const values = mallas.flatMap((malla) =>
    malla.semestres.flat().flatMap((s) =>
      requiredOf(malla, s).map((r) => ({
        materiaMallaId: s.materiaMallaId,
        requiereId: r.materiaMallaId,
        condicion: 'regular' as const,
      })),
    ),
  );
  await tx.insert(correlativas).values(values);
}

/**
 * The demo's documented exception: alumno@demo came from another faculty, whose first semester is recognised
 * by equivalence while the resolution is in process, so Cálculo II, which asks for Cálculo I and Álgebra Lineal,
 * is open to them (the staff's exception list and the student's open subject show it). Granted by
 * funcionario@demo.
 */
export async function insertDemoException(
  tx: Tx,
  opts: { alumnoUserId: number; materiaMallaId: number; grantedBy: number },
): Promise<void> {
  await tx.execute(
    sql`insert into excepciones_correlativa (perfil_alumno_id, materia_malla_id, motivo, otorgada_por)
        select id, ${opts.materiaMallaId},
               'Ingresó por traslado: Cálculo I y Álgebra Lineal aprobadas en otra facultad, equivalencia en trámite (Res. FI N.º 204/2026)',
               ${opts.grantedBy}
          from perfiles_alumno where usuario_id = ${opts.alumnoUserId}`,
  );
}
