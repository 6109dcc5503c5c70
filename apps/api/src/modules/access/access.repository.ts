import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray, rows } from '../../db/sql.js';
import { calificacionesExamenSql, taughtByUserSql } from './access.sql.js';

/*
 * The SQL of ownership. A question over a set of ids is one statement (`= any(int[])`), as a list needs it:
 * the answer is the subset the user owns, and the caller refuses the whole set or keeps that subset.
 */

/** The subject-periods among `materiaPeriodoIds` that `userId` teaches (head or auxiliary professor). */
export async function taughtAmong(
  db: DbOrTx,
  userId: number,
  materiaPeriodoIds: readonly number[],
): Promise<Set<number>> {
  if (materiaPeriodoIds.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct materia_periodo_id as id from profesores_materia_periodo
         where usuario_id = ${userId} and materia_periodo_id = any(${intArray(materiaPeriodoIds)})`,
  );
  return new Set(found.map((r) => r.id));
}

/** The users among `usuarioIds` who teach subject-period `materiaPeriodoId` (a planning row's professor). */
export async function teachersAmong(
  db: DbOrTx,
  materiaPeriodoId: number,
  usuarioIds: readonly number[],
): Promise<Set<number>> {
  if (usuarioIds.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct usuario_id as id from profesores_materia_periodo
         where materia_periodo_id = ${materiaPeriodoId} and usuario_id = any(${intArray(usuarioIds)})`,
  );
  return new Set(found.map((r) => r.id));
}

/** The users among `usuarioIds` enrolled in a subject-period `profesorId` teaches (head or auxiliary). */
export async function alumnosTaughtAmong(
  db: DbOrTx,
  profesorId: number,
  usuarioIds: readonly number[],
): Promise<Set<number>> {
  if (usuarioIds.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct pa.usuario_id as id
          from perfiles_alumno pa
          join inscripciones_materia im on im.perfil_alumno_id = pa.id
         where pa.usuario_id = any(${intArray(usuarioIds)}) and im.materia_periodo_id in ${taughtByUserSql(profesorId)}`,
  );
  return new Set(found.map((r) => r.id));
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

/** Who a user is for the rules of who changes which account: their id and whether they are an Admin. */
export async function userTarget(db: DbOrTx, usuarioId: number): Promise<{ id: number; esAdmin: boolean } | undefined> {
  const [row] = await rows<{ id: number; esAdmin: boolean }>(
    db,
    sql`select id, es_admin as "esAdmin" from usuarios where id = ${usuarioId}`,
  );
  return row;
}
