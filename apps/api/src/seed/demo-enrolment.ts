import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

/**
 * The enrolment area's part of the demo: every student already enrolled in the active period accepted the
 * 'Manifiesto de Conformidad' when they enrolled (at their first enrolment's time). Those not yet enrolled
 * (three in ten, and 'nuevo') still have it ahead of them. One statement.
 */
export async function insertEnrolmentDemo(tx: Tx, activePeriodoId: number): Promise<void> {
  await tx.execute(
    sql`insert into conformidades_inscripcion (perfil_alumno_id, periodo_id, fecha_conformidad)
        select perfil_alumno_id, periodo_id, min(fecha_inscripcion)
          from inscripciones_materia where periodo_id = ${activePeriodoId}
         group by perfil_alumno_id, periodo_id`,
  );
}
