import { can, MSG, userChangeRefusal } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './access.repository.js';

/*
 * Who may see or change a user's record and photo (DOMAIN.md section 2), read from the permission table:
 * 'users:manage' is staff's (Funcionario and Admin), 'teaching:own' a professor's. Someone else's record
 * answers the 404 of a missing one. Which Admin changes which account is `user-changes.ts`'s rule.
 */

const userNotFound = () => AppError.notFound(MSG.userNotFound);

/** Whether the actor manages every user ('Usuarios del Sistema'): create, edit anyone, their core fields. */
export const managesUsers = (actor: AuthUser): boolean => can(actor, 'users:manage');

/** A user record the actor may read: their own, or anyone's with 'users:manage'; else the 404 of a missing one. */
export function requireUserReadable(actor: AuthUser, usuarioId: number): void {
  if (usuarioId !== actor.id && !managesUsers(actor)) throw userNotFound();
}

/** A user whose photo the actor may change: their own, or anyone's with 'users:manage'; else 404. */
export function requirePhotoChangeable<T extends { id: number }>(actor: AuthUser, target: T | undefined): T {
  if (!target || (target.id !== actor.id && !managesUsers(actor))) throw userNotFound();
  return target;
}

/** Whether the user form's teaching categories (escalafón, materias) are for the actor: staff edit them, a professor sees theirs. */
export const seesTeachingCategories = (actor: AuthUser): boolean => managesUsers(actor) || can(actor, 'teaching:own');

/**
 * The users among `usuarioIds` whose photo the actor may see, in one statement: their own, everyone's with
 * 'users:manage', and with 'teaching:own' the students enrolled in a subject-period the actor teaches.
 */
export async function photosReadable(db: DbOrTx, actor: AuthUser, usuarioIds: readonly number[]): Promise<Set<number>> {
  if (managesUsers(actor)) return new Set(usuarioIds);
  const allowed = new Set(usuarioIds.filter((id) => id === actor.id));
  const others = usuarioIds.filter((id) => id !== actor.id);
  if (others.length > 0 && can(actor, 'teaching:own')) {
    for (const id of await repo.alumnosTaughtAmong(db, actor.id, others)) allowed.add(id);
  }
  return allowed;
}

/** The photo of `usuarioId` is the actor's to see (`photosReadable`); else the 404 of a missing user. */
export async function requirePhotoReadable(db: DbOrTx, actor: AuthUser, usuarioId: number): Promise<void> {
  if (!(await photosReadable(db, actor, [usuarioId])).has(usuarioId)) throw userNotFound();
}

/**
 * A user whose record staff manage (their sessions, their security events): a missing one is 404; another
 * Admin, the root included, is the root administrator's (403 with the reason, security issue 28). The route
 * already requires 'users:manage'.
 */
export async function requireUserManageable(db: DbOrTx, actor: AuthUser, usuarioId: number): Promise<void> {
  const target = await repo.userTarget(db, usuarioId);
  if (!target) throw userNotFound();
  const refusal = userChangeRefusal(actor, target);
  if (refusal) throw AppError.forbidden(refusal);
}
