import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { useInvocationDir } from '../../seed/cli-database.js';
import { dumpEmbedded, requestBackup } from './backup.js';

/**
 * `npm run backup [-- FILE]`: a restorable copy of the database. Embedded: asked of the running Arandu, or
 * taken directly when it is not running. PostgreSQL: `pg_dump --format=custom` (restore with pg_restore).
 */
useInvocationDir();
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const file = path.resolve(
  process.argv[2] ?? path.join('backups', `arandu-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`),
);
await fs.mkdir(path.dirname(file), { recursive: true });

if (config.databaseUrl) {
  // The owner reads everything, the migrations' own table included; the app's role (decision 017) may not.
  const dbname = config.migrationDatabaseUrl ?? config.databaseUrl;
  const run = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], {
    stdio: 'inherit',
  });
  if (run.error || run.status !== 0) {
    console.error('pg_dump falló', run.error ? `(${run.error.message}): ¿está instalado?` : '');
    process.exit(1);
  }
} else {
  let data = await requestBackup(config.dataDir);
  const from = data ? 'Arandu en ejecución' : 'la base de datos detenida';
  if (!data) {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      data = await dumpEmbedded(database.pglite!);
    } finally {
      await database.close();
    }
  }
  await fs.writeFile(file, data, { mode: 0o600 });
  console.log(`Copia de ${config.dataDir} (${from}) escrita en ${file} (${(data.length / 1e6).toFixed(1)} MB).`);
  console.log(`Para restaurarla: DATA_DIR=<directorio vacío> npm run restore ${file}`);
}
