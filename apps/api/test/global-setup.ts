import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { adminQuery, serverUrl, uniqueName, withDatabase } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated data directory; PostgreSQL: the migrated template database's name. */
    template: string;
  }
}

export default async function setup(project: TestProject) {
  const url = serverUrl();
  if (url) {
    const name = uniqueName('arandu_tpl');
    await adminQuery(url, `create database "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '', poolSize: 2 });
    await runMigrations(database);
    await database.close();
    project.provide('template', name);
    console.log(`[api tests] PostgreSQL server, template database ${name}`);
    return async () => {
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arandu-template-'));
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  await database.close();
  project.provide('template', dataDir);
  console.log('[api tests] embedded PostgreSQL (PGlite)');
  return async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
