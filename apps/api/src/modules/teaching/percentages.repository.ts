import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';

/** Which enrolments to recompute: one, every one of a subject-period, or every one of a period (the seed). */
export type PercentagesScope = { materiaPeriodoId: number; inscripcionId?: number } | { periodoId: number };

const where = (scope: PercentagesScope): SQL =>
  'periodoId' in scope
    ? sql`i.periodo_id = ${scope.periodoId}`
    : scope.inscripcionId === undefined
      ? sql`i.materia_periodo_id = ${scope.materiaPeriodoId}`
      : sql`i.materia_periodo_id = ${scope.materiaPeriodoId} and i.id = ${scope.inscripcionId}`;

/**
 * Recomputes % PP from the homework (DOMAIN.md section 5), in the caller's transaction: with weights, the sum
 * of score / total x weight; without, the sum of scores over the sum of totals x 100. A missing score counts
 * 0. Without homework PP is entered by hand and is left alone, unless `clearWithoutHomework` (the last
 * homework was just deleted, so the figure it gave no longer stands). Rows whose value does not change
 * are not written, so the audit log records real changes only.
 */
export async function recomputePP(
  db: DbOrTx,
  scope: PercentagesScope,
  opts: { clearWithoutHomework?: boolean } = {},
): Promise<void> {
  await db.execute(ppUpdate(scope, opts));
}

/** As recomputePP for one enrolment, answering its % PP afterwards in the same statement. */
export async function recomputeAlumnoPP(
  db: DbOrTx,
  scope: { materiaPeriodoId: number; inscripcionId: number },
): Promise<number | null> {
  return updatedOrStored(db, ppUpdate(scope, {}), sql`porcentaje_pp`, scope.inscripcionId);
}

/** As recomputeAsistencia for one enrolment, answering its % Asistencia afterwards (a hand-entered one too). */
export async function recomputeAlumnoAsistencia(
  db: DbOrTx,
  scope: { materiaPeriodoId: number; inscripcionId: number },
): Promise<number | null> {
  return updatedOrStored(db, asistenciaUpdate(scope), sql`porcentaje_asistencia`, scope.inscripcionId);
}

/** The enrolment's `column` after `update`: the update's own row when it wrote one, else the row unchanged. */
async function updatedOrStored(db: DbOrTx, update: SQL, column: SQL, inscripcionId: number) {
  const [row] = await rows<{ value: number | null }>(
    db,
    sql`with cambio as (${update} returning i.${column} as value)
        select (case when exists (select 1 from cambio) then (select value from cambio)
                     else (select ${column} from inscripciones_materia where id = ${inscripcionId}) end)::float8 as value`,
  );
  return row?.value ?? null;
}

function ppUpdate(scope: PercentagesScope, opts: { clearWithoutHomework?: boolean }): SQL {
  return sql`
    update inscripciones_materia i
       set porcentaje_pp = least(calc.pp, 100)
      from (select i.id,
                   case when count(t.id) = 0 then null
                        when mp.utiliza_porcentaje_peso_materia
                          then round(coalesce(sum(coalesce(s.puntaje_obtenido, 0) / t.puntaje_total * t.porcentaje_peso_materia), 0), 2)
                        else round(coalesce(sum(s.puntaje_obtenido), 0) / sum(t.puntaje_total) * 100, 2)
                   end as pp,
                   count(t.id) as tareas
              from inscripciones_materia i
              join materias_periodo mp on mp.id = i.materia_periodo_id
              left join tareas_materia t on t.materia_periodo_id = i.materia_periodo_id
              left join tareas_materia_alumnos s on s.tarea_materia_id = t.id and s.inscripcion_materia_id = i.id
             where ${where(scope)}
             group by i.id, mp.utiliza_porcentaje_peso_materia) calc
     where i.id = calc.id
       and (calc.tareas > 0 or ${opts.clearWithoutHomework === true})
       and i.porcentaje_pp is distinct from least(calc.pp, 100)`;
}

/**
 * Recomputes % Asistencia (DOMAIN.md section 5): present sessions over all sessions of the subject-period x
 * 100, rounded; null while there is no session. Not for a subject-period with `editarAsistencias`, whose
 * percentage is entered by hand.
 */
export async function recomputeAsistencia(db: DbOrTx, scope: PercentagesScope) {
  await db.execute(asistenciaUpdate(scope));
}

function asistenciaUpdate(scope: PercentagesScope): SQL {
  return sql`
    update inscripciones_materia i
       set porcentaje_asistencia = calc.pct
      from (select i.id,
                   round(100.0 * (select count(*) from asistencias_alumnos aa join asistencias a on a.id = aa.asistencia_id
                                   where aa.inscripcion_materia_id = i.id and aa.presente
                                     and a.materia_periodo_id = i.materia_periodo_id)
                         / nullif((select count(*) from asistencias a where a.materia_periodo_id = i.materia_periodo_id), 0)) as pct
              from inscripciones_materia i
              join materias_periodo mp on mp.id = i.materia_periodo_id
             where ${where(scope)} and not mp.editar_asistencias) calc
     where i.id = calc.id and i.porcentaje_asistencia is distinct from calc.pct`;
}
