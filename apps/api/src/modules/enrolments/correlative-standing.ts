import { sql, type SQL } from 'drizzle-orm';
import {
  correlativasPendientes,
  EstadoPublicacion,
  type AvanceCorrelativa,
  type Correlativa,
  type Settings,
} from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { correlativasOf } from '../mallas/mallas.service.js';
import { idList } from './enrolments.repository.js';

/**
 * SQL: how far the student got in the malla subject `rq` (a `materias_malla` row), as `AvanceCorrelativa` (issue
 * 29), matched by catalogue subject so a result of an earlier malla counts: 'aprobada' with a passing exam result;
 * 'regular' with a published or sealed result whose attendance and PP reach the exam minimums and whose right to
 * an exam has not expired. The save's picture (lines.repository.ts), `avanceOf` and the demo seed read it; the
 * student is an id, or a column when a query decides for many at once (the seed). `now` is SQL in the picture,
 * whose text is written once with its values as placeholders (`fixedStatement`).
 */
export const avanceSql = (
  perfilAlumnoId: number | SQL,
  cfg: Pick<Settings, 'minAsistenciaExamen' | 'minPPFinal'>,
  now: Date | SQL,
) => sql`case when exists (select 1 from resultados_examen r join materias_malla x on x.id = r.materia_malla_id
                            where r.perfil_alumno_id = ${perfilAlumnoId} and x.materia_id = rq.materia_id
                              and r.calificacion >= ${NOTA_APROBACION}) then 'aprobada'
              when exists (select 1 from inscripciones_materia_vigentes im
                             join materias_periodo mp on mp.id = im.materia_periodo_id
                             join materias_malla x on x.id = im.materia_malla_id
                            where im.perfil_alumno_id = ${perfilAlumnoId} and x.materia_id = rq.materia_id
                              and mp.estado <> ${EstadoPublicacion.Preliminar}
                              and coalesce(im.porcentaje_asistencia, 0) >= ${cfg.minAsistenciaExamen}
                              and coalesce(im.porcentaje_pp, 0) >= ${cfg.minPPFinal}
                              and (mp.fecha_expiracion is null or mp.fecha_expiracion > ${now instanceof Date ? now.toISOString() : now}::timestamptz))
              then 'regular' else 'ninguno' end`;

export async function avanceOf(
  db: DbOrTx,
  perfilAlumnoId: number,
  materiaMallaIds: number[],
  cfg: Pick<Settings, 'minAsistenciaExamen' | 'minPPFinal'>,
  now: Date,
): Promise<Map<number, AvanceCorrelativa>> {
  if (materiaMallaIds.length === 0) return new Map();
  const found = await rows<{ id: number; avance: AvanceCorrelativa }>(
    db,
    sql`select rq.id, ${avanceSql(perfilAlumnoId, cfg, now)} as avance
          from materias_malla rq where rq.id in (${idList(materiaMallaIds)})`,
  );
  return new Map(found.map((r) => [r.id, r.avance]));
}

/** The subjects (by malla row) for which staff waived the student's correlatives. */
export async function exceptionsOf(
  db: DbOrTx,
  perfilAlumnoId: number,
  materiaMallaIds: number[],
): Promise<Set<number>> {
  if (materiaMallaIds.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`select materia_malla_id as id from excepciones_correlativa
         where perfil_alumno_id = ${perfilAlumnoId} and materia_malla_id in (${idList(materiaMallaIds)})`,
  );
  return new Set(found.map((r) => r.id));
}

export interface CorrelativaStanding {
  correlativas: Map<number, Correlativa[]>;
  /** What is missing for each subject asked for: empty when nothing is, or an exception waives it. */
  pendientes(materiaMallaId: number, purpose: 'enrol' | 'exam'): string[];
}

/** Reads, in three set-based queries, what the correlative rule needs for one student and some subjects. */
export async function correlativaStanding(
  db: DbOrTx,
  perfilAlumnoId: number,
  materiaMallaIds: number[],
  cfg: Pick<Settings, 'minAsistenciaExamen' | 'minPPFinal'>,
  now: Date,
): Promise<CorrelativaStanding> {
  const ids = [...new Set(materiaMallaIds)];
  const [correlativas, exceptions] = await Promise.all([
    correlativasOf(db, ids),
    exceptionsOf(db, perfilAlumnoId, ids),
  ]);
  const required = [...new Set([...correlativas.values()].flat().map((c) => c.materiaMallaId))];
  const avance = await avanceOf(db, perfilAlumnoId, required, cfg, now);
  return standingFrom(correlativas, exceptions, avance);
}

/** The standing from what was read: the correlatives asked about, the exceptions, the progress in each required. */
export function standingFrom(
  correlativas: Map<number, Correlativa[]>,
  exceptions: Set<number>,
  avance: Map<number, AvanceCorrelativa>,
): CorrelativaStanding {
  return {
    correlativas,
    pendientes: (id, purpose) =>
      exceptions.has(id)
        ? []
        : correlativasPendientes(correlativas.get(id) ?? [], (r) => avance.get(r) ?? 'ninguno', purpose),
  };
}
