import { can, MSG, type Permission } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { findMateriaPeriodo } from '../subject-periods/materia-periodo.service.js';
import * as repo from './access.repository.js';

/*
 * Who may touch which object (DOMAIN.md section 2), in one place: every service asks here before it reads or
 * changes a subject-period, a student's profile or an exam's scores. The decision reads the permission table
 * (`can`), never a role; anyone without the right gets the 404 of a missing object, so ids cannot be probed
 * (docs/decisions/020-access-module.md).
 */

/**
 * 'read': see a subject-period and its students, homework, attendance, grades and planning; 'edit': change
 * them. Both are granted today by the same permissions; the window of each change (Preliminar, deadlines)
 * is the caller's rule, not an access rule.
 */
export type Mode = 'read' | 'edit';

/** The permission to act on every subject-period (`any`) and on those the user teaches (`own`), per mode. */
const MATERIA_PERIODO: Record<Mode, { any: Permission; own: Permission }> = {
  read: { any: 'teaching:any', own: 'teaching:own' },
  edit: { any: 'teaching:any', own: 'teaching:own' },
};

/**
 * Whether a user who does (`teaches`) or does not teach a subject-period may act on it, for a statement
 * that read `teachesSql` with its own checks (the autosaves).
 */
export function teachingAllowed(user: AuthUser, teaches: boolean, mode: Mode = 'edit'): boolean {
  const rule = MATERIA_PERIODO[mode];
  return can(user, rule.any) || (teaches && can(user, rule.own));
}

/** The subject-period if the user may read or edit it: any with 'teaching:any', those they teach with 'teaching:own'. */
export async function requireMateriaPeriodo(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  mode: Mode,
  notFound: string = MSG.materiaPeriodoNotFound,
) {
  const found = await findMateriaPeriodo(db, id);
  if (!found || !(await mayActOnMateriaPeriodo(db, user, id, mode))) throw AppError.notFound(notFound);
  return found;
}

/** Whether the user may read or edit the subject-period `id` (it need not exist: then only 'teaching:any'). */
export async function mayActOnMateriaPeriodo(db: DbOrTx, user: AuthUser, id: number, mode: Mode): Promise<boolean> {
  return (await materiasPeriodoAllowed(db, user, [id], mode)).has(id);
}

/**
 * The subject-periods among `ids` the user may read or edit, in one statement: all of them with the `any`
 * permission (existing or not, as `mayActOnMateriaPeriodo`), those they teach with the `own` one, none
 * without either. For a list that keeps what the user may see.
 */
export async function materiasPeriodoAllowed(
  db: DbOrTx,
  user: AuthUser,
  ids: readonly number[],
  mode: Mode,
): Promise<Set<number>> {
  const rule = MATERIA_PERIODO[mode];
  if (can(user, rule.any)) return new Set(ids);
  return can(user, rule.own) ? repo.taughtAmong(db, user.id, ids) : new Set();
}

/**
 * Refuses a set of subject-periods as a whole: one the user may not act on (someone else's, or missing for
 * a user without 'teaching:any') answers the 404 of a missing one, so a set cannot probe ids either.
 */
export async function requireMateriasPeriodo(
  db: DbOrTx,
  user: AuthUser,
  ids: readonly number[],
  mode: Mode,
  notFound: string = MSG.materiaPeriodoNotFound,
): Promise<void> {
  const allowed = await materiasPeriodoAllowed(db, user, ids, mode);
  if (ids.some((id) => !allowed.has(id))) throw AppError.notFound(notFound);
}

/**
 * The subject-periods among `ids` the user teaches, whatever their other permissions: what only a
 * subject-period's own professors do (a hand-in's feedback), staff included only when they teach it.
 */
export const taughtAmong = (db: DbOrTx, user: AuthUser, ids: readonly number[]) => repo.taughtAmong(db, user.id, ids);

/** Of the users `usuarioIds` who may appear as a professor of subject-period `materiaPeriodoId`: those who teach it. */
export const teachersAmong = (db: DbOrTx, materiaPeriodoId: number, usuarioIds: readonly number[]) =>
  repo.teachersAmong(db, materiaPeriodoId, usuarioIds);

/**
 * `null` when `any` lets the user see every object of a list, else the user's id: the list keeps only their
 * own (the subject-periods they teach, the exams they score).
 */
export const onlyOwn = (user: AuthUser, any: Permission): number | null => (can(user, any) ? null : user.id);

/**
 * A student profile the user may act on: any with the `any` permission, else only their own. `load` reads
 * the profile as the caller needs it (it must carry its owner's `usuarioId`).
 */
export async function requirePerfilAlumno<T extends { usuarioId: number }>(
  db: DbOrTx,
  user: AuthUser,
  perfilAlumnoId: number,
  rule: { any: Permission; notFound: string; load: (db: DbOrTx, id: number) => Promise<T | undefined> },
): Promise<T> {
  const found = await rule.load(db, perfilAlumnoId);
  if (!found || (!can(user, rule.any) && found.usuarioId !== user.id)) throw AppError.notFound(rule.notFound);
  return found;
}

/** The id of the user's own student profile, if `own` lets them have one (a student); else undefined. */
export async function ownPerfilAlumnoId(db: DbOrTx, user: AuthUser, own: Permission): Promise<number | undefined> {
  return can(user, own) ? repo.perfilAlumnoOfUser(db, user.id) : undefined;
}

/** Whether the user may change the exam's scores: any with 'exam-scores:any', those they score with 'exam-scores:own'. */
export async function calificacionesExamen(db: DbOrTx, user: AuthUser, examenId: number): Promise<boolean> {
  if (can(user, 'exam-scores:any')) return true;
  return can(user, 'exam-scores:own') && (await repo.calificacionesExamen(db, examenId, user.id));
}
