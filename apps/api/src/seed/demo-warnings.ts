import { dateInAsuncion } from '@arandu/shared';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../db/sql.js';
import { finishRun, insertNew, preliminaryMateriasPeriodo, startRun } from '../modules/alerts/alerts.repository.js';
import { findWarnings } from '../modules/alerts/alerts.service.js';
import { getSettings } from '../modules/settings/settings.service.js';
import { recomputeAsistencia, recomputePP } from '../modules/teaching/percentages.repository.js';
import { addDays } from './calendar.js';
import type { WriteTx } from '../db/tx.js';

/**
 * Early warnings on the demo professor's subjects (issue 30). Three days into the term the demo has two sessions
 * and one homework scored, before any warning may be given; in three of the professor's subjects (first the one
 * alumno@demo takes) a consultation class was added on the second day (where attendance is taken by session) and a
 * short quiz (where there is homework), and two students missed all three classes and did poorly in the homework. The daily job's own rule then finds and stores
 * their warnings, dated `now`, recorded as a run of the daily job over those subjects (so the administrators'
 * 'Alertas tempranas' screen shows a last run, issue 44). No mail is queued: the demo's students are made up.
 */
export async function insertDemoWarnings(
  tx: WriteTx,
  opts: { activePeriodoId: number; professorId: number; studentUserId: number; now: Date },
): Promise<number> {
  const day2 = addDays(dateInAsuncion(opts.now), -2);
  const targets = await rows<{ id: number; weights: boolean; manual: boolean }>(
    tx,
    sql`select mp.id, mp.utiliza_porcentaje_peso_materia as weights, mp.editar_asistencias as manual
          from materias_periodo mp
          join profesores_materia_periodo pm on pm.materia_periodo_id = mp.id
         where pm.usuario_id = ${opts.professorId} and pm.rol = 'Encargado'
           and mp.periodo_id = ${opts.activePeriodoId} and mp.estado = 0
           and exists (select 1 from inscripciones_materia i where i.materia_periodo_id = mp.id)
         order by exists (select 1 from inscripciones_materia i join perfiles_alumno pa on pa.id = i.perfil_alumno_id
                           where i.materia_periodo_id = mp.id and pa.usuario_id = ${opts.studentUserId}) desc, mp.id
         limit 3`,
  );
  for (const mp of targets) {
    const atRisk = sql`(select i.id from inscripciones_materia i join perfiles_alumno pa on pa.id = i.perfil_alumno_id
                         where i.materia_periodo_id = ${mp.id}
                         order by (pa.usuario_id = ${opts.studentUserId}) desc, i.id limit 2)`;
    // The consultation class (not where attendance is entered by hand): everyone present but the two at risk.
    if (!mp.manual) await insertConsultation(tx, mp.id, day2, atRisk);
    await lowHomework(tx, mp, day2, atRisk);
    await recomputePP(tx, { materiaPeriodoId: mp.id });
    await recomputeAsistencia(tx, { materiaPeriodoId: mp.id });
  }
  const settings = await getSettings(tx);
  const mine = new Set(targets.map((t) => t.id));
  const ejecucionId = await startRun(tx, { origen: 'programada', usuarioId: null, inicio: opts.now });
  const run = { materias: 0, encontradas: 0, alertas: 0, correos: 0 };
  for (const mp of (await preliminaryMateriasPeriodo(tx)).filter((m) => mine.has(m.id))) {
    const found = await findWarnings(tx, mp, settings);
    run.materias++;
    run.encontradas += found.length;
    run.alertas += (
      await insertNew(
        tx,
        found.map((a) => ({ ...a, fecha: opts.now.toISOString(), ejecucionId })),
      )
    ).length;
  }
  await finishRun(tx, ejecucionId, opts.now, run);
  return run.alertas;
}

/** A class on the second day, everyone present; then the two at risk absent from every class. */
async function insertConsultation(tx: WriteTx, materiaPeriodoId: number, day2: string, atRisk: SQL) {
  const mp = { id: materiaPeriodoId };
  await tx.execute(sql`
      with s as (insert into asistencias (materia_periodo_id, fecha, referencia, aula)
                 values (${mp.id}, ${day2}::date, 'Clase de consulta', 'A-' || (100 + ${mp.id} % 40)) returning id)
      insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente, secuencia)
      select s.id, i.id, true, 1 from s, inscripciones_materia i where i.materia_periodo_id = ${mp.id}`);
  await tx.execute(sql`
      insert into asistencias_alumnos (asistencia_id, inscripcion_materia_id, presente, secuencia)
      select a.id, i.id, false, 2 from asistencias a, inscripciones_materia i
       where a.materia_periodo_id = ${mp.id} and i.id in ${atRisk}
      on conflict (asistencia_id, inscripcion_materia_id) do update set presente = false, secuencia = 2`);
}

/** Subjects with homework get a short quiz of the second day; the two at risk scored low in every one scored. */
async function lowHomework(tx: WriteTx, mp: { id: number; weights: boolean }, day2: string, atRisk: SQL) {
  await tx.execute(sql`
      with q as (insert into tareas_materia (materia_periodo_id, descripcion, tipo_tarea, puntaje_total, porcentaje_peso_materia, fecha_entrega)
                 select ${mp.id}, 'Cuestionario 1', 1, 10, ${mp.weights ? 10 : 0}, ${day2}::date
                  where exists (select 1 from tareas_materia t where t.materia_periodo_id = ${mp.id})
                 returning id)
      insert into tareas_materia_alumnos (tarea_materia_id, inscripcion_materia_id, puntaje_obtenido, secuencia)
      select q.id, i.id, 6 + (i.id % 5), 1 from q, inscripciones_materia i where i.materia_periodo_id = ${mp.id}`);
  await tx.execute(sql`
      insert into tareas_materia_alumnos (tarea_materia_id, inscripcion_materia_id, puntaje_obtenido, secuencia)
      select t.id, i.id, round(t.puntaje_total * 0.2), 2 from tareas_materia t, inscripciones_materia i
       where t.materia_periodo_id = ${mp.id} and i.id in ${atRisk}
         and exists (select 1 from tareas_materia_alumnos s where s.tarea_materia_id = t.id)
      on conflict (tarea_materia_id, inscripcion_materia_id) do update set puntaje_obtenido = excluded.puntaje_obtenido`);
}
