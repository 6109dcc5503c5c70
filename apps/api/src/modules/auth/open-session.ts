import {
  grantedPermissions,
  personInitials,
  ROLE_INFO,
  type LoginReply,
  type PublicSettings,
  type SessionUser,
  type Settings,
} from '@arandu/shared';
import { getSettings } from '../settings/settings.service.js';
import type { RoleFlags } from './auth-user.js';
import { rolesFromFlags } from './auth-user.js';
import * as repo from './auth.repository.js';
import type { SessionClient, UserForAuth } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import type { SecurityEvent } from '../security-events/security-events.service.js';
import { hashToken, newSessionToken } from './tokens.js';
import { unaudited } from '../../db/tx.js';

type UserRow = UserForAuth;

/**
 * The faculty asks staff for a second factor ('segundoFactorObligatorio') and this one has none yet. Never
 * without MFA_ENCRYPTION_KEY: nobody could set one up, and staff would be locked out behind the gate.
 */
export function mfaSetupRequired(
  user: RoleFlags & { mfaActivo: boolean },
  settings: Settings,
  mfaConfigured: boolean,
): boolean {
  if (!mfaConfigured) return false;
  return settings.segundoFactorObligatorio && (user.esAdmin || user.esFuncionario) && !user.mfaActivo;
}

export function toSessionUser(
  user: UserRow,
  publicSettings: PublicSettings,
  settings: Settings,
  mfaConfigured: boolean,
): SessionUser {
  const roles = rolesFromFlags(user);
  return {
    id: user.id,
    fullName: `${user.nombre} ${user.apellido}`,
    initials: personInitials(user.nombre, user.apellido),
    email: user.email,
    isAuthenticated: true,
    esAlumno: user.esAlumno,
    esProfesor: user.esProfesor,
    esFuncionario: user.esFuncionario,
    esAdmin: user.esAdmin,
    esAdminRoot: user.esAdminRoot,
    puedeRectificar: grantedPermissions({ roles, puedeRectificar: user.puedeRectificar }).length > 0,
    firstLogin: user.firstLogin,
    mfaSetupRequired: mfaSetupRequired(user, settings, mfaConfigured),
    roles: roles.map((role) => ({ role, title: ROLE_INFO[role].title })),
    publicSettings,
  };
}

export async function openSession(
  deps: AuthDeps,
  user: UserRow,
  client: SessionClient,
  /** A login's session: its counter to clear, the pending reset to drop, and its event (`eventos_seguridad`). */
  afterLogin?: { clearCounter: string; dropPendingReset: boolean; idTokenOidc?: string | null; signIn?: SecurityEvent },
  idTokenOidc?: string | null,
): Promise<LoginReply> {
  const token = newSessionToken();
  const tokenHash = hashToken(token);
  if (afterLogin) {
    await repo.openSessionAfterPassword(unaudited(deps.db), { usuarioId: user.id, tokenHash, client, ...afterLogin });
  } else {
    await repo.insertSession(unaudited(deps.db), user.id, tokenHash, client, idTokenOidc);
  }
  const settings = await getSettings(deps.db);
  return { ...toSessionUser(user, deps.publicSettings, settings, deps.mfaKey !== undefined), token };
}
