import { MSG, ownIdentityLocked, userChangeRefusal } from '@arandu/shared';
import { AuditedRefusal } from '../audit/refusals.js';
import type { AuthUser, RoleFlags } from '../auth/auth-user.js';

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

type Identity = RoleFlags & { email: string };

/**
 * Refuses (403, audited) an Admin's change of their own roles or e-mail through 'Usuarios del Sistema'
 * (`ownIdentityLocked`); the same values sent back unchanged pass.
 */
export function assertOwnIdentityKept(actor: AuthUser, existing: Identity & { id: number }, next: Identity) {
  if (!ownIdentityLocked(actor, existing.id)) return;
  const changed =
    next.email !== existing.email ||
    next.esAlumno !== existing.esAlumno ||
    next.esProfesor !== existing.esProfesor ||
    next.esFuncionario !== existing.esFuncionario ||
    next.esAdmin !== existing.esAdmin;
  if (changed) {
    throw new AuditedRefusal(MSG.ownIdentityLocked, {
      tabla: 'usuarios',
      clave: existing.id,
      accion: USER_ACTIONS.edit,
    });
  }
}
