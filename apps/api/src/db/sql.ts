import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** Runs raw SQL and returns its rows, whichever engine is underneath (both wrap rows in `.rows`). */
export async function rows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
