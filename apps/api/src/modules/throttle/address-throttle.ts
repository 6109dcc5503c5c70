import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hitInOrderAlongside } from './counters.repository.js';

/**
 * Counts one request of `scope` from `ip` in a one-minute window; 429 with `message` past `perMinute`. For
 * public lookups by secret (the calendar feed, issue 45): known and unknown secrets count alike. `lookup` (a
 * query of at most one row) runs in the same statement, which commits without waiting for the disk, as the
 * login's counters do: one round trip for the count and the row. Answers the row, if any.
 */
export async function throttleAddressAlongside<T extends Record<string, unknown>>(
  db: DbOrTx,
  scope: string,
  ip: string,
  perMinute: number,
  message: string,
  lookup: SQL,
): Promise<T | undefined> {
  const { counts, row } = await hitInOrderAlongside<T>(
    db,
    [{ key: `${scope}:ip:${ip}`, seconds: 60, limit: perMinute }],
    lookup,
  );
  if ((counts[0] ?? 0) > perMinute) throw AppError.tooManyRequests(message);
  return row;
}
