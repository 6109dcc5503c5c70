import { MSG_IDENTITY, type FactorKind, type LoginReply, type MfaChallenge, type SignInMethod } from '@arandu/shared';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/settings.service.js';
import { pairKey, passwordCheckSucceeded, reservePasswordCheck } from '../throttle/login-throttle.js';
import * as repo from './auth.repository.js';
import type { SessionClient, UserForAuth } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { mailDeps, recordRecoveryCodeUse } from './factor-notices.js';
import { requireKey, useFactorCode } from './mfa-codes.js';
import * as mfaRepo from './mfa.repository.js';
import { bindAtFirstSession } from './oidc-binding.js';
import { openSession } from './open-session.js';
import { hashToken, newSessionToken } from './tokens.js';
import { looksLikeRecoveryCode } from './totp.js';
import { unaudited } from '../../db/tx.js';

/**
 * The right password of a user with a second factor: the pair's failures are forgotten as after any right
 * password (decision 006), and a single-use token waits 5 minutes for a code. No session yet.
 */
export async function startMfaChallenge(
  deps: AuthDeps,
  usuarioId: number,
  email: string,
  ip: string,
): Promise<MfaChallenge> {
  await passwordCheckSucceeded(deps.db, email, ip);
  const mfaToken = newSessionToken();
  await mfaRepo.insertChallenge(unaudited(deps.db), {
    usuarioId,
    tokenHash: hashToken(mfaToken),
    requiereCodigo: true,
  });
  return { mfaRequired: true, mfaToken };
}

/**
 * `POST /api/users/login/mfa`: a TOTP or recovery code for a login's token. Each try first reserves one of the
 * token's five (a conditional update) and one password check of decision 006's throttles, so neither parallel
 * calls nor many tokens buy more guesses; the session opens only for the call that takes the token.
 */
export async function completeMfaLogin(
  deps: AuthDeps,
  mfaToken: string,
  code: string,
  client: SessionClient,
): Promise<LoginReply> {
  const key = requireKey(deps.mfaKey);
  const tokenHash = hashToken(mfaToken);
  const reserved = await mfaRepo.reserveChallengeAttempt(unaudited(deps.db), tokenHash);
  if (!reserved) throw AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);
  const user = await repo.findUserById(deps.db, reserved.usuarioId);
  if (!user?.activo) throw AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);
  const metodo = reserved.institucional ? 'institucional' : 'contrasena';
  await reservePasswordCheck(deps.db, await getSettings(deps.db), user.email, client.ip, {
    usuarioId: user.id,
    userAgent: client.userAgent,
    metodo,
  });
  const factor = await useFactorCode(deps.db, key, user.id, code);
  if (!factor) {
    const spent = reserved.intentos >= mfaRepo.CHALLENGE_MAX_CODES;
    await recordSecurityEvent(unaudited(deps.db), {
      tipo: 'ingreso_fallido',
      usuarioId: user.id,
      metodo,
      factor: looksLikeRecoveryCode(code) ? 'recuperacion' : 'totp',
      client,
      motivo: spent ? 'código incorrecto; se agotaron los intentos' : 'código incorrecto',
    });
    if (spent) {
      await mfaRepo.deleteChallenge(unaudited(deps.db), tokenHash);
      throw AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);
    }
    throw AppError.unauthorized(MSG_IDENTITY.mfaCodeInvalid);
  }
  // Used up whether or not this call wins the token below: its owner hears of it either way.
  if (factor === 'recuperacion') {
    const left = await mfaRepo.recoveryCodesLeft(deps.db, user.id);
    await recordRecoveryCodeUse(mailDeps(deps), unaudited(deps.db), user, client, left);
    deps.mailer.deliverSoon();
  }
  // Another call with the same token may have won: only the one that takes it gets a session.
  const taken = await mfaRepo.takeChallenge(unaudited(deps.db), tokenHash);
  if (!taken) throw AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);
  return openAfterSecondFactor(deps, user, client, taken, { metodo, factor });
}

/**
 * The login's token taken by a right second factor, a code or a security key (webauthn-login.ts): an
 * institutional sign-in's first session binds the provider's account (issue 41 item 2), and the session opens
 * with its sign-in recorded.
 */
export async function openAfterSecondFactor(
  deps: AuthDeps,
  user: UserForAuth,
  client: SessionClient,
  taken: { idTokenOidc: string | null },
  signIn: { metodo: SignInMethod; factor: FactorKind },
): Promise<LoginReply> {
  if (taken.idTokenOidc) await bindAtFirstSession(deps.db, user.id, taken.idTokenOidc, client);
  return openSession(deps, user, client, {
    clearCounter: pairKey(user.email, client.ip),
    dropPendingReset: false,
    idTokenOidc: taken.idTokenOidc,
    signIn: { tipo: 'ingreso', usuarioId: user.id, ...signIn, client },
  });
}
