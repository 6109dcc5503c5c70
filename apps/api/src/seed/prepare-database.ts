import type { Database } from '../db/client.js';
import { applyMigrations, underStartupLock } from '../db/migrate.js';
import { isSeeded, seedDemo } from './demo.js';

/**
 * What a starting API process does to its database: migrations, then the demo seed when asked, both under one
 * advisory lock. Two processes started together with SEED_DEMO=always on an empty database used to both find
 * it unseeded and both seed; the second died on `carreras_nombre_unique`. Now the second waits for the lock
 * and finds the demo there. Returns whether this process seeded.
 */
export async function prepareDatabase(database: Database, opts: { seed: boolean }): Promise<boolean> {
  return underStartupLock(database, async () => {
    await applyMigrations(database);
    if (!opts.seed || (await isSeeded(database.db))) return false;
    await seedDemo(database.db);
    return true;
  });
}
