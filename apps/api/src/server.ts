import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { buildApp } from './app.js';
import { purgeExpired } from './modules/auth/auth.repository.js';
import { purgeEndedCounters } from './modules/throttle/throttle.service.js';
import { timingDummyHash } from './modules/auth/password.js';
import { getSettings } from './modules/settings/settings.service.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.js';
import { prepareConfiguredDatabase } from './seed/prepare-database.js';
import { unaudited } from './db/tx.js';

/** Entry point: configuration, database, migrations, demo seed when embedded, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  // Demo accounts only on the embedded database (or when asked): a real installation never gets them.
  const wantsDemo = config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.kind === 'pglite');
  // The demo's mails link to where this server answers (PUBLIC_URL when set), as a welcome mail would.
  const mail = { appName: config.appName, appUrl: config.publicUrl ?? `http://${config.host}:${config.port}` };
  const { seeded: seededNow, warning } = await prepareConfiguredDatabase(config, database, { seed: wantsDemo, mail });
  if (warning) console.warn(warning);

  const app = await buildApp({ config, database });
  // The hashing threads start now and compute the hash an unknown e-mail is compared with: an argon2 that
  // cannot load stops the start here instead of failing every login, and the first login waits for no thread.
  await timingDummyHash();

  const housekeeping = setInterval(() => {
    getSettings(database.db)
      .then(async (s) => {
        await purgeEndedCounters(unaudited(database.db));
        await purgeExpired(unaudited(database.db), s.sesionDuracionMaximaDias);
      })
      .catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
  }, 3_600_000);
  housekeeping.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(housekeeping);
    try {
      // Stops accepting connections and waits for requests in flight, whose transactions then commit.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    // Close the database cleanly (and free the embedded one's lock) before saying why.
    await app.close();
    await database.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartupError(
        `el puerto ${config.port} de ${config.host} ya está en uso (¿Arandu ya está corriendo?). ` +
          'Use PORT para elegir otro.',
      );
    }
    throw err;
  }
  const url = `http://${config.host}:${config.port}`;
  const lines = [
    '',
    `  ${config.appName} está en ${url}  (base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`,
    `  Documentación de la API: ${url}/api/docs`,
  ];
  if (wantsDemo) {
    lines.push(seededNow ? '  Datos de demostración cargados.' : '  Datos de demostración ya presentes.');
    lines.push(`  Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(28)} ${account.description}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** A reason to stop that the person starting Arandu can act on: its message is enough, no stack. */
class StartupError extends Error {}

main().catch((err: unknown) => {
  const known = err instanceof StartupError || err instanceof DataDirInUseError;
  console.error('Arandu no pudo iniciar:', known ? err.message : err);
  process.exit(1);
});
