import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.js';

/** What `app.user_id` holds for a writer: the user's id, or empty for the system's own writes. */
const writerValue = (userId: number | null): string => (userId === null ? '' : String(userId));

/** The select-list expression that records who is writing (`app.user_id`) for the rest of the transaction. */
const writerSql = (userId: number | null): SQL => sql`set_config('app.user_id', ${writerValue(userId)}, true)`;

declare const writeTxBrand: unique symbol;

/**
 * A transaction opened by `writeTx`, which recorded who is writing before anything else. Every repository
 * function that writes takes this type, not `Db` or a bare `Tx`, so a write that skips `writeTx` (and leaves its
 * audit rows without a user) does not compile. Reads take `DbOrTx` and accept it as well.
 */
export type WriteTx = Tx & { readonly [writeTxBrand]: true };

/**
 * Runs a write in one transaction that first records who is writing (`app.user_id`), so the audit
 * trigger can attribute every row it logs. Every write of the API goes through here.
 */
export async function writeTx<T>(db: DbOrTx, userId: number | null, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${writerSql(userId)}`);
    return work(tx as WriteTx);
  });
}

/**
 * `writeTx` for the enrolment rush's hot path: `work`'s first statement (one that writes nothing: the student's
 * lock) records who is writing before any audited row, `set_config('app.user_id', writer, true)` in its select
 * list, and the save spends one round trip less. `writer` is that call's value, so the statement's text is one.
 */
export async function writeTxWithWriter<T>(
  db: DbOrTx,
  userId: number | null,
  work: (tx: WriteTx, writer: string) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(tx as WriteTx, writerValue(userId)));
}

/**
 * A savepoint inside a `writeTx` transaction: a refusal undoes only `work`. It inherits the transaction's
 * `app.user_id`, so it is a WriteTx too.
 */
export async function savepointTx<T>(tx: WriteTx, work: (sp: WriteTx) => Promise<T>): Promise<T> {
  return tx.transaction((sp) => work(sp as WriteTx));
}

declare const unauditedBrand: unique symbol;

/**
 * The plain database, named for a write to tables the audit trigger does not log (sessions, second-factor
 * challenges, login counters, the mail outbox, job locks): there a transaction of its own would cost the login
 * rush three more round trips for nothing to attribute, and some statements must not run inside one
 * (`commitWithoutWaitingForDisk`). Each such write says so with `unaudited(db)`.
 */
export type UnauditedDb = DbOrTx & { readonly [unauditedBrand]: true };
export const unaudited = (db: DbOrTx): UnauditedDb => db as UnauditedDb;

/** What a repository function that writes only tables the audit does not log takes. */
export type UnauditedWriter = WriteTx | UnauditedDb;
