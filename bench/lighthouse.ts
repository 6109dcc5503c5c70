// bench/lighthouse: Lighthouse's performance and accessibility scores of the login page and the student's
// dashboard, on Debian's Chromium with Lighthouse's default mobile profile (simulated slow 4G and a 4x slower
// CPU), against a running Arandu with the demo data (issue 16). Three pages, `--runs` times each:
//   - login: a fresh profile, nothing cached;
//   - dashboard after the login: a profile that has just logged in as alumno@demo.edu.py through the login
//     form (which lands on the dashboard), so its files are in the HTTP cache and the session in localStorage;
//   - dashboard, empty cache: the same profile with its HTTP and code caches deleted before the run (a phone
//     that opens the dashboard's address with a session kept from another day).
//
//   npm run build && npm start            # or any running Arandu with the demo data
//   npx tsx bench/lighthouse.ts --base http://127.0.0.1:3000 [--runs 2] [--keep DIR: the JSON reports]
//
// Lighthouse is not a dependency of the project: `npx -y lighthouse@12` fetches it from the npm registry.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/chromium.js';
import { median } from './stats.js';
import { arg } from './cli.js';

const base = arg('base', 'http://127.0.0.1:3000');
const runs = Number(arg('runs', '2'));
const keep = arg('keep', '');
if (keep) fs.mkdirSync(keep, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-lighthouse-'));
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

interface Result {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/** Logs in through the form in a profile of its own, as a student would, and leaves the profile on disk. */
async function loggedInProfile(run: number): Promise<string> {
  const dir = path.join(work, `profile-${run}`);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel('Correo electrónico').fill('alumno@demo.edu.py');
  await page.getByLabel('Contraseña', { exact: true }).fill('Arandu2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/student-dashboard/);
  await page.waitForLoadState('networkidle');
  await context.close();
  return dir;
}

/** One Lighthouse run, or the reason it gave none (it sometimes loses the navigation: NO_NAVSTART). */
function lighthouse(url: string, name: string, profile?: string): Result | string {
  const output = path.join(keep || work, `${name}.json`);
  const flags = [...CHROME_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])];
  fs.rmSync(output, { force: true });
  try {
    runLighthouse(url, output, flags, profile);
  } catch {
    // A run that fails still writes its report, with the error's code, when it got that far.
    if (!fs.existsSync(output)) return 'Lighthouse failed without a report';
  }
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as {
    finalDisplayedUrl: string;
    runtimeError?: { code: string };
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue: number }>;
  };
  if (report.runtimeError) return `Lighthouse failed: ${report.runtimeError.code}`;
  if (profile && !report.finalDisplayedUrl.includes('student-dashboard')) {
    throw new Error(`Lighthouse midió ${report.finalDisplayedUrl}, no el tablero: la sesión no se conservó`);
  }
  return {
    performance: Math.round(report.categories.performance!.score! * 100),
    accessibility: Math.round(report.categories.accessibility!.score! * 100),
    fcpMs: report.audits['first-contentful-paint']!.numericValue,
    lcpMs: report.audits['largest-contentful-paint']!.numericValue,
    tbtMs: report.audits['total-blocking-time']!.numericValue,
  };
}

function runLighthouse(url: string, output: string, flags: string[], profile?: string): void {
  execFileSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      `--chrome-flags=${flags.join(' ')}`,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      // Keeps the profile's session (and, unless deleted first, its HTTP cache).
      ...(profile ? ['--disable-storage-reset'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

const line = (page: string, r: Result) =>
  `${page.padEnd(36)} perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  ` +
  `FCP ${(r.fcpMs / 1000).toFixed(1)} s  LCP ${(r.lcpMs / 1000).toFixed(1)} s  TBT ${r.tbtMs.toFixed(0)} ms`;

/** Each page's runs, for the medians at the end: the scores move by several points from run to run. */
const byPage = new Map<string, Result[]>();
function show(page: string, run: number, r: Result | string): void {
  if (typeof r === 'string') {
    console.log(`${`${page}, run ${run}`.padEnd(36)} ${r}`);
    return;
  }
  byPage.set(page, [...(byPage.get(page) ?? []), r]);
  console.log(line(`${page}, run ${run}`, r));
}

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`load average before: ${loadAverage()}`);
const dashboard = `${base}/pages/student-dashboard`;
for (let run = 1; run <= runs; run++) {
  const profile = await loggedInProfile(run);
  show('login', run, lighthouse(`${base}/`, `login-${run}`));
  show('dashboard after the login', run, lighthouse(dashboard, `dashboard-warm-${run}`, profile));
  for (const cache of ['Cache', 'Code Cache']) {
    fs.rmSync(path.join(profile, 'Default', cache), { recursive: true, force: true });
  }
  show('dashboard, empty cache', run, lighthouse(dashboard, `dashboard-cold-${run}`, profile));
}
for (const [page, results] of byPage) {
  const m = (pick: (r: Result) => number) => median(results.map(pick));
  const summary = {
    performance: m((r) => r.performance),
    accessibility: m((r) => r.accessibility),
    fcpMs: m((r) => r.fcpMs),
    lcpMs: m((r) => r.lcpMs),
    tbtMs: m((r) => r.tbtMs),
  };
  console.log(line(`${page}, median of ${results.length}`, summary));
}
console.log(`load average after: ${loadAverage()}`);
fs.rmSync(work, { recursive: true, force: true });
