import { MSG_IDENTITY } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as mfaRepo from './mfa.repository.js';
import { openSecret } from './secret-box.js';
import { looksLikeRecoveryCode, recoveryCodeHash, totpStep } from './totp.js';
import { unaudited } from '../../db/tx.js';

/** The key of `MFA_ENCRYPTION_KEY`, or the Spanish reason the feature is off. */
export function requireKey(key: Buffer | undefined): Buffer {
  if (!key) throw AppError.conflict(MSG_IDENTITY.mfaNotConfigured);
  return key;
}

/**
 * Whether `code` is a right, unused code of the user's active factor, using it up: a TOTP code takes its
 * 30-second step (no replay), a recovery code is deleted. `allowRecovery`: recovery codes count too.
 * Answers which kind was taken ('totp', 'recuperacion': the caller records and announces a recovery code's
 * use), or null for a wrong one.
 */
export async function useFactorCode(
  db: DbOrTx,
  key: Buffer,
  usuarioId: number,
  code: string,
  allowRecovery = true,
): Promise<'totp' | 'recuperacion' | null> {
  const factor = await mfaRepo.findFactor(db, usuarioId);
  if (!factor?.activo) return null;
  if (looksLikeRecoveryCode(code)) {
    const taken =
      allowRecovery && (await mfaRepo.takeRecoveryCode(unaudited(db), usuarioId, recoveryCodeHash(usuarioId, code)));
    return taken ? 'recuperacion' : null;
  }
  const step = totpStep(openSecret(key, usuarioId, factor.secretoCifrado), code);
  return step !== null && (await mfaRepo.takeStep(unaudited(db), usuarioId, step, true)) ? 'totp' : null;
}
