/**
 * What the list benchmarks share: the real app (buildApp + inject: routing, validation, access checks, SQL and
 * serialisation are measured; no network) over the PostgreSQL database DATABASE_URL names, signed in as the
 * admin of `seed:scale`, and a runner that prints p50/p95/p99 per scenario.
 * Options of every script: --calls N (per scenario, default 300), --only text (scenarios whose name has it).
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase, type Database } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';

export interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  /** Cycled through, one a call. */
  bodies?: unknown[];
}

export interface Bench {
  app: FastifyInstance;
  database: Database;
  authorization: string;
  query<T extends Record<string, unknown>>(text: string): Promise<T>;
}

const WARMUP = 20;
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The real app over the PostgreSQL database DATABASE_URL names, migrated, with the general rate limit (a safety
 * valve for people, not what is measured) out of the way. `poolSize`: the configured one unless given.
 */
export async function openApp(poolSize?: number): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  if (!config.databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL database of the benchmark');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: '',
    poolSize: poolSize ?? config.databasePoolSize,
  });
  await runMigrations(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, database };
}

/** The bearer header of `seed:scale`'s admin. */
export async function adminAuthorization(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: 'admin@demo.edu.py', password: 'Arandu2026!' },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  return `Bearer ${login.json<{ token: string }>().token}`;
}

/** The app over the database filled by `seed:scale`, signed in as its admin. */
export async function openBench(): Promise<Bench> {
  const { app, database } = await openApp(4);
  // A freshly seeded database has neither planner statistics nor a visibility map yet; a live one has both
  // from autovacuum, which this does at once.
  await database.pool!.query('vacuum analyze');
  return {
    app,
    database,
    authorization: await adminAuthorization(app),
    query: async <T extends Record<string, unknown>>(text: string) => (await database.pool!.query<T>(text)).rows[0]!,
  };
}

export async function runScenarios(bench: Bench, scenarios: Scenario[]): Promise<void> {
  const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' }, only: { type: 'string' } } });
  const calls = Number(values.calls);
  console.log(`${calls} llamadas por escenario.\n`);
  console.log(`${'escenario'.padEnd(40)} p50 ms   p95 ms   p99 ms   filas  total`);
  for (const s of scenarios.filter((x) => !values.only || x.name.includes(values.only))) {
    const bodies = s.bodies ?? [undefined];
    const times: number[] = [];
    let lastRows = 0;
    let lastTotal = 0;
    for (let i = 0; i < WARMUP + calls; i++) {
      const body = bodies[i % bodies.length];
      const started = performance.now();
      const res = await bench.app.inject({
        method: s.method ?? 'POST',
        url: s.url,
        headers: { authorization: bench.authorization },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
      if (i >= WARMUP) times.push(ms);
      const reply = res.json<{ items?: unknown[]; totalItemsCount?: number }>();
      lastRows = reply.items?.length ?? 0;
      lastTotal = reply.totalItemsCount ?? 0;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${s.name.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}  ` +
        `${percentile(times, 99).toFixed(1).padStart(7)}  ${String(lastRows).padStart(6)}  ${lastTotal}`,
    );
  }
}

export async function closeBench(bench: Bench): Promise<void> {
  await bench.app.close();
  await bench.database.close();
}
