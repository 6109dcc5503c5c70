import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { useInvocationDir } from '../../seed/cli-database.js';
import { restoreEmbedded } from './backup.js';

/** `npm run restore FILE`: a backup of `npm run backup` into an empty DATA_DIR (PostgreSQL: see README). */
useInvocationDir();
const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore ARCHIVO (la copia de npm run backup), con DATA_DIR vacío o nuevo.');
  process.exit(1);
}
if (config.databaseUrl) {
  console.error('Con DATABASE_URL use pg_restore (vea el README, "Copias de seguridad").');
  process.exit(1);
}
try {
  await restoreEmbedded(await fs.readFile(path.resolve(file)), config.dataDir);
  console.log(`Copia ${file} restaurada en ${config.dataDir}. Inicie Arandu con DATA_DIR=${config.dataDir}.`);
} catch (err) {
  console.error('No se pudo restaurar:', err instanceof Error ? err.message : err);
  process.exit(1);
}
