import {
  grantedPermissions,
  MSG,
  MSG_OIDC,
  type LoginOutcome,
  type LoginReply,
  type PublicSettings,
  type SessionUser,
  type SetNewPassword,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx, unaudited } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { Background } from '../../lib/background.js';
import type { Mailer } from '../../lib/mail.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { getSettings } from '../settings/settings.service.js';
import type { AuthUser } from './auth-user.js';
import { rolesFromFlags } from './auth-user.js';
import type { SessionClient } from './auth.repository.js';
import { startMfaChallenge } from './mfa-login.js';
import type { OidcClient } from './oidc.js';
import { mfaSetupRequired, openSession, toSessionUser } from './open-session.js';
import * as repo from './auth.repository.js';
import { hashPassword, timingDummyHash, verifyPassword } from './password.js';
import { matchesPendingReset, usePendingReset } from './password-reset.js';
import { hashToken } from './tokens.js';
import { passwordSignInRefused } from './institutional-only.js';
import {
  pairKey,
  passwordCheckSucceeded,
  reservePasswordCheck,
  reservePasswordCheckReading,
} from '../throttle/login-throttle.js';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  background: Background;
  publicSettings: PublicSettings;
  /** `MFA_ENCRYPTION_KEY`: without it the second factor cannot be set up (nor checked). */
  mfaKey?: Buffer | undefined;
}

type UserRow = repo.UserForAuth;

/**
 * Login by e-mail and password with the throttles of decision record 006; one message for every failure.
 * The attempt is counted before the password is checked, so parallel guesses cannot outrun the lock.
 */
export async function login(
  deps: AuthDeps,
  email: string,
  password: string,
  client: SessionClient,
): Promise<LoginOutcome> {
  const { ip } = client;
  const settings = await getSettings(deps.db);
  // The attempt is counted and the user read in one statement.
  const user = await reservePasswordCheckReading<UserRow>(deps.db, settings, email, ip, repo.userByEmail(email), {
    userAgent: client.userAgent,
    metodo: 'contrasena',
  });
  // An unknown e-mail still pays for one verification, so timing does not tell which accounts exist.
  const ok = user
    ? user.activo && (await verifyPassword(user.passwordHash, password))
    : await verifyPassword(await timingDummyHash(), password).then(() => false);
  // Not the password: perhaps the temporary one of a '¿Olvidaste tu Contraseña?' not yet used.
  const viaReset = user !== undefined && user.activo && !ok && (await matchesPendingReset(deps.db, user.id, password));
  if (!user || !(ok || viaReset)) {
    await recordSecurityEvent(unaudited(deps.db), {
      tipo: 'ingreso_fallido',
      usuarioId: user?.id ?? null,
      email,
      metodo: 'contrasena',
      client,
      motivo: user && !user.activo ? 'usuario inactivo' : null,
    });
    throw AppError.unauthorized(MSG.loginFailed);
  }
  // 'Sólo ingreso institucional' (403: the password was right, the way in is not): said only to whoever knew
  // the password, so it reveals no account.
  if (await passwordSignInRefused(deps.db, user, settings, deps.publicSettings.institutionalLogin === true)) {
    await recordSecurityEvent(unaudited(deps.db), {
      tipo: 'ingreso_fallido',
      usuarioId: user.id,
      metodo: 'contrasena',
      client,
      motivo: 'sólo ingreso institucional',
    });
    throw AppError.forbidden(MSG_OIDC.institutionalOnly);
  }
  const clearCounter = pairKey(email, ip);
  const signIn = { tipo: 'ingreso', usuarioId: user.id, metodo: 'contrasena', client } as const;
  if (viaReset) await usePendingReset(deps.db, user.id);
  // The owner knew the password after all: a reset someone asked for in their name no longer applies.
  else if (user.mfaActivo) await repo.deletePendingReset(unaudited(deps.db), user.id);
  // No session yet: the second factor's codes are counted from here by the same throttles.
  if (user.mfaActivo) return startMfaChallenge(deps, user.id, email, ip);
  if (viaReset)
    return openSession(deps, { ...user, firstLogin: true }, client, {
      clearCounter,
      dropPendingReset: false,
      signIn: { ...signIn, motivo: 'contraseña temporal' },
    });
  return openSession(deps, user, client, { clearCounter, dropPendingReset: true, signIn });
}

