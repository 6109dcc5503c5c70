import { fillPlaceholders, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.js';

/** Runs raw SQL and returns its rows, whichever engine is underneath (both wrap rows in `.rows`). */
export async function rows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** Dates, times and intervals stay text, as drizzle's own queries leave them (db/client.ts). */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const types = {
  getTypeParser: ((id: number, format?: 'text' | 'binary'): unknown =>
    TEXT_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/** More texts than the hot paths have: past it a statement runs unnamed rather than fill every connection. */
const MAX_NAMED = 64;
const names = new Map<string, string>();

/** One name per text: a connection refuses a second text under a name it has already prepared. */
function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `arandu_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `rows`, for the statements every request or login runs (the session check, the login's two): on the
 * PostgreSQL server they are named prepared statements, parsed and planned once per connection instead of on
 * every call. For the login's two that took PostgreSQL's CPU from 1.1-1.3 ms to 0.4 ms a login (bench/README.md,
 * login-rush). Only for statements of a fixed shape: each distinct text is prepared on every connection of the
 * pool (and, inside a transaction, on the transaction's connection: the enrolment save's). On PGlite they run as
 * `rows` does. (A pooler such as PgBouncer in transaction
 * mode between the API and PostgreSQL must then keep prepared statements: PgBouncer 1.21 or later does.)
 */
export async function preparedRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = serverClient(db);
  if (!client) return rows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query<T>({ name: statementName(text), text, values: params, types });
  return result.rows;
}

/**
 * A statement of one fixed text for the hottest paths (the enrolment rush's save): `build` writes it once from
 * its values, `v.name` standing wherever a value goes (interpolated as is, nothing computed from it). On the
 * PostgreSQL server it is rendered once, with placeholders, and every call only lists its values for the named
 * prepared statement: no SQL is assembled or looked up by its text per call (`preparedRows` does both, about a
 * tenth of the API's CPU a save, bench/README.md). On PGlite `build` runs with the values, as `rows` would.
 */
export function fixedStatement<V extends Record<string, unknown>>(build: (v: V) => SQL) {
  let rendered: { name: string | undefined; text: string; params: unknown[] } | undefined;
  return async function run<T extends Record<string, unknown>>(db: DbOrTx, values: V): Promise<T[]> {
    const client = serverClient(db);
    if (!client) return rows<T>(db, build(values));
    if (!rendered) {
      const { sql: text, params } = dialect.sqlToQuery(build(placeholders as V));
      rendered = { name: statementName(text), text, params };
    }
    const { name, text, params } = rendered;
    const result = await client.query<T>({ name, text, values: fillPlaceholders(params, values), types });
    return result.rows;
  };
}

/** `v.anything` is the placeholder named so: what `fixedStatement` renders its text with. */
const placeholders: Record<string, unknown> = new Proxy(
  {},
  { get: (_, key) => (typeof key === 'string' ? sql.placeholder(key) : undefined) },
);

/**
 * The PostgreSQL server's pool, or inside a transaction its connection (drizzle's session holds it); undefined
 * on PGlite. A name prepared on one connection is prepared again on each other the first time it runs there.
 */
function serverClient(db: DbOrTx): pg.Pool | pg.ClientBase | undefined {
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) return pool;
  const session = is(db, PgTransaction) ? (db as unknown as { session?: { client?: unknown } }).session : undefined;
  return session?.client instanceof pg.Client ? session.client : undefined;
}

/**
 * A one-row CTE body (column `sin_espera`) that lets the commit of the statement it is part of return before
 * its WAL reaches the disk: `synchronous_commit` off for this transaction only. Only for the login's own
 * writes (its throttle counters and its session), where a database server crash in the next fraction of a
 * second (wal_writer_delay, 200 ms, up to three times that) costs a student one more login or one attempt
 * uncounted, never a record anything else relies on, and the database stays consistent. On enrolment day it
 * spares PostgreSQL two disk flushes a login (bench/README.md, login rush).
 */
export function commitWithoutWaitingForDisk(db: DbOrTx): SQL {
  // Inside a transaction the setting would hold until its end, for every other write it makes too.
  if (is(db, PgTransaction))
    throw new Error('commitWithoutWaitingForDisk: a statement of its own, not in a transaction');
  return sql`select set_config('synchronous_commit', 'off', true) as sin_espera`;
}

/** Integers as one `int[]` parameter (an array literal), so a list never splices numbers into the SQL text. */
export function intArray(values: readonly number[]): SQL {
  return sql`${intArrayValue(values)}::int[]`;
}

/** The array literal `intArray` binds (`{1,2,3}`): a `fixedStatement`'s value, cast `::int[]` in its text. */
export function intArrayValue(values: readonly number[]): string {
  return `{${values.map((v) => Math.trunc(Number(v))).join(',')}}`;
}
