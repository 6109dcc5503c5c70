import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { roleOf } from '../db/roles.js';
import { prepareDatabase } from './prepare-database.js';

/**
 * npm runs a workspace's script in the workspace's folder (apps/api); relative paths given by the person
 * (DATA_DIR=./data, a backup's file name) mean the folder they typed the command in, as for `npm start`.
 */
export function useInvocationDir(): void {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
}

/**
 * The database the server would use (DATABASE_URL, else PGlite under DATA_DIR), migrated. With the role
 * split these commands (seeds, create-admin, the outbox) are the owner's: they connect as
 * MIGRATION_DATABASE_URL and grant the app's role like a starting server.
 */
export async function openConfiguredDatabase(): Promise<Database> {
  useInvocationDir();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  }).catch((err: unknown) => {
    // The usual case: `npm start` is running on the same embedded database. The message says what to do.
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  const grantTo = config.migrationDatabaseUrl && config.databaseUrl ? roleOf(config.databaseUrl) : undefined;
  await prepareDatabase(database, { seed: false, grantTo });
  return database;
}
