import { can, identityLockedReason, MSG, userChangeRefusal } from '@arandu/shared';
import type { AuthUser, RoleFlags } from '../auth/auth-user.js';

/** What of an account decides who reaches it: its e-mail (where resets go) and its roles. */
export type AccountIdentity = RoleFlags & { email: string };

const ROLE_KEYS = ['esAlumno', 'esProfesor', 'esFuncionario', 'esAdmin'] as const;

/**
 * Why `actor` may not change `existing`'s account into `next`, or undefined when they may: the one rule of
 * 'Usuarios del Sistema' and of every import (issue 40), so the two cannot drift.
 * - Another Admin's account, the root's included, is the root administrator's to change (security issue 28).
 * - Granting or removing Admin is an Admin's (`users:grant-admin`); imports never touch it.
 * - An Admin's own roles and e-mail stay; a staff member's are an Admin's to change (`identityLockedReason`,
 *   which the web's form reads to lock those fields).
 */
export function accountChangeRefusal(
  actor: AuthUser,
  existing: AccountIdentity & { id: number },
  next: AccountIdentity,
): string | undefined {
  const refusal = userChangeRefusal(actor, existing);
  if (refusal) return refusal;
  const identityChanged = next.email !== existing.email || ROLE_KEYS.some((key) => next[key] !== existing[key]);
  if (!identityChanged) return undefined;
  if (next.esAdmin !== existing.esAdmin && !can(actor, 'users:grant-admin')) return MSG.adminGrantOnlyByAdmin;
  return identityLockedReason(actor, existing);
}

/** Why `actor` may not create an account with the roles `next`, or undefined: granting Admin is an Admin's. */
export function accountCreationRefusal(actor: AuthUser, next: RoleFlags): string | undefined {
  return next.esAdmin && !can(actor, 'users:grant-admin') ? MSG.adminGrantOnlyByAdmin : undefined;
}
