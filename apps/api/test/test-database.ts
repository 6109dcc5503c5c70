import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test databases: the migrations run once per test run into a template, and every test file gets a copy.
 * On PGlite the template is a data directory copied on disk; on a PostgreSQL server (DATABASE_URL) it is a
 * database that `CREATE DATABASE … TEMPLATE` clones. Either way no test file pays for initdb or migrations.
 */
export function serverUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * Who creates, migrates and drops the test databases: the tables' owner of the role split (decision 017)
 * when MIGRATION_DATABASE_URL is set, so the tests connect as the app's role exactly as the API does.
 */
export function ownerUrl(): string | undefined {
  return process.env.MIGRATION_DATABASE_URL || serverUrl();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Copies the template for one test file; returns how to open it and how to throw it away. */
export async function cloneTemplate(
  template: string,
): Promise<{ databaseUrl?: string; ownerUrl?: string; dataDir: string; drop(): Promise<void> }> {
  const url = serverUrl();
  const owner = ownerUrl();
  if (url && owner) {
    const name = uniqueName('arandu_t');
    // Two files may clone at the same instant; PostgreSQL refuses the second while the first copies.
    for (let attempt = 0; ; attempt++) {
      try {
        await adminQuery(owner, `create database "${name}" template "${template}"`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
    return {
      databaseUrl: withDatabase(url, name),
      dataDir: '',
      ownerUrl: withDatabase(owner, name),
      drop: () => adminQuery(owner, `drop database if exists "${name}" with (force)`),
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arandu-test-'));
  await fs.cp(template, dataDir, { recursive: true });
  return { dataDir, drop: () => fs.rm(dataDir, { recursive: true, force: true }) };
}
