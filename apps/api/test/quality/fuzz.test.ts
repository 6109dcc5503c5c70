import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TipoAuditoria } from '@arandu/shared';
import { setupTestApp, type TestContext } from '../helper.js';
import { EXPECTED } from '../matrix/expectations.js';
import { buildWorld, FIXTURES, type World } from '../matrix/fixtures.js';
import { arbitraryFor } from './zod-arbitrary.js';

/**
 * Schema fuzzing (issue 15): every route's body and query, generated from its zod schema and mutated, sent as an
 * administrator (the caller who reaches the most code). Never a 5xx; a refused call changes no row count and
 * writes no audit row. Seeded and bounded for CI (FUZZ_RUNS per route, FUZZ_SEED); a longer run is in bench/.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/** Routes not fuzzed: they end or change the caller's own session, which the rest of the run needs. */
const NOT_FUZZED = new Set(['POST /api/users/logout', 'POST /api/users/set_new_password', 'POST /api/users/login']);
/** Tables that record refused attempts by design (throttling), so their counts may grow on a 4xx. */
const COUNTS_REFUSALS = new Set(['intentos_login']);

let t: TestContext;
let world: World;
let countAll: () => Promise<Record<string, number>>;

beforeAll(async () => {
  // The per-session flood valve would turn the run into 429s after a minute's worth of calls.
  t = await setupTestApp({ config: { rateLimitPerMinute: 1_000_000 } });
  world = await buildWorld(t.app, t.db);
  const tables = (
    await t.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'`,
    )
  ).rows
    .map((r) => r.name)
    .filter((name) => !COUNTS_REFUSALS.has(name));
  // A refused attempt on a user it may not change is logged by design (a DENIED row, audit/refusals.ts); the
  // changes the trigger logs must still be none.
  const rowsOf = (n: string) =>
    n === 'auditoria' ? sql`${sql.identifier(n)} where tipo <> ${TipoAuditoria.Denied}` : sql.identifier(n);
  const query = sql`select ${sql.join(
    tables.map((n) => sql`(select count(*)::int from ${rowsOf(n)}) as ${sql.identifier(n)}`),
    sql`, `,
  )}`;
  countAll = async () => (await t.db.execute<Record<string, number>>(query)).rows[0]!;
});
afterAll(async () => {
  await t?.close();
});

async function urlOf(method: string, url: string): Promise<string> {
  const rule = EXPECTED[`${method} ${url}`];
  let filled = url;
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    const fixture = rule?.params?.[name!] ?? 'missing';
    filled = filled.replace(`:${name}`, String(await FIXTURES[fixture](world, 'admin', 'own')));
  }
  return filled;
}

function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return `?${params.toString()}`;
}

it(
  `never answers 5xx to ${RUNS} generated and mutated inputs per route, and a refused call changes nothing`,
  async () => {
    const failures: string[] = [];
    let cases = 0;
    let refused = 0;
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api') && (r.schema.body || r.schema.querystring) && !NOT_FUZZED.has(`${r.method} ${r.url}`),
    );
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const input = fc.record({
        body: route.schema.body ? arbitraryFor(route.schema.body as z.ZodType) : fc.constant(undefined),
        query: route.schema.querystring ? arbitraryFor(route.schema.querystring as z.ZodType) : fc.constant(undefined),
      });
      const result = await fc.check(
        fc.asyncProperty(input, async ({ body, query }) => {
          cases += 1;
          const url = (await urlOf(route.method, route.url)) + queryString(query);
          const writes = route.method !== 'GET';
          const before = writes ? await countAll() : undefined;
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { authorization: `Bearer ${world.who.admin.token}`, 'content-type': 'application/json' },
            ...(body === undefined || route.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && before) {
            refused += 1;
            expect(await countAll(), `${key} refused with ${res.statusCode} but changed rows`).toEqual(before);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${key}: ${String(result.errorInstance)} with ${JSON.stringify(result.counterexample)?.slice(0, 300)}`,
        );
      }
    }
    console.log(
      `[fuzz] ${routes.length} routes, ${cases} cases (seed ${SEED}, ${RUNS} a route), ${refused} refused writes ` +
        `checked unchanged, ${failures.length} failing`,
    );
    expect(failures).toEqual([]);
  },
  600_000 + RUNS * 20_000, // only stops a hang: it took over 180 s on PGlite under a load of 10
);
