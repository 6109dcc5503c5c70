import type { Settings, SoloIngresoInstitucional } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import type { RoleFlags } from './auth-user.js';
import * as oidcRepo from './oidc.repository.js';

/**
 * Whether 'Sólo ingreso institucional' (issue 41) covers a user's roles: any of them being covered is enough,
 * since a password that opens one role's session opens all. 'personal' is funcionarios and administrators,
 * never the root administrator: that account is the way in when the provider is down.
 */
export function institutionalOnlyCovers(
  user: RoleFlags & { esAdminRoot: boolean },
  rule: SoloIngresoInstitucional,
): boolean {
  if (user.esAdminRoot) return false;
  return (
    (rule.personal && (user.esFuncionario || user.esAdmin)) ||
    (rule.profesores && user.esProfesor) ||
    (rule.alumnos && user.esAlumno)
  );
}

/**
 * A right password that must still open nothing: the user's roles are covered, the user is bound to the
 * provider's account, and the institutional sign-in is offered (without it nobody could get in at all).
 */
export async function passwordSignInRefused(
  db: DbOrTx,
  user: RoleFlags & { id: number; esAdminRoot: boolean },
  settings: Settings,
  institutionalLogin: boolean,
): Promise<boolean> {
  if (!institutionalLogin || !institutionalOnlyCovers(user, settings.soloIngresoInstitucional)) return false;
  return (await oidcRepo.findBinding(db, user.id)) !== undefined;
}
