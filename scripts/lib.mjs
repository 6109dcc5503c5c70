// Small helpers shared by the repository scripts (start, test, e2e, dev). Plain Node: they run before
// anything is installed or built.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The nice value of work that runs beside the e2e suite and must not slow it (scripts/test.mjs, .ci/run). */
export const LOWER_PRIORITY = 10;

/**
 * Runs a command with inherited output (unless `stdio` says otherwise); resolves with its exit code. `priority`
 * (a nice value, 19 the lowest) is set on the child as soon as it exists, before it starts processes of its own,
 * which inherit it.
 */
export function run(cmd, args, { priority, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
    try {
      if (priority !== undefined && child.pid !== undefined) os.setPriority(child.pid, priority);
    } catch {
      // A priority only orders the work: a child gone already, or a system that refuses it, runs as it is.
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) process.exit(code);
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export async function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Instalando dependencias (npm ci)…');
  await runOrExit('npm', ['ci', '--no-audit', '--no-fund'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const BUILD_STAMP = path.join(ROOT, 'apps', 'api', 'dist', '.build-stamp');
const BUILD_INPUTS = [
  'packages/shared/src',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];

/** Builds shared, api and web unless the last build is newer than every source file. */
export async function ensureBuilt() {
  const newestSource = Math.max(
    ...BUILD_INPUTS.map((p) => {
      const full = path.join(ROOT, p);
      if (!fs.existsSync(full)) return 0;
      return fs.statSync(full).isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    }),
  );
  if (fs.existsSync(BUILD_STAMP) && fs.statSync(BUILD_STAMP).mtimeMs >= newestSource) return;
  console.log('Compilando Arandu…');
  await runOrExit('npm', ['run', 'build']);
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
}

/**
 * The Chromium the e2e tests drive: the one CHROMIUM_PATH names, else Debian's headless shell (the same engine
 * without the desktop browser around it: the suite took 52 min of two cores with the full one in new-headless
 * mode and 18 with the shell, 2026-11-29), else Debian's full Chromium.
 */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p));
}
