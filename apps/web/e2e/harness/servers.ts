import { spawn, type ChildProcess } from 'node:child_process';
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
export function serverEnv(port: number, dataDir: string, instalacion: Instalacion): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: instalacion === 'demo' ? 'auto' : 'never',
    APP_ENV: 'Test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
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
  dataDir: string;
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

/** Starts the built API on `dataDir` and waits until it answers; `stop()` ends it the way an operator would. */
export async function startServer(
  port: number,
  dataDir: string,
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
    env: serverEnv(port, dataDir, instalacion),
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
    dataDir,
    async stop() {
      // SIGTERM: requests in flight finish and the embedded database closes cleanly (a template must).
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
      fs.rmSync(pidFile(port), { force: true });
      if (removeDataOnStop) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the template of `instalacion` for one spec file (a plain directory copy of a closed database). */
export function copyTemplate(instalacion: Instalacion, label: string): string {
  const dir = fs.mkdtempSync(path.join(RUN_DIR, `data-${label}-`));
  fs.cpSync(templateDir(instalacion), dir, { recursive: true });
  return dir;
}
