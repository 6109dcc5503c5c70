import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/** The database the server would use (DATABASE_URL, else PGlite under DATA_DIR), migrated. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await runMigrations(database);
  return database;
}
