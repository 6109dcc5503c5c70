import { sql, type SQL } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { correlativas } from '../db/schema/index.js';
import { intArray, rows } from '../db/sql.js';
import { avanceSql } from '../modules/enrolments/correlative-standing.js';
import { recomputeAsistencia, recomputePP } from '../modules/teaching/percentages.repository.js';
import type { SeededMalla, SeededMateria } from './catalog.js';

/**
 * The subjects of the semester before that a malla subject requires, regularised (issue 29): the one in the same
 * position (the last one for a longer semester), and the first subject also the second one (Cálculo III asks for
 * Cálculo II and Física II). Every semester but the first has them; the demo's students took what they require
 * (demo-students.ts) and regularised it (regulariseCorrelatives), and the seats, the waiting list and the exams
 * follow them.
 */
export function requiredOf(malla: SeededMalla, materia: SeededMateria): SeededMateria[] {
  const before = malla.semestres[materia.semestre - 2] ?? [];
  if (before.length === 0) return [];
  return materia.index === 0 ? before.slice(0, 2) : [before[Math.min(materia.index, before.length - 1)]!];
}

/**
 * SQL: whether the student `perfil` meets the correlatives of the malla subject `materiaMalla` for enrolling
 * (as correlative-standing.ts's `avanceSql` reads them, with the default settings), or has an
 * exception for it. For the seed's own choices (the full section, its waiting list); the app reads its own.
 */
export const correlativasMet = (perfil: SQL, materiaMalla: SQL, now: Date) =>
  sql`(exists (select 1 from excepciones_correlativa x
                where x.perfil_alumno_id = ${perfil} and x.materia_malla_id = ${materiaMalla})
       or not exists (
         select 1 from correlativas c join materias_malla rq on rq.id = c.requiere_id
          where c.materia_malla_id = ${materiaMalla}
            and case when c.condicion = 'regular' then ${avanceSql(perfil, SETTINGS_DEFAULTS, now)} = 'ninguno'
                     else ${avanceSql(perfil, SETTINGS_DEFAULTS, now)} <> 'aprobada' end))`;

/** SQL: whether the student `perfil` passed every correlative of `materiaMalla` (what sitting its exam asks). */
export const correlativasPassed = (perfil: SQL, materiaMalla: SQL, now: Date) =>
  sql`not exists (select 1 from correlativas c join materias_malla rq on rq.id = c.requiere_id
                   where c.materia_malla_id = ${materiaMalla}
                     and ${avanceSql(perfil, SETTINGS_DEFAULTS, now)} <> 'aprobada')`;

/** The correlatives of every demo malla, all semesters (requiredOf). */
export async function insertCorrelativasDemo(tx: Tx, mallas: SeededMalla[]): Promise<void> {
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
 * The demo's documented exceptions (the staff's exception list shows them), granted by funcionario@demo. Both
 * fixed accounts whose first semester is not in the demo came with it recognised by equivalence:
 * - alumno@demo, by transfer: Cálculo II, which asks for Cálculo I and Álgebra Lineal, is open to them;
 * - nuevo@demo, when the active period is an even one: they start in its first semester, the second, and
 *   have no history, so every subject of it is open.
 */
export async function insertDemoExceptions(
  tx: Tx,
  grantedBy: number,
  list: { userId: number; materiaMallaIds: number[]; motivo: string }[],
): Promise<void> {
  for (const e of list.filter((x) => x.materiaMallaIds.length > 0)) {
    await tx.execute(
      sql`insert into excepciones_correlativa (perfil_alumno_id, materia_malla_id, motivo, otorgada_por)
          select pa.id, m.id, ${e.motivo}, ${grantedBy}
            from perfiles_alumno pa cross join unnest(${intArray(e.materiaMallaIds)}) as m(id)
           where pa.usuario_id = ${e.userId}`,
    );
  }
}

