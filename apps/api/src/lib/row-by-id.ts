import type { Db, DbOrTx } from '../db/client.js';
import type { WritesById } from '../db/by-id.js';
import { writeTx, type WriteTx } from '../db/tx.js';
import { deleteUnlessInUse } from './delete-unless-in-use.js';
import { AppError } from './errors.js';
import type { PageQuery } from './search.js';

// One row of a catalogue (careers, subjects, periods, mallas, rooms) listed, read, saved or deleted by its id,
// as each of their services did by hand: `catalogue` below gives a service the four from its repository's
// list, find and writes. Deleting one is lib/delete-unless-in-use.ts.

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

/** What a catalogue's service is made of: its repository's reads and writes, and its messages. */
export interface CatalogueSpec<Filters, Page, Row, V> {
  list: (db: DbOrTx, page: number, pageSize: number, filters?: Filters) => Promise<Page>;
  find: (db: DbOrTx, id: number) => Promise<Row | undefined>;
  writes: WritesById<V>;
  messages: { notFound: string; inUse: string };
  /** The database's refusals of a save as the module's own messages (a name taken, a key to nothing). */
  refusal: (err: unknown) => AppError | undefined;
}

/**
 * A catalogue's list, get (404 when missing), save (insert without an id, update with one, in an audited
 * transaction) and remove (unless a foreign key still refers to the row). A save names the columns it writes
 * and, where the same transaction does something first, `before`.
 */
export function catalogue<Filters, Page, Row, V>(spec: CatalogueSpec<Filters, Page, Row, V>) {
  const { notFound } = spec.messages;
  return {
    list: (db: DbOrTx, req: PageQuery<Filters>) => spec.list(db, req.page, req.pageSize, req.filters),
    get: (db: DbOrTx, id: number) => foundOr404(spec.find(db, id), notFound),
    save: (
      db: Db,
      user: { id: number },
      id: number | null | undefined,
      values: (tx: WriteTx) => V | Promise<V>,
      before?: (tx: WriteTx, values: V) => Promise<void>,
    ) =>
      saveRow(
        db,
        user.id,
        id,
        { values, before, insert: spec.writes.insert, update: spec.writes.update },
        { notFound, refusal: spec.refusal },
      ),
    remove: (db: Db, user: { id: number }, id: number) =>
      deleteUnlessInUse(db, user.id, (tx) => spec.writes.delete(tx, id), spec.messages),
  };
}
