/**
 * bench/lists-structure: the academic-structure lists at faculty scale, through the real app (buildApp +
 * inject: routing, validation, access checks, SQL and serialisation are measured; no network), as bench/lists.
 * - 'Lista de materias por periodo' (POST /api/MateriasPeriodo/all, 25 a page): first page, pages all over
 *   the list, the active period, and its searches (materia, código, malla, profesor);
 * - a period's 'Detalle de materias' (POST /api/periodos/{id}/materias/all, 100 a page): every career, one.
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench_structure
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench_structure npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench_structure npx tsx --conditions=source bench/lists-structure.ts
 *   dropdb -h 127.0.0.1 -U postgres arandu_bench_structure
 *
 * Options: --calls N (per scenario, default 300), --only text (scenarios whose name contains it). Not part of
 * `npm test`.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';

interface Scenario {
  name: string;
  url: string;
  /** Cycled through, one a call. */
  bodies: unknown[];
}

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
// A freshly seeded database has no planner statistics yet; a live one has them from autovacuum.
await database.pool!.query('analyze');
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
  const facts = await database.pool!.query<{
    materias: number;
    inscripciones: number;
    activo: number;
    carreras: number[];
  }>(
    `select (select count(*) from materias_periodo)::int as materias,
            (select count(*) from inscripciones_materia)::int as inscripciones,
            (select id from periodos where activo) as activo,
            (select array_agg(id order by id) from carreras) as carreras`,
  );
  const { materias, inscripciones, activo, carreras } = facts.rows[0]!;
  const lastPage = Math.ceil(materias / 25);
  const page = (n: number, filters?: object) => ({ page: n, pageSize: 25, ...(filters ? { filters } : {}) });

  const SCENARIOS: Scenario[] = [
    { name: 'materias por periodo: página 1', url: '/api/MateriasPeriodo/all', bodies: [page(1)] },
    {
      name: 'materias por periodo: páginas 1-última',
      url: '/api/MateriasPeriodo/all',
      bodies: Array.from({ length: 40 }, (_, i) => page(1 + Math.floor((i * (lastPage - 1)) / 39))),
    },
    {
      name: 'materias por periodo: periodo activo',
      url: '/api/MateriasPeriodo/all',
      bodies: Array.from({ length: 10 }, (_, i) => page(1 + i * 4, { periodoId: activo })),
    },
    {
      name: 'materias por periodo: búsquedas',
      url: '/api/MateriasPeriodo/all',
      bodies: [
        { materia: 'calculo' },
        { materia: 'mecánica de suelos' },
        { codigo: 'cb0' },
        { codigo: 'inf05' },
        { malla: 'plan 2023' },
        { materia: 'fisica', periodoId: activo },
        { materia: 'no existe tal materia' },
      ].map((f) => page(1, f)),
    },
    {
      name: 'materias por periodo: profesor',
      url: '/api/MateriasPeriodo/all',
      bodies: ['gonzalez', 'maria', 'benitez', 'nuñez', 'caceres ana'].map((s) => page(1, { profesor: s })),
    },
    {
      name: 'detalle del periodo: todas (100)',
      url: `/api/periodos/${activo}/materias/all`,
      bodies: Array.from({ length: 12 }, (_, i) => ({ page: 1 + i, pageSize: 100, filters: { carreraId: 0 } })),
    },
    {
      name: 'detalle del periodo: una carrera (100)',
      url: `/api/periodos/${activo}/materias/all`,
      bodies: carreras.flatMap((carreraId) =>
        [1, 2, 3].map((p) => ({ page: p, pageSize: 100, filters: { carreraId } })),
      ),
    },
  ];

  console.log(
    `Base: ${materias} materias por periodo, ${inscripciones} inscripciones; ${calls} llamadas por escenario.\n`,
  );
  console.log('escenario                                  p50 ms   p95 ms   p99 ms   filas  total');

  let n = 0;
  for (const s of SCENARIOS.filter((x) => !values.only || x.name.includes(values.only))) {
    const times: number[] = [];
    let lastTotal = 0;
    let lastRows = 0;
    for (let i = 0; i < WARMUP + calls; i++) {
      const body = s.bodies[i % s.bodies.length];
      const started = performance.now();
      // A different source address each call: the per-address safety valve is not what is measured.
      const res = await app.inject({
        method: 'POST',
        url: s.url,
        headers: { authorization },
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        payload: body as object,
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
      `${s.name.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}  ` +
        `${percentile(times, 99).toFixed(1).padStart(7)}  ${String(lastRows).padStart(6)}  ${lastTotal}`,
    );
  }
} finally {
  await app.close();
  await database.close();
}
