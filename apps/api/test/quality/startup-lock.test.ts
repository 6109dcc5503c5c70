import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';
import { CARRERAS } from '../../src/seed/curriculum.js';
import { prepareDatabase } from '../../src/seed/prepare-database.js';
import { adminQuery, ownerUrl, uniqueName, withDatabase } from '../test-database.js';

/**
 * Two API processes started together with SEED_DEMO=always on an empty database (issue 15 item 5): the
 * migrations and the seed run once, under one advisory lock, and both processes start. Only a PostgreSQL server
 * has two processes on one database (PGlite locks its data directory), so the PGlite run skips this.
 */
// Migrating and seeding are the tables' owner's work (with the role split, MIGRATION_DATABASE_URL's).
const url = ownerUrl();
const name = uniqueName('arandu_start');

describe.skipIf(!url)('two processes starting on one empty database', () => {
  afterAll(async () => {
    if (url) await adminQuery(url, `drop database if exists "${name}" with (force)`);
  });

  it('migrate and seed once: one seeds, the other waits and finds the demo there', async () => {
    await adminQuery(url!, `create database "${name}"`);
    const open = () => openDatabase({ databaseUrl: withDatabase(url!, name), dataDir: '', poolSize: 4 });
    const [a, b] = [await open(), await open()];
    try {
      const seeded = await Promise.all([prepareDatabase(a, { seed: true }), prepareDatabase(b, { seed: true })]);
      expect(seeded.sort()).toEqual([false, true]);
      const [row] = (await a.db.execute<{ n: number }>(sql`select count(*)::int as n from carreras`)).rows;
      expect(row!.n).toBe(CARRERAS.length);
    } finally {
      await a.close();
      await b.close();
    }
  }, 600_000);
});
