import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.js';

/** Committed SQL migrations, written by drizzle-kit; the same folder from src/ and from dist/. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Arbitrary constant: the advisory lock that keeps several API processes from migrating or seeding at once. */
const MIGRATION_LOCK = 7_340_211;

export async function runMigrations(database: Database): Promise<void> {
  await underStartupLock(database, () => applyMigrations(database));
}

/**
 * Runs `work` while holding the start-up advisory lock: on a server several processes may start together, and
 * one migrates (and seeds, see server.ts) while the others wait for it and then find nothing left to do.
 * PGlite is one process by construction (its data directory is locked), so it needs no lock.
 */
export async function underStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (!database.pool) return work();
  const lockHolder = await database.pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await work();
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockHolder.release();
  }
}

/** The migrations themselves, without the lock: call through `runMigrations` or inside `underStartupLock`. */
export async function applyMigrations(database: Database): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await migratePg(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
}
