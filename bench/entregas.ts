/**
 * bench/entregas: the deadline rush of homework handed in through Arandu (issue 46). One API process
 * (apps/api/dist/server.js) on PostgreSQL storage; N students (300) each upload a 5 MB PDF of their own, the
 * uploads' starts spread evenly over the same 60 seconds; then every stored file is read back from its parts
 * and its SHA-256 compared with the one sent (0 lost or corrupted), and the professor's 'Descargar todas'
 * streams the whole class's zip. Reports p50/p95/p99 per upload, the API's peak RSS in each phase (VmHWM,
 * reset between them) and the zip's throughput.
 *
 *   createdb -h 127.0.0.1 -U postgres arandu_bench_entregas
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench_entregas npx tsx --conditions=source bench/entregas.ts
 *   dropdb -h 127.0.0.1 -U postgres arandu_bench_entregas
 *
 * Options: --alumnos N (300), --mb N (5), --seconds N (60), --port N (3571); API_NODE_ARGS='--cpu-prof …' passes
 * flags to the API's node. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { createAlumno, createOffering, inscribir } from '../apps/api/test/factories/academic.js';
import { TEST_PASSWORD } from '../apps/api/test/factories/users.js';
import { arg } from './cli.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CANTIDAD = Number(arg('alumnos', '300'));
const SIZE = Number(arg('mb', '5')) * 1024 * 1024;
const SECONDS = Number(arg('seconds', '60'));
const PORT = Number(arg('port', '3571'));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: an empty PostgreSQL database for the benchmark');
const base = `http://127.0.0.1:${PORT}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

// ------------------------------------------------------------------ the class and its homework

const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 4 });
await runMigrations(database);
const offering = await createOffering(database.db);
const alumnos: { email: string; perfilId: number }[] = [];
for (let i = 0; i < CANTIDAD; i += 1) {
  const a = await createAlumno(database.db, offering.malla.id);
  await inscribir(database.db, a.perfil.id, offering.mp);
  alumnos.push({ email: a.user.email, perfilId: a.perfil.id });
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const hasta = new Date(Date.now() + 3_600_000).toISOString();
const [{ id: tareaId }] = (
  await pool.query<{ id: number }>(
    `insert into tareas_materia (materia_periodo_id, descripcion, tipo_tarea, puntaje_total, fecha_entrega,
       entrega_hasta, entrega_tipos, entrega_max_archivos, entrega_max_mb)
     values ($1, 'Informe final (bench)', 1, 20, current_date, $2, array['pdf']::varchar[], 1, 20) returning id`,
    [offering.mp.id, hasta],
  )
).rows as [{ id: number }];
await database.close();

// ------------------------------------------------------------------ the API process

// API_NODE_ARGS: flags for the API's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to see where its CPU goes.
const apiArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
// The API's log (warnings and errors) beside the figures: a refused or failed upload says why there.
const apiLog = path.join(os.tmpdir(), `bench-entregas-api-${process.pid}.log`);
const child = spawn(process.execPath, [...apiArgs, 'apps/api/dist/server.js'], {
  cwd: ROOT,
  stdio: ['ignore', fs.openSync(apiLog, 'w'), 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'never',
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  },
});
for (let tries = 0; ; tries += 1) {
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (tries > 600) throw new Error('the API did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const status = () => fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
/** The API's CPU seconds so far (user + system), from /proc: what a phase cost, whatever the machine's load. */
const cpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** The 1-minute load average, sampled every second while a phase runs: the machine is shared. */
function sampleLoad() {
  const seen: number[] = [];
  const timer = setInterval(() => seen.push(os.loadavg()[0]!), 1000);
  return () => {
    clearInterval(timer);
    seen.push(os.loadavg()[0]!);
    return `${Math.min(...seen).toFixed(1)} to ${Math.max(...seen).toFixed(1)}`;
  };
}
const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]) * 1024;
/** Resets the API's peak RSS (VmHWM) so that the next phase's peak is its own. */
const resetPeak = () => fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');

let address = 0;
async function login(email: string): Promise<string> {
  address += 1;
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${address >> 8}.${address & 255}` },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
const tokens: string[] = [];
for (const a of alumnos) tokens.push(await login(a.email));
const profesorToken = await login(offering.profesor.email);

// ------------------------------------------------------------------ the rush

// One random body shared by every file, each made unique by its first line: the client holds 5 MB, not 1.5 GB.
const body = randomBytes(SIZE - 64);
const fileOf = (i: number) => Buffer.from(`%PDF-1.4\n% alumno ${String(i).padStart(6, '0')}\n`.padEnd(64, '%'));
const expected = alumnos.map((_, i) => createHash('sha256').update(fileOf(i)).update(body).digest('hex'));

/** Why an upload got no answer ('UND_ERR_HEADERS_TIMEOUT', 'ECONNRESET'…), counted: a lost upload is explained. */
const failures = new Map<string, number>();
async function upload(i: number): Promise<{ ms: number; status: number }> {
  const boundary = `----bench${i}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="archivos"; filename="informe-${i}.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = [head, fileOf(i), body, tail];
  const started = performance.now();
  const res = await fetch(`${base}/api/tareas/${tareaId}/entregas`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens[i]}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(parts.reduce((n, p) => n + p.length, 0)),
    },
    body: new Blob(parts),
  }).catch((err: Error & { cause?: { code?: string; message?: string } }) => {
    const why = `${err.cause?.code ?? err.cause?.message ?? err.message} after ${((performance.now() - started) / 1000).toFixed(0)} s`;
    failures.set(why, (failures.get(why) ?? 0) + 1);
    return undefined;
  });
  if (res) await res.arrayBuffer();
  return { ms: performance.now() - started, status: res?.status ?? 0 };
}

