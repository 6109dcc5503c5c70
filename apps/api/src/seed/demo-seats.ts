import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { NOTA_APROBACION } from '../db/schema/index.js';
import { rows } from '../db/sql.js';
import { correlativasMet } from './demo-correlatives.js';

/**
 * Seat limits in the demo (issue 29): one in four sections of the active period gets a cap with a few seats
 * left, and one subject alumno@demo can take (of their malla and semester, not enrolled, not passed, its
 * correlatives met, no clash with their classes) is full, with three other students of the malla who could
 * take it too on its waiting list, so the
 * student sees 'Sin cupo' and joins the list at position 4. The counters start from the true counts.
 */
export async function insertCuposDemo(tx: Tx, activePeriodoId: number, alumnoUserId: number, now: Date): Promise<void> {
  const [full] = await rows<{ id: number; mallaId: number; materiaMallaId: number }>(
    tx,
    sql`with alumno as (select id, malla_id from perfiles_alumno where usuario_id = ${alumnoUserId}),
         mios as (
           select h.dia, h.hora_inicio, h.hora_fin from inscripciones_materia i
             join horarios h on h.materia_periodo_id = i.materia_periodo_id
            where i.perfil_alumno_id = (select id from alumno) and i.periodo_id = ${activePeriodoId})
        select mp.id, mm.malla_id as "mallaId", mm.id as "materiaMallaId"
          from materias_periodo mp join materias_malla mm on mm.id = mp.materia_malla_id
         where mp.periodo_id = ${activePeriodoId} and mm.malla_id = (select malla_id from alumno)
           and exists (select 1 from horarios h where h.materia_periodo_id = mp.id)
           and exists (select 1 from inscripciones_materia i where i.materia_periodo_id = mp.id)
           and not exists (select 1 from inscripciones_materia i
                            where i.perfil_alumno_id = (select id from alumno) and i.materia_malla_id = mm.id
                              and i.periodo_id = ${activePeriodoId})
           and not exists (select 1 from resultados_examen r join materias_malla rm on rm.id = r.materia_malla_id
                            where r.perfil_alumno_id = (select id from alumno) and rm.materia_id = mm.materia_id
                              and r.calificacion >= ${NOTA_APROBACION})
           and ${correlativasMet(sql`(select id from alumno)`, sql`mm.id`, now)}
           and not exists (select 1 from horarios h join mios on mios.dia = h.dia
                            and h.hora_inicio < mios.hora_fin and mios.hora_inicio < h.hora_fin
                            where h.materia_periodo_id = mp.id)
         order by mm.semestre_nro_orden, mp.id
         limit 1`,
  );
  const capped = sql`(select mp.id from materias_periodo mp where mp.periodo_id = ${activePeriodoId} and mp.id % 4 = 0
                      ${full ? sql`union select ${full.id}` : sql``})`;
  await tx.execute(
    sql`insert into asientos_materia_periodo (materia_periodo_id, ocupados)
        select c.id, (select count(*) from inscripciones_materia i where i.materia_periodo_id = c.id)
          from ${capped} as c(id)`,
  );
  // A few seats left (3 to 12) on the capped ones; none on the full one.
  await tx.execute(
    sql`update materias_periodo mp
           set cupo = greatest(1, a.ocupados + case when mp.id = ${full?.id ?? 0} then 0 else 3 + mp.id % 10 end)
          from asientos_materia_periodo a
         where a.materia_periodo_id = mp.id`,
  );
  if (!full) return;
  await tx.execute(
    sql`insert into lista_espera (materia_periodo_id, perfil_alumno_id, fecha_alta)
        select ${full.id}, pa.id, now() - make_interval(mins => (4 - row_number() over (order by pa.id))::int * 30)
          from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id
         where pa.malla_id = ${full.mallaId} and pa.usuario_id <> ${alumnoUserId}
           and not exists (select 1 from inscripciones_materia i
                            where i.perfil_alumno_id = pa.id and i.materia_malla_id = ${full.materiaMallaId}
                              and i.periodo_id = ${activePeriodoId})
           and not exists (select 1 from resultados_examen r join materias_malla rm on rm.id = r.materia_malla_id
                            where r.perfil_alumno_id = pa.id and r.calificacion >= ${NOTA_APROBACION}
                              and rm.materia_id = (select materia_id from materias_malla where id = ${full.materiaMallaId}))
           and ${correlativasMet(sql`pa.id`, sql`${full.materiaMallaId}::int`, now)}
         order by pa.id
         limit 3`,
  );
}

/**
 * Three students of the malla who could wait for `materiaMallaId` in the active period (not enrolled in it,
 * not passed, its correlatives taken in the earlier period), chosen before those are regularised
 * (regulariseCorrelatives) so that the full section's list is three long.
 */
export async function waitingCandidates(
  tx: Tx,
  opts: { activeId: number; earlierId: number; materiaMallaId: number; alumnoUserId: number },
): Promise<number[]> {
  const found = await rows<{ usuarioId: number }>(
    tx,
    sql`select pa.usuario_id as "usuarioId" from perfiles_alumno pa
         where pa.malla_id = (select malla_id from materias_malla where id = ${opts.materiaMallaId})
           and pa.usuario_id <> ${opts.alumnoUserId}
           and not exists (select 1 from inscripciones_materia i
                            where i.perfil_alumno_id = pa.id and i.materia_malla_id = ${opts.materiaMallaId}
                              and i.periodo_id = ${opts.activeId})
           and not exists (select 1 from correlativas c
                            where c.materia_malla_id = ${opts.materiaMallaId}
                              and not exists (select 1 from inscripciones_materia e
                                               where e.perfil_alumno_id = pa.id and e.periodo_id = ${opts.earlierId}
                                                 and e.materia_malla_id = c.requiere_id))
         order by pa.id
         limit 3`,
  );
  return found.map((r) => r.usuarioId);
}
