import {
  MSG_IDENTITY,
  type AuthenticationOptions,
  type AuthenticationResponse,
  type LoginReply,
  type MfaMethods,
} from '@arandu/shared';
import { unaudited } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/settings.service.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { reservePasswordCheck } from '../throttle/login-throttle.js';
import * as repo from './auth.repository.js';
import type { SessionClient } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import * as mfaRepo from './mfa.repository.js';
import { openAfterSecondFactor } from './mfa-login.js';
import { hashToken } from './tokens.js';
import * as keysRepo from './webauthn.repository.js';
import { checkAssertion, startAssertion } from './webauthn.service.js';
import type { RelyingParty } from './webauthn.js';

const expired = () => AppError.unauthorized(MSG_IDENTITY.mfaChallengeExpired);

async function waitingUser(deps: AuthDeps, mfaToken: string): Promise<number> {
  const usuarioId = await keysRepo.waitingLoginUser(deps.db, hashToken(mfaToken));
  if (usuarioId === undefined) throw expired();
  return usuarioId;
}

/**
 * The login's second step asks which factors the user has, to offer the code, 'Usar llave de seguridad', or
 * a choice of both. Only the holder of a live mfaToken (the password was right) learns it.
 */
export async function loginMethods(deps: AuthDeps, mfaToken: string): Promise<MfaMethods> {
  const usuarioId = await waitingUser(deps, mfaToken);
  const [factor, keys] = await Promise.all([
    mfaRepo.findFactor(deps.db, usuarioId),
    keysRepo.countCredentials(deps.db, usuarioId),
  ]);
  return { totp: factor?.activo === true, webauthn: keys > 0 };
}

/** Options for `navigator.credentials.get` over the keys of the login's user. */
export async function loginOptions(deps: AuthDeps, rp: RelyingParty, mfaToken: string): Promise<AuthenticationOptions> {
  return startAssertion(deps.db, await waitingUser(deps, mfaToken), rp, 'ingreso');
}

/**
 * `POST /api/users/mfa/webauthn/login/verify`: a key's signature completes the login, as a code does in
 * `completeMfaLogin`: each try reserves one of the token's five attempts and one check of decision 006's
 * throttles first, and the session opens only for the call that takes the token.
 */
export async function completeWebauthnLogin(
  deps: AuthDeps,
  rp: RelyingParty,
  mfaToken: string,
  response: AuthenticationResponse,
  client: SessionClient,
): Promise<LoginReply> {
  const tokenHash = hashToken(mfaToken);
  const reserved = await mfaRepo.reserveChallengeAttempt(unaudited(deps.db), tokenHash);
  if (!reserved) throw expired();
  const user = await repo.findUserById(deps.db, reserved.usuarioId);
  if (!user?.activo) throw expired();
  const metodo = reserved.institucional ? 'institucional' : 'contrasena';
  await reservePasswordCheck(deps.db, await getSettings(deps.db), user.email, client.ip, {
    usuarioId: user.id,
    userAgent: client.userAgent,
    metodo,
  });
  const checked = await checkAssertion(deps.db, user.id, rp, 'ingreso', response);
  if ('refusal' in checked) {
    const spent = reserved.intentos >= mfaRepo.CHALLENGE_MAX_CODES;
    await recordSecurityEvent(unaudited(deps.db), {
      tipo: 'ingreso_fallido',
      usuarioId: user.id,
      metodo,
      factor: 'passkey',
      client,
      motivo: spent ? `${checked.motivo}; se agotaron los intentos` : checked.motivo,
    });
    if (spent) {
      await mfaRepo.deleteChallenge(unaudited(deps.db), tokenHash);
      throw expired();
    }
    throw AppError.unauthorized(checked.refusal);
  }
  // Another call with the same token may have won: only the one that takes it gets a session.
  const taken = await mfaRepo.takeChallenge(unaudited(deps.db), tokenHash);
  if (!taken) throw expired();
  return openAfterSecondFactor(deps, user, client, taken, { metodo, factor: 'passkey' });
}
