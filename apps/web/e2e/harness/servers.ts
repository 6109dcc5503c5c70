import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e run's servers (issue 42). The setup project builds each installation once, as a template data
 * directory (the demo seeded, or an empty faculty with only its administrator) in which every account the specs
 * use has already signed in; then every spec file gets its own copy of the template and its own API process, so
 * no spec sees another's changes and they can run on two workers in any order.
 */

export const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The institutional sign-in's test provider, beside the app (oidc-provider.mjs). */
export const OIDC_PORT = BASE_PORT + 1000;
export const OIDC = { OIDC_CLIENT_ID: 'arandu-e2e', OIDC_CLIENT_SECRET: 'secreto-del-cliente-e2e' } as const;
/** Ports of the API processes: one per worker (parallelIndex), then one per template being built. */
export const MAX_WORKERS = 4;
export type Instalacion = 'demo' | 'vacia';
export const INSTALACIONES: readonly Instalacion[] = ['demo', 'vacia'];
export const workerPort = (parallelIndex: number) => BASE_PORT + parallelIndex;
export const templatePort = (instalacion: Instalacion) => BASE_PORT + 50 + INSTALACIONES.indexOf(instalacion);
/** Every address the provider may send a browser back to: one per server the run may start. */
export const ALL_PORTS = [
  ...Array.from({ length: MAX_WORKERS }, (_, i) => workerPort(i)),
  ...INSTALACIONES.map(templatePort),
];

/** The run's own folder, shared by the setup project and the workers (one per E2E_PORT, so runs never meet). */
export const RUN_DIR = path.join(os.tmpdir(), `arandu-e2e-run-${BASE_PORT}`);
export const templateDir = (instalacion: Instalacion) => path.join(RUN_DIR, 'templates', instalacion);

/**
 * A PostgreSQL server (`postgres://user@host:port`, a superuser: it creates and drops the run's databases) the
 * API processes use instead of PGlite, as in production; `.ci/run` names this machine's. Without it each copy is
 * an embedded database in a folder, as `npm start` runs.
 */
const SERVER_URL = process.env.E2E_DATABASE_URL?.replace(/\/+$/, '') || null;
/** The run's databases on that server are named from E2E_PORT, so two runs never meet there either. */
const databaseName = (suffix: string) => `arandu_e2e_${BASE_PORT}_${suffix}`;

function onServer(sql: string): void {
  execFileSync('psql', [`${SERVER_URL}/postgres`, '-qXv', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'pipe' });
}

/** Where one installation lives: its folder, and on a PostgreSQL run its database too. */
export interface Store {
  dataDir: string;
  databaseUrl: string | null;
}

/** The template of `instalacion`, empty: its folder, and its database when the run is on a PostgreSQL server. */
export function emptyTemplate(instalacion: Instalacion): Store {
  const dataDir = templateDir(instalacion);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (!SERVER_URL) return { dataDir, databaseUrl: null };
  const name = databaseName(instalacion);
  onServer(`drop database if exists ${name} with (force)`);
  onServer(`create database ${name}`);
  return { dataDir, databaseUrl: `${SERVER_URL}/${name}` };
}
/** The storage state (cookies and the stored user) of `email` signed in on the template of `instalacion`. */
export const stateFile = (instalacion: Instalacion, email: string) =>
  path.join(RUN_DIR, 'auth', instalacion, `${email}.json`);

/** The administrator `create-admin` makes for the empty installation. */
export const ADMIN_VACIA = {
  email: 'admin@facultad.edu.py',
  nombre: 'Ana',
  apellido: 'Benítez',
  documento: '4123456',
} as const;

/** The environment every API process of the run gets; `port` is where it answers. */
export function serverEnv(port: number, store: Store, instalacion: Instalacion): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    // 'auto' seeds only an embedded database: on a server the demo is asked for.
    SEED_DEMO: instalacion === 'demo' ? (store.databaseUrl ? 'always' : 'auto') : 'never',
    APP_ENV: 'Test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    DATABASE_URL: store.databaseUrl ?? '',
    MIGRATION_DATABASE_URL: '',
    // A fixed key for the run's throw-away databases (issue 32's second factor): the templates' secrets must be
    // readable by every copy's process.
    MFA_ENCRYPTION_KEY: 'ZTJlLWFyYW5kdS1jbGF2ZS1kZS0zMi1ieXRlcy0hISE=',
    OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
    ...OIDC,
    // A person the provider knows and Arandu does not becomes a student (security.spec.ts).
    OIDC_CREATE_USERS: 'alumno',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

export interface RunningServer {
  url: string;
  port: number;
  store: Store;
  stop(): Promise<void>;
}

const pidFile = (port: number) => path.join(RUN_DIR, 'pids', String(port));

/**
 * A process a worker started on `port` and could not stop (the worker was killed) would keep the port: it goes
 * before a new one starts there.
 */
function killLeftover(port: number): void {
  const file = pidFile(port);
  const pid = Number(fs.readFileSync(file, { encoding: 'utf8', flag: 'a+' }) || 0);
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(file, { force: true });
}

async function waitHealthy(url: string, child: ChildProcess, log: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
  child.kill('SIGKILL');
  throw new Error(`the API on ${url} did not answer /api/health (exit ${child.exitCode}); its log:\n${tail}`);
}

/** Starts the built API on `store` and waits until it answers; `stop()` ends it the way an operator would. */
export async function startServer(
  port: number,
  store: Store,
  instalacion: Instalacion,
  { timeoutMs = 120_000, removeDataOnStop = false } = {},
): Promise<RunningServer> {
  fs.mkdirSync(path.join(RUN_DIR, 'pids'), { recursive: true });
  fs.mkdirSync(path.join(RUN_DIR, 'logs'), { recursive: true });
  killLeftover(port);
  const log = path.join(RUN_DIR, 'logs', `${port}.log`);
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: serverEnv(port, store, instalacion),
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  fs.writeFileSync(pidFile(port), String(child.pid));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, log, timeoutMs);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    url,
    port,
    store,
    async stop() {
      // SIGTERM: requests in flight finish and the database closes cleanly (a template must: a server's template
      // database is copied only with no one connected).
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
      fs.rmSync(pidFile(port), { force: true });
      if (removeDataOnStop) removeStore(store);
    },
  };
}

/**
 * A copy of the template of `instalacion` for one spec file: a plain directory copy of a closed embedded
 * database, or on a server a database made from the template's (`create database … template`, a file copy).
 */
export async function copyTemplate(instalacion: Instalacion, label: string): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(RUN_DIR, `data-${label}-`));
  if (!SERVER_URL) {
    fs.cpSync(templateDir(instalacion), dataDir, { recursive: true });
    return { dataDir, databaseUrl: null };
  }
  const name = databaseName(path.basename(dataDir).replace(/\W/g, '_').toLowerCase());
  // PostgreSQL refuses a second copy of a template while another worker's copy of it is being made.
  for (let attempt = 0; ; attempt++) {
    try {
      onServer(`create database ${name} template ${databaseName(instalacion)}`);
      return { dataDir, databaseUrl: `${SERVER_URL}/${name}` };
    } catch (err) {
      if (attempt >= 20 || !String((err as { stderr?: unknown }).stderr).includes('being accessed')) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}

function removeStore(store: Store): void {
  fs.rmSync(store.dataDir, { recursive: true, force: true });
  if (store.databaseUrl) onServer(`drop database if exists ${store.databaseUrl.split('/').pop()} with (force)`);
}
