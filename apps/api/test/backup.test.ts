import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@arandu/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { usuarios } from '../src/db/schema/index.js';
import { createUser } from './factories/users.js';
import { serverUrl } from './test-database.js';

/**
 * Issue 16: `npm run backup` copies the embedded database while Arandu runs, `npm run restore FILE` brings
 * it back into an empty DATA_DIR. On PGlite: pg_dump covers the server.
 */
const run = promisify(execFile);
const API = path.resolve(import.meta.dirname, '..');
const cli = (script: string, args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', '--conditions=source', `src/modules/operations/${script}`, ...args], {
    cwd: API,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: API },
  });

let work: string;
let live: { app: FastifyInstance; database: Database };
let email: string;

// PGlite only, so the PostgreSQL run (which would repeat it word for word) leaves it to the PGlite run.
describe.skipIf(serverUrl())('npm run backup / npm run restore', () => {
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'arandu-backup-'));
    const database = await openDatabase({ dataDir: path.join(work, 'data') });
    await runMigrations(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    live = { app, database };
    email = (await createUser(database.db, { roles: [Role.Alumno], nombre: 'Copiada' })).email;
  });
  afterAll(async () => {
    await live?.app.close();
    await live?.database.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  it(
    'backs up the running embedded database and restores it into a fresh directory',
    { timeout: 600_000 },
    async () => {
      const file = path.join(work, 'copias', 'arandu.tar.gz');
      const backup = await cli('backup-cli.ts', [file], path.join(work, 'data'));
      expect(backup.stdout).toContain('Arandu en ejecución');
      // Arandu kept running and writing while the copy was taken; what came after is not in the copy.
      await createUser(live.database.db, { roles: [Role.Alumno], nombre: 'Posterior' });

      const restored = path.join(work, 'restaurada');
      await cli('restore-cli.ts', [file], restored);
      await expect(fs.access(path.join(restored, 'arandu.lock'))).rejects.toThrow();
      const copy = await openDatabase({ dataDir: restored });
      try {
        const found = await copy.db.select({ nombre: usuarios.nombre }).from(usuarios).where(eq(usuarios.email, email));
        expect(found).toEqual([{ nombre: 'Copiada' }]);
        const later = await copy.db.select().from(usuarios).where(eq(usuarios.nombre, 'Posterior'));
        expect(later).toEqual([]);
      } finally {
        await copy.close();
      }
    },
  );

  it('refuses to restore over a directory that has data', async () => {
    const file = path.join(work, 'copias', 'arandu.tar.gz');
    await expect(cli('restore-cli.ts', [file], path.join(work, 'data'))).rejects.toMatchObject({
      stderr: expect.stringContaining('no está vacío'),
    });
  });
});
