import { eq, type ColumnBaseConfig } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { WriteTx } from './tx.js';

/** A table whose key is an integer `id` column (the catalogue tables: careers, subjects, periods, mallas). */
type TableWithId = PgTable & { id: PgColumn<ColumnBaseConfig<'number', string> & { data: number; notNull: true }> };

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
