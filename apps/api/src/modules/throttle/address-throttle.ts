import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hit } from './counters.repository.js';

/**
 * Counts one request of `scope` from `ip` in a one-minute window; 429 with `message` past `perMinute`. For
 * public lookups by secret (the calendar feed, issue 45): known and unknown secrets count alike.
 */
export async function throttleAddress(
  db: DbOrTx,
  scope: string,
  ip: string,
  perMinute: number,
  message: string,
): Promise<void> {
  if ((await hit(db, `${scope}:ip:${ip}`, 60)) > perMinute) throw AppError.tooManyRequests(message);
}