const load = os.loadavg();
resetPeak();
const rssBefore = kb('VmRSS');
const rushLoad = sampleLoad();
const rushCpu0 = cpuSeconds();
const t0 = performance.now();
const results = await Promise.all(
  alumnos.map(async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * SECONDS * 1000) / CANTIDAD));
    return upload(i);
  }),
);
const rushSeconds = (performance.now() - t0) / 1000;
const uploadPeak = kb('VmHWM');
const rushCpu = cpuSeconds() - rushCpu0;
const rushLoadRange = rushLoad();
const times = results.map((r) => r.ms).sort((a, b) => a - b);
const statuses = results.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});

// Every stored file read back from its parts: its hash must be the one sent.
const stored = await pool.query<{ perfil: number; sha256: string; actual: string }>(
  `select e.perfil_alumno_id as perfil, a.sha256,
          (select encode(sha256(string_agg(p.datos, ''::bytea order by p.n)), 'hex')
             from archivos_contenido c join archivos_partes p on p.contenido_id = c.id where c.sha256 = a.sha256) as actual
     from entregas e
     join entregas_versiones v on v.entrega_id = e.id
     join entregas_archivos a on a.version_id = v.id
    where e.tarea_materia_id = $1`,
  [tareaId],
);
const byPerfil = new Map(stored.rows.map((r) => [r.perfil, r]));
let lost = 0;
let corrupted = 0;
alumnos.forEach((a, i) => {
  const row = byPerfil.get(a.perfilId);
  if (!row) lost += 1;
  else if (row.sha256 !== expected[i] || row.actual !== expected[i]) corrupted += 1;
});

// ------------------------------------------------------------------ 'Descargar todas'

resetPeak();
const zipLoad = sampleLoad();
const zipCpu0 = cpuSeconds();
const z0 = performance.now();
const zip = await fetch(`${base}/api/tareas/${tareaId}/entregas.zip`, {
  headers: { authorization: `Bearer ${profesorToken}` },
});
let zipBytes = 0;
// The archive's last bytes hold its directory: how many entries it lists is checked against the class. Only
// the last two chunks are kept (the end record is in the last 98 bytes), so the client costs the machine little.
let previous: Uint8Array = new Uint8Array(0);
let last: Uint8Array = new Uint8Array(0);
for await (const chunk of zip.body!) {
  zipBytes += (chunk as Uint8Array).length;
  previous = last;
  last = chunk as Uint8Array;
}
const tail = Buffer.concat([previous, last]);
const zipSeconds = (performance.now() - z0) / 1000;
const zipPeak = kb('VmHWM');
const zipCpu = cpuSeconds() - zipCpu0;
const zipLoadRange = zipLoad();
const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
const zipEntries = eocd < 0 ? -1 : tail.readUInt16LE(eocd + 10);

child.kill('SIGTERM');
await pool.end();

console.log(`Load average before the rush: ${load.map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
console.log(`  during the rush ${rushLoadRange}; during the zip ${zipLoadRange} (1-minute load average)`);
console.log(
  `Rush: ${CANTIDAD} uploads of ${mb(SIZE)} started over ${SECONDS} s, all done in ${rushSeconds.toFixed(1)} s`,
);
console.log(`  statuses ${JSON.stringify(statuses)}; lost ${lost}, corrupted ${corrupted} (hash of the stored parts)`);
if (failures.size) console.log(`  no answer: ${JSON.stringify(Object.fromEntries(failures))}`);
const logged = fs.readFileSync(apiLog, 'utf8').split('\n').filter(Boolean);
console.log(`  API log: ${logged.length} lines (${apiLog})`);
console.log(
  `  per upload p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
);
console.log(`  API RSS before ${mb(rssBefore)}, peak during the rush ${mb(uploadPeak)}`);
console.log(
  `  API CPU ${rushCpu.toFixed(1)} s (${((rushCpu * 1000) / ((CANTIDAD * SIZE) / 1048576)).toFixed(1)} ms per MB)`,
);
console.log(
  `Descargar todas: ${mb(zipBytes)} (status ${zip.status}, ${zipEntries} entries listed) in ${zipSeconds.toFixed(1)} s = ${(zipBytes / 1048576 / zipSeconds).toFixed(0)} MB/s; API peak RSS ${mb(zipPeak)}`,
);
console.log(`  API CPU ${zipCpu.toFixed(1)} s (${((zipCpu * 1000) / (zipBytes / 1048576)).toFixed(1)} ms per MB)`);
