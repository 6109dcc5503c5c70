import { sql } from 'drizzle-orm';
import { EstadoPublicacion } from '@arandu/shared';
import type { Tx } from '../db/client.js';
import { rows } from '../db/sql.js';

/**
 * A rectification of a sealed subject-period's record (issue 30): one student's % Asistencia was short by the
 * last week's sheet, which reached the office after sealing; the Funcionario the root granted
 * 'actas:rectificar' sealed the correction. The student is not the demo student, whose screens other demos
 * show. The database numbers the rectification, stamps it and keeps the figure it replaces; the enrolment row
 * is untouched.
 */
export async function insertMateriaRectification(tx: Tx, demoAlumnoUserId: number, rectifierId: number) {
  const [row] = await rows<{ id: number; materiaPeriodoId: number; asistencia: number }>(
    tx,
    sql`select i.id, i.materia_periodo_id as "materiaPeriodoId", i.porcentaje_asistencia::float8 as asistencia
          from inscripciones_materia i
          join materias_periodo mp on mp.id = i.materia_periodo_id
          join perfiles_alumno pa on pa.id = i.perfil_alumno_id
         where mp.estado = ${EstadoPublicacion.Sellado} and pa.usuario_id <> ${demoAlumnoUserId}
           and i.porcentaje_asistencia between 40 and 80
         order by mp.id, i.id
         limit 1`,
  );
  if (!row) return;
  await tx.execute(sql`select set_config('app.user_id', ${String(rectifierId)}, true)`);
  await tx.execute(
    sql`insert into rectificaciones_materia (materia_periodo_id, inscripcion_materia_id, numero, nro_rectificacion,
                                             motivo, usuario_id, porcentaje_asistencia, porcentaje_pp)
        select ${row.materiaPeriodoId}, i.id, 0, '',
               'La planilla de asistencia de la última semana llegó a la secretaría después del sellado',
               ${rectifierId}, ${Math.min(100, row.asistencia + 15)}, i.porcentaje_pp
          from inscripciones_materia i where i.id = ${row.id}`,
  );
  await tx.execute(sql`select set_config('app.user_id', '', true)`);
}
