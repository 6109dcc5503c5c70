// Durability under SIGKILL (issue 15 item 4): the API is killed with SIGKILL in the middle of a stream of
// writes and started again on the same database, several times; every write acknowledged (HTTP 200) before the
// kill must be there afterwards, and the PGlite data directory must open again (its lock taken over).
//
//   node bench/durability.mjs --db pglite   [--rounds 5] [--concurrency 4]
//   node bench/durability.mjs --db postgres [--url postgres://postgres@127.0.0.1:5432]
//
// The writes are careers saved through POST /api/carreras (one transaction each, audited), as the one
// administrator the run creates with `create-admin` (no demo data: seeding it is not what is measured, issue 42). Prints, per round, writes acknowledged, in flight at the kill, and found after the restart.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const kind = arg('db', 'pglite');
const rounds = Number(arg('rounds', 5));
const concurrency = Number(arg('concurrency', 4));
const serverUrl = arg('url', 'postgres://postgres@127.0.0.1:5432');
const port = Number(arg('port', 3190));
const base = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-durability-'));
const dbName = `arandu_durability_${process.pid}`;
async function admin(sql) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
if (kind === 'postgres') await admin(`create database ${dbName}`);
const databaseUrl = kind === 'postgres' ? `${serverUrl}/${dbName}` : '';
const ADMIN = { email: 'durabilidad@arandu.test', password: 'Durabilidad2026!' };

/**
 * The installation's administrator, as a new faculty makes it; the second factor a new installation asks of
 * its staff is turned off again, as the settings screen would, so the writer signs in with its password.
 */
async function createAdministrator() {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: '' };
  const args = ['--email', ADMIN.email, '--nombre', 'Prueba', '--apellido', 'Durabilidad', '--documento', '7654321'];
  execFileSync(
    'node',
    [path.join(root, 'apps/api/dist/seed/create-admin-cli.js'), ...args, '--password', ADMIN.password],
    {
      cwd: root,
      env,
      stdio: 'pipe',
    },
  );
  const { openDatabase } = await import(path.join(root, 'apps/api/dist/db/client.js'));
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
  try {
    const { sql } = await import('drizzle-orm');
    await database.db.execute(sql`update configuracion set valor = 'false' where clave = 'segundoFactorObligatorio'`);
  } finally {
    await database.close();
  }
}
await createAdministrator();

function start() {
  const dist = path.join(root, 'apps/api/dist/server.js');
  const [cmd, args] = fs.existsSync(dist)
    ? ['node', [dist]]
    : ['npx', ['tsx', '--conditions=source', path.join(root, 'apps/api/src/server.ts')]];
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'never',
      RATE_LIMIT_PER_MINUTE: '1000000',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.exitedWith = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  return child;
}

async function waitReady(child) {
  const deadline = Date.now() + 180_000;
  const exited = child.exitedWith.then((e) => e);
  while (Date.now() < deadline) {
    const done = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 200))]);
    if (done) throw new Error(`the API did not start: ${JSON.stringify(done)}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
  }
  throw new Error('the API did not answer /api/health in 3 minutes');
}

async function login() {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

const acknowledged = [];
let inFlightAtKill = 0;
let sequence = 0;

async function writer(token, stop) {
  while (!stop.now) {
    const codigo = `D${process.pid % 1000}-${++sequence}`;
    inFlightAtKill += 1;
    const res = await fetch(`${base}/api/carreras`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ nombre: `Durabilidad ${codigo}`, codigo }),
    }).catch(() => undefined);
    if (res === undefined) return; // the kill: this write was in flight, with no answer
    inFlightAtKill -= 1;
    if (res.ok) acknowledged.push({ codigo, id: (await res.json()).id });
  }
}

async function found(token) {
  const missing = [];
  for (const write of acknowledged) {
    const res = await fetch(`${base}/api/carreras/${write.id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || (await res.json()).codigo !== write.codigo) missing.push(write.codigo);
  }
  return missing;
}

const results = [];
let child = start();
await waitReady(child);
try {
  for (let round = 1; round <= rounds; round++) {
    const token = await login();
    const stop = { now: false };
    inFlightAtKill = 0;
    const before = acknowledged.length;
    const writers = Array.from({ length: concurrency }, () => writer(token, stop));
    // Kill at a random moment 1 to 3 seconds into the stream, with writes in flight.
    await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
    child.kill('SIGKILL');
    await child.exitedWith;
    stop.now = true;
    await Promise.all(writers);
    const startedAt = performance.now();
    child = start();
    await waitReady(child);
    const restartMs = performance.now() - startedAt;
    const missing = await found(await login());
    results.push({
      round,
      acknowledged: acknowledged.length - before,
      inFlight: inFlightAtKill,
      totalAcknowledged: acknowledged.length,
      missingSoFar: missing.length,
      restartMs: Math.round(restartMs),
    });
    console.log(JSON.stringify(results.at(-1)));
    if (missing.length) console.log(`  lost: ${missing.slice(0, 10).join(', ')}`);
  }
} finally {
  child.kill('SIGTERM');
  await child.exitedWith;
  if (kind === 'postgres') await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// Every round re-reads every write acknowledged so far, so the last round's count is the total lost.
const lost = results.at(-1)?.missingSoFar ?? 0;
console.log(
  `\n${kind}: ${rounds} SIGKILLs, ${acknowledged.length} writes acknowledged, ` +
    `${acknowledged.length - lost} found after restarts, ${lost} lost`,
);
process.exit(lost === 0 ? 0 : 1);
