import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The cheapest round trip to the database: throws when it does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