/**
 * Resolves a bearer token to its user, ending the session when it is idle or old (DOMAIN.md section 1).
 * `mfaConfigured`: MFA_ENCRYPTION_KEY is set, so the forced set-up gate may apply.
 */
export async function authenticate(db: Db, token: string, mfaConfigured = false): Promise<AuthUser | null> {
  const settings = await getSettings(db);
  const idleMs = settings.sesionInactividadHoras * 3_600_000;
  const maxMs = settings.sesionDuracionMaximaDias * 86_400_000;
  const found = await repo.findSessionAndTouch(unaudited(db), hashToken(token), { idleMs, maxMs });
  if (!found || !found.user.activo) return null;
  const now = Date.now();
  if (now - found.lastUsedAtMs > idleMs || now - found.createdAtMs > maxMs) {
    await repo.deleteSession(unaudited(db), found.sessionId);
    return null;
  }
  const u = found.user;
  return {
    mfaSetupRequired: mfaSetupRequired(u, settings, mfaConfigured),
    id: u.id,
    sessionId: found.sessionId,
    email: u.email,
    nombre: u.nombre,
    apellido: u.apellido,
    numeroDocumento: u.numeroDocumento,
    roles: rolesFromFlags(u),
    permisosExtra: grantedPermissions({ roles: rolesFromFlags(u), puedeRectificar: u.puedeRectificar }),
    esAdminRoot: u.esAdminRoot,
    firstLogin: u.firstLogin,
  };
}

/**
 * 'Salir': ends the session. One that came from an institutional sign-in also answers the provider's logout
 * address (RP-initiated logout), which brings the browser back to `postLogoutRedirectUri`.
 */
export async function logout(
  deps: { db: Db; oidc: OidcClient | undefined },
  user: AuthUser,
  postLogoutRedirectUri: string,
  client: SessionClient,
): Promise<string | undefined> {
  const ended = await repo.endSession(unaudited(deps.db), user.sessionId);
  if (ended) await recordSecurityEvent(unaudited(deps.db), { tipo: 'sesion_cerrada', usuarioId: user.id, client });
  if (!ended?.idTokenOidc || !deps.oidc) return undefined;
  return deps.oidc.endSessionUrl(ended.idTokenOidc, postLogoutRedirectUri);
}

export async function loginStatus(deps: AuthDeps, user: AuthUser): Promise<SessionUser> {
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw AppError.unauthorized();
  return toSessionUser(row, deps.publicSettings, await getSettings(deps.db), deps.mfaKey !== undefined);
}

/** Sets a new password (first login or by choice): checks the current one, ends every session, opens one. */
export async function setNewPassword(
  deps: AuthDeps,
  user: AuthUser,
  input: SetNewPassword,
  client: SessionClient,
): Promise<LoginReply> {
  const { ip } = client;
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw AppError.unauthorized();
  // Checking the current password is a login: a stolen session must not become a password oracle.
  await reservePasswordCheck(deps.db, await getSettings(deps.db), row.email, ip);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw AppError.badField('currentPassword', MSG.loginFailed);
  }
  await passwordCheckSucceeded(deps.db, row.email, ip);
  const lowered = input.newPassword.trim().toLowerCase();
  if (lowered === row.email.toLowerCase() || lowered === row.numeroDocumento) {
    throw AppError.badField('newPassword', MSG.newPasswordIsPersonalData);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await writeTx(deps.db, row.id, async (tx) => {
    await repo.updatePassword(tx, row.id, passwordHash, false);
    await repo.deleteUserSessions(tx, row.id);
    await repo.deletePendingReset(tx, row.id);
  });
  return openSession(deps, { ...row, firstLogin: false }, client);
}
