import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.js';

/**
 * Runs a write in one transaction that first records who is writing (`app.user_id`), so the audit
 * trigger can attribute every row it logs. Every write of the API goes through here.
 */
export async function writeTx<T>(db: DbOrTx, userId: number | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.user_id', ${userId === null ? '' : String(userId)}, true)`);
    return work(tx);
  });
}
