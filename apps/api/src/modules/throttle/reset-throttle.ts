import { MSG_SECURITY } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hit } from './counters.repository.js';

/** '¿Olvidaste tu Contraseña?' requests an hour, per e-mail and per address (decision record 006). */
export const RESETS_PER_HOUR = 3;

/**
 * Counts a reset request for the e-mail and for the address; 429 past either limit. Known and unknown
 * e-mails are counted alike, so the answer tells nothing about who has an account.
 */
export async function reserveResetRequest(db: DbOrTx, email: string, ip: string): Promise<void> {
  const byAddress = await hit(db, `reset:ip:${ip}`, 3600);
  const byEmail = await hit(db, `reset:email:${email.toLowerCase()}`, 3600);
  if (byAddress > RESETS_PER_HOUR || byEmail > RESETS_PER_HOUR) {
    throw AppError.tooManyRequests(MSG_SECURITY.tooManyResetRequests);
  }
}