/**
 * Run after the teaching figures, before the earlier period is published: the earlier enrolments the active
 * period's ones require (and all of the fixed accounts', whose history is chosen) become regular, every class
 * attended and each homework scored at least 60 %, then their percentages are computed again as the app
 * computes them. `short` is the deliberate exception: attendance at every other class, so its correlative
 * stays unmet and alumno@demo finds one subject locked.
 */
export async function regulariseCorrelativas(
  tx: Tx,
  opts: {
    earlierId: number;
    activeId: number;
    wholeSemesterOf: number[];
    short: { userId: number; materiaMallaId: number };
  },
): Promise<void> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select e.id from inscripciones_materia e
          join materias_malla em on em.id = e.materia_malla_id
         where e.periodo_id = ${opts.earlierId}
           and (exists (select 1 from inscripciones_materia a
                          join correlativas c on c.materia_malla_id = a.materia_malla_id
                          join materias_malla rq on rq.id = c.requiere_id
                         where a.perfil_alumno_id = e.perfil_alumno_id and a.periodo_id = ${opts.activeId}
                           and rq.materia_id = em.materia_id)
                or e.perfil_alumno_id in (select id from perfiles_alumno where usuario_id = any(${intArray(opts.wholeSemesterOf)})))
           and not (e.materia_malla_id = ${opts.short.materiaMallaId}
                    and e.perfil_alumno_id = (select id from perfiles_alumno where usuario_id = ${opts.short.userId}))`,
  );
  const ids = intArray(found.map((r) => r.id));
  await tx.execute(
    sql`insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente, secuencia)
        select a.id, i.id, true, 1 from inscripciones_materia i join asistencias a on a.materia_periodo_id = i.materia_periodo_id
         where i.id = any(${ids})
           and not exists (select 1 from asistencias_alumnos x where x.asistencia_id = a.id and x.inscripcion_materia_id = i.id)`,
  );
  await tx.execute(
    sql`update asistencias_alumnos set presente = true where inscripcion_materia_id = any(${ids}) and not presente`,
  );
  await tx.execute(
    sql`update inscripciones_materia i set porcentaje_asistencia = greatest(i.porcentaje_asistencia, ${SETTINGS_DEFAULTS.minAsistenciaExamen} + i.id % 30)
          from materias_periodo mp
         where mp.id = i.materia_periodo_id and mp.editar_asistencias and i.id = any(${ids})`,
  );
  await tx.execute(
    sql`insert into tareas_materia_alumnos (tarea_materia_id, inscripcion_materia_id, puntaje_obtenido, secuencia)
        select t.id, i.id, ceil(t.puntaje_total * 0.6), 1
          from inscripciones_materia i join tareas_materia t on t.materia_periodo_id = i.materia_periodo_id
         where i.id = any(${ids})
           and not exists (select 1 from tareas_materia_alumnos x where x.tarea_materia_id = t.id and x.inscripcion_materia_id = i.id)`,
  );
  await tx.execute(
    sql`update tareas_materia_alumnos x set puntaje_obtenido = ceil(t.puntaje_total * 0.6)
          from tareas_materia t
         where t.id = x.tarea_materia_id and x.inscripcion_materia_id = any(${ids})
           and x.puntaje_obtenido < ceil(t.puntaje_total * 0.6)`,
  );
  const short = sql`(select i.id from inscripciones_materia i join perfiles_alumno pa on pa.id = i.perfil_alumno_id
                      where pa.usuario_id = ${opts.short.userId} and i.periodo_id = ${opts.earlierId}
                        and i.materia_malla_id = ${opts.short.materiaMallaId})`;
  await tx.execute(
    sql`update asistencias_alumnos set presente = asistencia_id % 2 = 0 where inscripcion_materia_id = ${short}`,
  );
  await tx.execute(
    sql`update inscripciones_materia i set porcentaje_asistencia = 55 from materias_periodo mp
         where mp.id = i.materia_periodo_id and mp.editar_asistencias and i.id = ${short}`,
  );
  await recomputePP(tx, { periodoId: opts.earlierId });
  await recomputeAsistencia(tx, { periodoId: opts.earlierId });
}
