/**
 * bench/exports: the report downloads at faculty scale, streamed by the real app over a real socket, with
 * the time to the last byte and the peak RSS of the process (which is the API: the client here only counts
 * and discards the bytes).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npm run seed:scale -- --students 20000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench npx tsx --conditions=source bench/exports.ts
 *   DATA_DIR=/tmp/arandu-bench npm run seed:scale -- --students 20000          # the same on PGlite
 *   DATA_DIR=/tmp/arandu-bench npx tsx --conditions=source bench/exports.ts
 *
 * Targets (issue 13): 100,000 rows in <= 10 s and peak RSS <= 250 MB, on PGlite and on PostgreSQL.
 * Options: --only text (downloads whose name has it). Not part of `npm test`.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { rows } from '../apps/api/src/db/sql.js';

const DOWNLOADS = [
  { name: 'Alumnos-Inscriptos.xlsx, every period', url: '/api/reports/reporte_inscriptos_download', filters: {} },
  { name: 'Alumnos.xlsx, no filter', url: '/api/reports/reporte_alumnos_download', filters: {} },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
await runMigrations(database);
await database.db.execute(sql`vacuum analyze`);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;

const login = await app.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { email: 'admin@demo.edu.py', password: 'Arandu2026!' },
});
const authorization = `Bearer ${login.json<{ token: string }>().token}`;
const [counts] = await rows<{ alumnos: number; inscripciones: number }>(
  database.db,
  sql`select (select count(*) from perfiles_alumno)::int as alumnos, (select count(*) from inscripciones_materia)::int as inscripciones`,
);
console.log(`Motor: ${database.kind}. Base: ${counts!.alumnos} fichas, ${counts!.inscripciones} inscripciones.`);

/** Streams one download to nowhere; returns the bytes. */
function download(url: string, filters: object): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        headers: { authorization, 'content-type': 'application/json' },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ page: 1, pageSize: 100, filters }));
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(`${'descarga'.padEnd(40)} filas     s   RSS antes MB  RSS pico MB  archivo MB`);
for (const d of DOWNLOADS.filter((x) => !values.only || x.name.includes(values.only))) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  const bytes = await download(d.url, d.filters);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const list = await app.inject({
    method: 'POST',
    url: d.url.replace('_download', ''),
    headers: { authorization },
    payload: { page: 1, pageSize: 1, filters: d.filters },
  });
  const total = list.json<{ totalItemsCount: number }>().totalItemsCount;
  console.log(
    `${d.name.padEnd(40)} ${String(total).padStart(7)} ${seconds.toFixed(1).padStart(5)}  ${mb(before).padStart(12)}  ${mb(peak).padStart(11)}  ${(bytes / 1024 / 1024).toFixed(1).padStart(10)}`,
  );
}
console.log(`maxRSS del proceso: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await app.close();
await database.close();
