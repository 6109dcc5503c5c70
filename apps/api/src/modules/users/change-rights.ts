import { userChangeRefusal } from '@arandu/shared';
import { AuditedRefusal } from '../audit/refusals.js';
import { accountChangeRefusal, type AccountIdentity } from '../access/user-changes.js';
import type { AuthUser } from '../auth/auth-user.js';

/** The actions a refusal names in the audit log. */
export const USER_ACTIONS = {
  edit: 'Modificar usuario',
  reset: 'Restablecer contraseña',
  uploadPhoto: 'Cambiar foto',
  deletePhoto: 'Borrar foto',
  readMails: 'Ver correos',
} as const;
type UserAction = (typeof USER_ACTIONS)[keyof typeof USER_ACTIONS];

const PHOTO_ACTIONS: readonly UserAction[] = [USER_ACTIONS.uploadPhoto, USER_ACTIONS.deletePhoto];

/**
 * Refuses (403, audited) an edit, reset or photo change of a user the caller may not change: an Admin other
 * than themselves, unless the caller is the root administrator (`userChangeRefusal`, shared with the web).
 * Run it inside `auditingRefusals`.
 */
export function assertMayChangeUser(actor: AuthUser, target: { id: number; esAdmin: boolean }, accion: UserAction) {
  const refusal = userChangeRefusal(actor, target);
  if (!refusal) return;
  const tabla = PHOTO_ACTIONS.includes(accion) ? 'usuario_fotos' : 'usuarios';
  throw new AuditedRefusal(refusal, { tabla, clave: target.id, accion });
}

/**
 * Refuses (403, audited) a change of `existing`'s e-mail or roles the actor may not make
 * (`accountChangeRefusal`, the rule imports follow too); the same values sent back unchanged pass.
 */
export function assertAccountChangeAllowed(
  actor: AuthUser,
  existing: AccountIdentity & { id: number },
  next: AccountIdentity,
) {
  const refusal = accountChangeRefusal(actor, existing, next);
  if (!refusal) return;
  throw new AuditedRefusal(refusal, { tabla: 'usuarios', clave: existing.id, accion: USER_ACTIONS.edit });
}
