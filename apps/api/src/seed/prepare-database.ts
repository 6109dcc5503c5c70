import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { applyMigrations, underStartupLock } from '../db/migrate.js';
import { grantAppRole, roleOf, roleStanding } from '../db/roles.js';
import type { DemoMailSettings } from './demo-mails.js';
import { isSeeded, seedDemo } from './demo.js';

/**
 * What a starting API process does to its database: migrations, the app role's grants when the tables'
 * owner runs them (decision 017), then the demo seed when asked, all under one advisory lock. Two processes
 * started together with SEED_DEMO=always on an empty database used to both find it unseeded and both seed;
 * the second died on `carreras_nombre_unique`. Now the second waits for the lock and finds the demo there.
 * Returns whether this process seeded.
 */
export async function prepareDatabase(
  database: Database,
  opts: { seed: boolean; grantTo?: string | undefined; mail?: DemoMailSettings | undefined },
): Promise<boolean> {
  return underStartupLock(database, async () => {
    await applyMigrations(database);
    if (opts.grantTo) await grantAppRole(database, opts.grantTo);
    if (!opts.seed || (await isSeeded(database.db))) return false;
    await seedDemo(database.db, { mail: opts.mail });
    return true;
  });
}

/**
 * The start-up preparation as configured: with MIGRATION_DATABASE_URL the owner's connection prepares the
 * database and grants the app's role (DATABASE_URL's user), then closes; without it the app's own connection
 * does everything, as before the split. Returns whether this process seeded, and a warning to print when the
 * API's connection could switch the database's guards off (a superuser or the tables' owner).
 */
export async function prepareConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl'>,
  database: Database,
  opts: { seed: boolean; mail?: DemoMailSettings | undefined },
): Promise<{ seeded: boolean; warning?: string }> {
  let seeded: boolean;
  if (config.migrationDatabaseUrl && config.databaseUrl) {
    const owner = await openDatabase({ databaseUrl: config.migrationDatabaseUrl, dataDir: '', poolSize: 2 });
    try {
      seeded = await prepareDatabase(owner, { ...opts, grantTo: roleOf(config.databaseUrl) });
    } finally {
      await owner.close();
    }
  } else {
    seeded = await prepareDatabase(database, opts);
  }
  if (database.kind !== 'postgres') return { seeded };
  const standing = await roleStanding(database);
  if (!standing.superuser && !standing.ownsTables) return { seeded };
  return {
    seeded,
    warning:
      `Atención: la API se conecta como "${standing.role}", ${standing.superuser ? 'superusuario' : 'dueño de las tablas'}: ` +
      'con sus credenciales se pueden desactivar las protecciones de las actas selladas y de la auditoría. ' +
      'Use un rol sin privilegios en DATABASE_URL y el dueño en MIGRATION_DATABASE_URL (README, "Dos roles").',
  };
}
