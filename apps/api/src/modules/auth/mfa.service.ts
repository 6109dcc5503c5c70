import { MSG_IDENTITY, type MfaSetupReply, type MfaStatus, type RecoveryCodesReply } from '@arandu/shared';
import { writeTx, unaudited } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { getSettings } from '../settings/settings.service.js';
import { passwordCheckSucceeded, reservePasswordCheck } from '../throttle/login-throttle.js';
import type { AuthUser } from './auth-user.js';
import * as repo from './auth.repository.js';
import type { SessionClient } from './auth.repository.js';
import type { AuthDeps } from './auth.service.js';
import { requireKey, useFactorCode } from './mfa-codes.js';
import * as mfaRepo from './mfa.repository.js';
import { openSecret, sealSecret } from './secret-box.js';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, qrDataUrl, recoveryCodeHash, totpStep } from './totp.js';

/** 'Seguridad' in the profile: whether the factor can be used here, is on, and how many recovery codes remain. */
export async function mfaStatus(deps: AuthDeps, user: AuthUser): Promise<MfaStatus> {
  const row = await repo.findUserById(deps.db, user.id);
  if (!row) throw AppError.unauthorized();
  const settings = await getSettings(deps.db);
  // The TOTP factor's own state: `mfaActivo` is on with a security key alone too.
  const enabled = (await mfaRepo.findFactor(deps.db, user.id))?.activo === true;
  return {
    configured: deps.mfaKey !== undefined,
    enabled,
    recoveryCodesLeft: enabled ? await mfaRepo.recoveryCodesLeft(deps.db, user.id) : 0,
    required: settings.segundoFactorObligatorio && (row.esAdmin || row.esFuncionario),
  };
}

/** A new secret, not active until a code from it is typed (`enableMfa`); a second call replaces it. */
export async function setupMfa(deps: AuthDeps, user: AuthUser): Promise<MfaSetupReply> {
  const key = requireKey(deps.mfaKey);
  const secret = newTotpSecret();
  if (!(await mfaRepo.startFactor(unaudited(deps.db), user.id, sealSecret(key, user.id, secret)))) {
    throw AppError.conflict(MSG_IDENTITY.mfaAlreadyEnabled);
  }
  const url = otpauthUrl(secret, deps.publicSettings.appName, user.email);
  return { secret, otpauthUrl: url, qr: qrDataUrl(url) };
}

/**
 * Every code typed on a signed-in session is one check of decision 006's throttles too: a stolen session is
 * not a free oracle for six digits.
 */
async function reserveCodeCheck(deps: AuthDeps, user: AuthUser, ip: string): Promise<void> {
  await reservePasswordCheck(deps.db, await getSettings(deps.db), user.email, ip);
}

const codeRefused = () => AppError.badField('code', MSG_IDENTITY.mfaCodeInvalid);

/** Confirms the secret with a code from the app; the factor is on and ten recovery codes are shown once. */
export async function enableMfa(
  deps: AuthDeps,
  user: AuthUser,
  code: string,
  client: SessionClient,
): Promise<RecoveryCodesReply> {
  const { ip } = client;
  const key = requireKey(deps.mfaKey);
  const factor = await mfaRepo.findFactor(deps.db, user.id);
  if (!factor) throw AppError.badRequest(MSG_IDENTITY.mfaSetupFirst);
  if (factor.activo) throw AppError.conflict(MSG_IDENTITY.mfaAlreadyEnabled);
  await reserveCodeCheck(deps, user, ip);
  const step = totpStep(openSecret(key, user.id, factor.secretoCifrado), code);
  const recoveryCodes = newRecoveryCodes();
  const enabled = await writeTx(deps.db, user.id, async (tx) => {
    if (step === null || !(await mfaRepo.takeStep(tx, user.id, step, false))) return false;
    await mfaRepo.activateFactor(tx, user.id);
    await mfaRepo.replaceRecoveryCodes(
      tx,
      user.id,
      recoveryCodes.map((c) => recoveryCodeHash(user.id, c)),
    );
    await recordSecurityEvent(tx, { tipo: 'segundo_factor_activado', usuarioId: user.id, factor: 'totp', client });
    return true;
  });
  if (!enabled) throw codeRefused();
  await passwordCheckSucceeded(deps.db, user.email, ip);
  return { recoveryCodes };
}

/** Ten new recovery codes for a current TOTP code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: AuthDeps,
  user: AuthUser,
  code: string,
  ip: string,
): Promise<RecoveryCodesReply> {
  const key = requireKey(deps.mfaKey);
  const row = await repo.findUserById(deps.db, user.id);
  if (!row?.mfaActivo) throw AppError.conflict(MSG_IDENTITY.mfaNotEnabled);
  await reserveCodeCheck(deps, user, ip);
  const recoveryCodes = newRecoveryCodes();
  const done = await writeTx(deps.db, user.id, async (tx) => {
    if (!(await useFactorCode(tx, key, user.id, code, false))) return false;
    await mfaRepo.replaceRecoveryCodes(
      tx,
      user.id,
      recoveryCodes.map((c) => recoveryCodeHash(user.id, c)),
    );
    return true;
  });
  if (!done) throw codeRefused();
  await passwordCheckSucceeded(deps.db, user.email, ip);
  return { recoveryCodes };
}
