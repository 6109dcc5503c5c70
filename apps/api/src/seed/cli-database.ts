import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { runMigrations } from '../db/migrate.js';

/** The database the server would use (DATABASE_URL, else PGlite under DATA_DIR), migrated. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  }).catch((err: unknown) => {
    // The usual case: `npm start` is running on the same embedded database. The message says what to do.
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  await runMigrations(database);
  return database;
}
