import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { roleOf } from '../src/db/roles.js';
import { prepareDatabase } from '../src/seed/prepare-database.js';
import { adminQuery, ownerUrl, serverUrl, uniqueName, withDatabase } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated data directory; PostgreSQL: the migrated template database's name. */
    template: string;
  }
}

export default async function setup(project: TestProject) {
  const url = serverUrl();
  const owner = ownerUrl();
  if (url && owner) {
    const name = uniqueName('arandu_tpl');
    await adminQuery(owner, `create database "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(owner, name), dataDir: '', poolSize: 2 });
    // With the role split the template carries the app role's grants, and every copy inherits them.
    await prepareDatabase(database, { seed: false, grantTo: owner === url ? undefined : roleOf(url) });
    await database.close();
    project.provide('template', name);
    const split = owner === url ? '' : `, connected as the app's role ${roleOf(url)}`;
    console.log(`[api tests] PostgreSQL server, template database ${name}${split}`);
    return async () => {
      await adminQuery(owner, `drop database if exists "${name}" with (force)`);
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
