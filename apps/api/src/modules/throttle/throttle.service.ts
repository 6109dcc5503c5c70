import type { DbOrTx } from '../../db/client.js';
import type { UnauditedWriter } from '../../db/tx.js';
import * as counters from './counters.repository.js';

/*
 * The throttle's counters as other modules use them: a window of their own (a verification code, a calendar
 * feed) and the housekeeping that drops ended windows. They ask here, not the repository (eslint.config.js).
 */

/** Counts one more hit on `key` in a window of `seconds` and answers the count (counters.repository `hit`). */
export const hit = (db: DbOrTx, key: string, seconds: number): Promise<number> => counters.hit(db, key, seconds);

/** Housekeeping: counters whose window has ended count nothing any more. */
export const purgeEndedCounters = (db: UnauditedWriter): Promise<void> => counters.purgeEndedCounters(db);
