import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type Db, type Tx } from '../src/db/client.js';
import { correosSalientes } from '../src/db/schema/index.js';
import { writeTx } from '../src/db/tx.js';
import { cloneTemplate } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Db;
  /**
   * The tables' owner, for test set-ups that change the schema (a fixture view): the same connection as `db`
   * unless the run uses the role split (MIGRATION_DATABASE_URL), where `db` is the app's role, as in the API.
   */
  ownerDb: Db;
  /**
   * Another API process on the same database (its own pool, its own app), as a second server behind a load
   * balancer; closed with the context. Only a PostgreSQL server has one (PGlite serves one process).
   */
  anotherProcess(deps?: Pick<AppDeps, 'clock' | 'mailTransport'>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Builds the app over a fresh copy of the migrated template database (one per test file). */
export async function setupTestApp(
  opts: { config?: Partial<Config>; logger?: AppDeps['logger']; clock?: AppDeps['clock'] } = {},
): Promise<TestContext> {
  const copy = await cloneTemplate(inject('template'));
  const database = await openDatabase({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir, poolSize: 8 });
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { databaseUrl: copy.databaseUrl, ...opts.config },
  );
  const app = await buildApp({
    config,
    database,
    logger: opts.logger ?? false,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  await app.ready();
  const others: { app: FastifyInstance; database: Database }[] = [];
  const owner =
    copy.ownerUrl && copy.ownerUrl !== copy.databaseUrl
      ? await openDatabase({ databaseUrl: copy.ownerUrl, dataDir: '', poolSize: 2 })
      : undefined;
  return {
    app,
    database,
    db: database.db,
    ownerDb: owner?.db ?? database.db,
    async anotherProcess(deps = {}) {
      if (!copy.databaseUrl) throw new Error('a second API process needs a PostgreSQL server (DATABASE_URL)');
      const other = await openDatabase({ databaseUrl: copy.databaseUrl, dataDir: '', poolSize: 8 });
      const otherApp = await buildApp({ config, database: other, logger: false, ...deps });
      await otherApp.ready();
      others.push({ app: otherApp, database: other });
      return otherApp;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.database.close();
      }
      await app.close();
      await owner?.close();
      await database.close();
      await copy.drop();
    },
  };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A call to the API as the holder of `token` (anonymous with null), with a JSON body when given. */
export function injectAs(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(token === null ? {} : { headers: bearer(token) }),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(correosSalientes)
    .where(eq(correosSalientes.destinatario, to))
    .orderBy(desc(correosSalientes.id))
    .limit(1);
  return mail;
}

/** The temporary password written in a reset mail. */
export function temporaryPasswordIn(text: string): string {
  const match = /Contraseña temporal: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no temporary password in: ${text}`);
  return match[1];
}

/**
 * Runs `statement` in a transaction attributed to `userId`, as the API's writes are, and resolves to the message
 * of the database's refusal (the innermost cause); a statement that goes through fails the test.
 */
export async function refusalOf(db: Db, userId: number | null, statement: (tx: Tx) => Promise<unknown>) {
  try {
    await writeTx(db, userId, statement);
  } catch (err) {
    let e: unknown = err;
    while (e instanceof Error && e.cause) e = e.cause;
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('the statement was not refused');
}

/** The first sheet of a workbook as rows of cell values (ExcelJS counts rows and cells from 1; these from 0). */
export async function readSheet(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).slice(1));
}

/**
 * Row `id` of an append-only table can be neither updated (`set`, a SET clause) nor deleted: the trigger refuses
 * both, or, with the role split, the app's role holds no such grant.
 */
export async function expectAppendOnly(db: Db, table: string, set: string, id: number) {
  const notGranted = /no pueden modificarse|permission denied/;
  const update = sql`update ${sql.raw(table)} set ${sql.raw(set)} where id = ${id}`;
  expect(await refusalOf(db, null, (tx) => tx.execute(update))).toMatch(notGranted);
  expect(await refusalOf(db, null, (tx) => tx.execute(sql`delete from ${sql.raw(table)} where id = ${id}`))).toMatch(
    notGranted,
  );
}
