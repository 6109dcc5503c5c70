/**
 * bench/lists: the list calls of the app at faculty scale, through the real app (buildApp + inject, so the
 * routing, validation, access checks, SQL and serialisation are all measured; no network).
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/lists.ts
 *   dropdb -h 127.0.0.1 -U postgres arandu_bench
 *
 * Options: --calls N (per scenario, default 300), --only text (scenarios whose name contains it).
 * Each scenario is one call shape; a list of bodies is cycled through, so searches vary. Add a scenario to
 * SCENARIOS to measure another list. Not part of `npm test`.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** Cycled through, one a call. */
  bodies?: unknown[];
}

const page = (page: number, filters?: object) => ({ page, pageSize: 25, ...(filters ? { filters } : {}) });

const SCENARIOS: Scenario[] = [
  { name: 'users: page 1, no search', method: 'POST', url: '/api/users/all', bodies: [page(1)] },
  {
    name: 'users: pages 1-400, no search',
    method: 'POST',
    url: '/api/users/all',
    bodies: Array.from({ length: 40 }, (_, i) => page(1 + i * 10)),
  },
  {
    name: 'users: search text',
    method: 'POST',
    url: '/api/users/all',
    bodies: ['gonzalez', 'maria', 'benitez ana', 'caceres', '3001234', 'alumno1234', 'profesor', 'nuñez'].map((s) =>
      page(1, { search: s }),
    ),
  },
  { name: 'users: role Profesor', method: 'POST', url: '/api/users/all', bodies: [page(1, { roles: [1] })] },
  { name: 'students: page 1, no search', method: 'POST', url: '/api/students/all', bodies: [page(1)] },
  {
    name: 'students: pages 1-400, no search',
    method: 'POST',
    url: '/api/students/all',
    bodies: Array.from({ length: 40 }, (_, i) => page(1 + i * 10)),
  },
  {
    name: 'students: search text',
    method: 'POST',
    url: '/api/students/all',
    bodies: ['gonzalez', 'maria', 'benitez ana', 'caceres', '3001234', '101234', 'rojas lucas', 'villalba'].map((s) =>
      page(1, { search: s }),
    ),
  },
  { name: 'audit: page 1, no filter', method: 'POST', url: '/api/users/all_auditlog', bodies: [page(1)] },
  {
    name: 'audit: table and type',
    method: 'POST',
    url: '/api/users/all_auditlog',
    bodies: [page(1, { tabla: 'usuarios', tipo: 1 }), page(1, { tabla: 'perfiles_alumno' })],
  },
];

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '300' }, only: { type: 'string' } },
});
const calls = Number(values.calls);
const WARMUP = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
if (!config.databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL database filled by seed:scale');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: '', poolSize: 4 });
await runMigrations(database);
// A freshly seeded database has neither planner statistics nor a visibility map yet; a live one has both
// from autovacuum, which this does at once.
await database.pool!.query('vacuum analyze');
const app = await buildApp({ config, database, logger: false });
await app.ready();

try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: 'admin@demo.edu.py', password: 'Arandu2026!' },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const authorization = `Bearer ${login.json<{ token: string }>().token}`;
  const counts = await database.pool!.query<{ usuarios: number; alumnos: number }>(
    'select (select count(*) from usuarios)::int as usuarios, (select count(*) from perfiles_alumno)::int as alumnos',
  );
  console.log(
    `Base: ${counts.rows[0]!.usuarios} usuarios, ${counts.rows[0]!.alumnos} fichas de alumno; ${calls} llamadas por escenario.\n`,
  );
  console.log('escenario                              p50 ms   p95 ms   p99 ms   filas  total');

  let n = 0;
  for (const s of SCENARIOS.filter((x) => !values.only || x.name.includes(values.only))) {
    const bodies = s.bodies ?? [undefined];
    const times: number[] = [];
    let lastTotal = 0;
    let lastRows = 0;
    for (let i = 0; i < WARMUP + calls; i++) {
      const body = bodies[i % bodies.length];
      const started = performance.now();
      // A different source address each call: the per-address safety valve is not what is measured.
      const res = await app.inject({
        method: s.method,
        url: s.url,
        headers: { authorization },
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      n++;
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
      if (i >= WARMUP) times.push(ms);
      const reply = res.json<{ items?: unknown[]; totalItemsCount?: number }>();
      lastRows = reply.items?.length ?? 0;
      lastTotal = reply.totalItemsCount ?? 0;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${s.name.padEnd(36)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}  ` +
        `${percentile(times, 99).toFixed(1).padStart(7)}  ${String(lastRows).padStart(6)}  ${lastTotal}`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
