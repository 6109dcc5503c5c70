import { eq, type ColumnBaseConfig } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { WriteTx } from './tx.js';

/** A table whose key is an integer `id` column (the catalogue tables: careers, subjects, periods, mallas). */
export type TableWithId = PgTable & {
  id: PgColumn<ColumnBaseConfig<'number', string> & { data: number; notNull: true }>;
};

// The writes the catalogue repositories repeated, one table apart: insert and return the new id, update or
// delete by id and say whether the row was there (the service answers 404 when it was not).

export async function insertReturningId<T extends TableWithId>(
  db: WriteTx,
  table: T,
  values: T['$inferInsert'],
): Promise<number> {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  return row!.id;
}

/** Whether the row existed. */
export async function updateById<T extends TableWithId>(
  db: WriteTx,
  table: T,
  id: number,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const done = await db.update(table).set(values).where(eq(table.id, id)).returning({ id: table.id });
  return done.length > 0;
}

/** Whether the row existed. A foreign key that still refers to it refuses (see lib/delete-unless-in-use.ts). */
export async function deleteById<T extends TableWithId>(db: WriteTx, table: T, id: number): Promise<boolean> {
  const done = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return done.length > 0;
}

/** A catalogue table's writes by id, as its repository exports them (lib/row-by-id.ts's `catalogue` uses them). */
export interface WritesById<V> {
  /** The new row's id. */
  insert: (db: WriteTx, values: V) => Promise<number>;
  /** Whether the row existed. */
  update: (db: WriteTx, id: number, values: V) => Promise<boolean>;
  /** Whether the row existed. */
  delete: (db: WriteTx, id: number) => Promise<boolean>;
}

/** The three writes of `table`, one table apart in every catalogue repository before. */
export function writesById<T extends TableWithId>(table: T): WritesById<T['$inferInsert']> {
  return {
    insert: (db, values) => insertReturningId(db, table, values),
    update: (db, id, values) => updateById(db, table, id, values),
    delete: (db, id) => deleteById(db, table, id),
  };
}
