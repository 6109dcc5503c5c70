import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.js';

/** The select-list expression that records who is writing (`app.user_id`) for the rest of the transaction. */
const writerSql = (userId: number | null): SQL =>
  sql`set_config('app.user_id', ${userId === null ? '' : String(userId)}, true)`;

/**
 * Runs a write in one transaction that first records who is writing (`app.user_id`), so the audit
 * trigger can attribute every row it logs. Every write of the API goes through here.
 */
export async function writeTx<T>(db: DbOrTx, userId: number | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${writerSql(userId)}`);
    return work(tx);
  });
}

/**
 * `writeTx` for the enrolment rush's hot path: `work` puts `writer` in the select list of its first statement
 * (one that writes nothing: the student's lock), which records who is writing before any audited row, and the
 * save spends one round trip less.
 */
export async function writeTxWithWriter<T>(
  db: DbOrTx,
  userId: number | null,
  work: (tx: Tx, writer: SQL) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(tx, writerSql(userId)));
}
