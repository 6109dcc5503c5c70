import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/**
 * One database type for both engines. PGlite's and node-postgres' drizzle databases expose the same query
 * builder; only the raw result wrapper differs, and `rows()` in `./sql.ts` hides that.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's pool; absent on PGlite. */
  pool?: pg.Pool;
  /** The embedded database itself and its directory (backups dump it); absent on PostgreSQL. */
  pglite?: PGlite;
  dataDir?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // Dates and timestamps come back as strings: the API serialises them itself, in one time zone.
    pool.on('error', () => {
      // An idle client that the server dropped: the pool replaces it; nothing to do here.
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  await fs.mkdir(opts.dataDir, { recursive: true });
  const unlock = await lockDataDir(opts.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: opts.dataDir });
  } catch (err) {
    await unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    dataDir: opts.dataDir,
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}
