import type { Db } from '../db/client.js';
import { writeTx, type WriteTx } from '../db/tx.js';
import { AppError } from './errors.js';

// One row of a catalogue (careers, subjects, periods, mallas) read or saved by its id, as each of their
// services did by hand; deleting one is lib/delete-unless-in-use.ts.

/** The row `find` found, or 404 with `notFound`. */
export async function foundOr404<T>(find: Promise<T | undefined>, notFound: string): Promise<T> {
  const row = await find;
  if (!row) throw AppError.notFound(notFound);
  return row;
}

/**
 * Saves one row in an audited transaction: without an id it inserts, with one it updates (404 when the row is
 * not there). `refusal` turns the database's refusals (a name or code taken, a key to nothing) into the
 * module's own messages; any other error goes on as it was.
 */
export async function saveRow<V>(
  db: Db,
  userId: number,
  id: number | null | undefined,
  row: {
    /** The columns to write, read inside the transaction (a period's academic year is created there). */
    values: (tx: WriteTx) => V | Promise<V>;
    /** What the same transaction does first: one active period, one default malla per career. */
    before?: (tx: WriteTx, values: V) => Promise<void>;
    insert: (tx: WriteTx, values: V) => Promise<number>;
    /** Whether the row existed. */
    update: (tx: WriteTx, id: number, values: V) => Promise<boolean>;
  },
  messages: { notFound: string; refusal: (err: unknown) => AppError | undefined },
): Promise<{ id: number }> {
  try {
    return await writeTx(db, userId, async (tx) => {
      const values = await row.values(tx);
      await row.before?.(tx, values);
      if (!id) return { id: await row.insert(tx, values) };
      if (!(await row.update(tx, id, values))) throw AppError.notFound(messages.notFound);
      return { id };
    });
  } catch (err) {
    throw messages.refusal(err) ?? err;
  }
}
