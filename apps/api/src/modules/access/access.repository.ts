import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { calificacionesExamenSql, teachesSql } from './access.sql.js';

/** Whether `userId` is the head or an auxiliary professor of the subject-period. */
export async function teaches(db: DbOrTx, materiaPeriodoId: number, userId: number): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(db, sql`select ${teachesSql(materiaPeriodoId, userId)} as ok`);
  return row?.ok === true;
}

/** Whether `userId` scores the exam: its professor, or a professor of its subject-period. */
export async function calificacionesExamen(db: DbOrTx, examenId: number, userId: number): Promise<boolean> {
  const found = await rows<{ ok: boolean }>(
    db,
    sql`select true as ok from examenes e where e.id = ${examenId} and ${calificacionesExamenSql(userId)}`,
  );
  return found.length > 0;
}

/** The student profile of a user, when they have one. */
export async function perfilAlumnoOfUser(db: DbOrTx, usuarioId: number): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(db, sql`select id from perfiles_alumno where usuario_id = ${usuarioId}`);
  return row?.id;
}
