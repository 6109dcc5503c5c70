// bench/web: what a browser downloads and how soon it paints, for the login page and the student's dashboard,
// against a running Arandu that serves the built web app (issue 16). Each load is a fresh browser context
// (cold cache); JS bytes are as they came over the wire (encoded), LCP from the page's own
// PerformanceObserver. No throttling: localhost Chromium, as the issue asks.
//
//   npx tsx bench/web.ts --base http://127.0.0.1:3000 [--runs 5] [--verbose: LCP elements] [--files: JS files by size]
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/chromium.js';
import { arg } from './cli.js';

const base = arg('base', 'http://127.0.0.1:3000');
const runs = Number(arg('runs', '5'));

interface Load {
  jsBytes: number;
  /** The same files' gzip sizes as the build wrote them (apps/web/dist/assets/*.gz), when they are there. */
  jsGzipBytes: number | undefined;
  jsFiles: number;
  allBytes: number;
  lcpMs: number;
}

async function load(browser: Browser, url: string, state?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext(state ? { storageState: state } : {});
  const page = await context.newPage();
  const sizes: Promise<{ js: boolean; bytes: number; url: string }>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request
        .sizes()
        .then((s) => ({ js: request.resourceType() === 'script', bytes: s.responseBodySize, url: request.url() })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // index.html's loading screen goes once the app has rendered (apps/web/src/app/startup.ts).
  await page.locator('#app-loading').waitFor({ state: 'detached' });
  const [lcpMs, lcpElement] = await page.evaluate(
    () =>
      new Promise<[number, string]>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as unknown as { startTime: number; element?: { outerHTML: string } };
          resolve([last.startTime, last.element?.outerHTML.slice(0, 60) ?? '']);
        }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
      }),
  );
  if (process.argv.includes('--verbose')) console.log(`  LCP ${lcpMs.toFixed(0)} ms: ${lcpElement}`);
  page.removeAllListeners('requestfinished');
  const all = await Promise.all(sizes);
  await context.close();
  const js = all.filter((s) => s.js);
  if (process.argv.includes('--files')) {
    for (const f of [...js].sort((a, b) => b.bytes - a.bytes)) {
      console.log(`    ${(f.bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(f.url).pathname}`);
    }
  }
  // Files too small to be worth compressing have no .gz and go as they are.
  const gzipOf = (url: string) => {
    const file = `apps/web/dist${new URL(url).pathname}`;
    if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
    return fs.existsSync(file) ? fs.statSync(file).size : undefined;
  };
  const gzipSizes = js.map((f) => gzipOf(f.url));
  return {
    jsBytes: js.reduce((n, s) => n + s.bytes, 0),
    jsGzipBytes: gzipSizes.every((n) => n !== undefined) ? gzipSizes.reduce((n, s) => n + s, 0) : undefined,
    jsFiles: js.length,
    allBytes: all.reduce((n, s) => n + s.bytes, 0),
    lcpMs,
  } satisfies Load;
}

function report(name: string, loads: Load[]) {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const l = loads[0]!;
  console.log(
    `${name.padEnd(22)} JS ${(l.jsBytes / 1024).toFixed(1)} KB in ${l.jsFiles} files` +
      (l.jsGzipBytes === undefined ? '' : ` (gzip ${(l.jsGzipBytes / 1024).toFixed(1)} KB)`) +
      `, all ${(l.allBytes / 1024).toFixed(1)} KB; ` +
      `LCP median ${median(loads.map((x) => x.lcpMs)).toFixed(0)} ms (${loads.map((x) => x.lcpMs.toFixed(0)).join(', ')})`,
  );
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const login: Load[] = [];
  for (let i = 0; i < runs; i++) login.push(await load(browser, `${base}/`));
  report('login page', login);

  // The student's session, then cold loads of the dashboard with it.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel(/Correo electrónico/).fill('alumno@demo.edu.py');
  await page.getByLabel(/^Contraseña/).fill('Arandu2026!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/pages'));
  const dashboard = page.url();
  const state = await context.storageState();
  await context.close();
  const alumno: Load[] = [];
  for (let i = 0; i < runs; i++) alumno.push(await load(browser, dashboard, state));
  report(`student dashboard`, alumno);
  console.log(
    `(${new URL(dashboard).pathname}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
  );
} finally {
  await browser.close();
}
