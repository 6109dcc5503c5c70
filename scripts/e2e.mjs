// End-to-end tests in Debian's Chromium (Playwright drives it; no browser is ever downloaded).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, findChromium, run } from './lib.mjs';

await ensureInstalled();
const chromium = findChromium();
if (!chromium) {
  const message =
    'e2e: skipped, no Chromium found. Install it with `apt-get install -y chromium-headless-shell` or set CHROMIUM_PATH.';
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`${message} REQUIRE_E2E=1: failing.`);
    process.exit(1);
  }
  console.log(message);
  console.log('e2e-chromium: 0 passed, 0 failed, 1 skipped');
  process.exit(0);
}

await ensureBuilt();
const report = path.join(os.tmpdir(), `arandu-e2e-${process.pid}.json`);
const code = await run(
  'npx',
  ['playwright', 'test', '--config', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  {
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  },
);
if (fs.existsSync(report)) {
  const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
  if (stats.flaky) console.log(`e2e: ${stats.flaky} test(s) passed only on retry (flaky): look at them`);
  console.log(
    `\ne2e-chromium: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${stats.skipped} skipped`,
  );
  fs.rmSync(report);
}
process.exit(code);
