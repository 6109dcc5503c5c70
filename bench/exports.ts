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
 * Options: --only text (downloads whose name has it); --server: start the built API (`npm run build` first,
 * apps/api/dist/server.js) as its own process and measure that process's RSS (from /proc), so the figure is
 * the server's alone, not this script's tsx compiler and client as well. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

const { values } = parseArgs({ options: { only: { type: 'string' }, server: { type: 'boolean', default: false } } });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
await runMigrations(database);
await database.db.execute(sql`vacuum analyze`);
const SERVER_PORT = 3295;
/** The API the downloads go to: a process of its own (--server), or the app built in this one. */
const api = values.server ? await startServer() : await inProcess();

async function inProcess() {
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    rss: () => process.memoryUsage().rss,
    close: () => app.close(),
  };
}

async function startServer() {
  // PGlite allows one process on its data directory: this one lets go of it first.
  if (database.kind === 'pglite') await database.close();
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(SERVER_PORT), HOST: '127.0.0.1', SEED_DEMO: 'never' },
  });
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`http://127.0.0.1:${SERVER_PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 1200) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const status = () => fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return {
    port: SERVER_PORT,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(status())![1]) * 1024,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
const { port } = api;

async function call(method: string, url: string, body?: object, authorization?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Record<string, unknown>;
}

const login = await call('POST', '/api/users/login', { email: 'admin@demo.edu.py', password: 'Arandu2026!' });
const authorization = `Bearer ${login.token as string}`;
const countsDb = values.server && database.kind === 'pglite' ? undefined : database.db;
const [counts] = countsDb
  ? await rows<{ alumnos: number; inscripciones: number }>(
      countsDb,
      sql`select (select count(*) from perfiles_alumno)::int as alumnos, (select count(*) from inscripciones_materia)::int as inscripciones`,
    )
  : [undefined];
console.log(
  `Motor: ${database.kind}${values.server ? ' (API en su propio proceso)' : ''}.` +
    (counts ? ` Base: ${counts.alumnos} fichas, ${counts.inscripciones} inscripciones.` : ''),
);

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
  const before = api.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 25);
  const started = performance.now();
  const bytes = await download(d.url, d.filters);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, api.rss());
  const list = await call(
    'POST',
    d.url.replace('_download', ''),
    { page: 1, pageSize: 1, filters: d.filters },
    authorization,
  );
  const total = list.totalItemsCount as number;
  console.log(
    `${d.name.padEnd(40)} ${String(total).padStart(7)} ${seconds.toFixed(1).padStart(5)}  ${mb(before).padStart(12)}  ${mb(peak).padStart(11)}  ${(bytes / 1024 / 1024).toFixed(1).padStart(10)}`,
  );
}
if (!values.server) console.log(`maxRSS del proceso: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await api.close();
if (!(values.server && database.kind === 'pglite')) await database.close();
