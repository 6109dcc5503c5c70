// `npm test`: the whole suite. Unit, component and API tests (vitest) on the embedded database, or on the
// PostgreSQL server DATABASE_URL names, and beside them the end-to-end tests in Chromium (skipped, and said so,
// when no Chromium is installed, unless REQUIRE_E2E=1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, LOWER_PRIORITY, ROOT, run } from './lib.mjs';

await ensureInstalled();

// The e2e suite starts with vitest, not after it: its two workers keep two cores only about 60 % busy (they wait
// on the app's 500 ms loading screen, on transitions, on their servers), and vitest's work fills the rest. Its
// output goes to a file, printed once vitest's is, so each suite reads as one block.
const e2eLog = path.join(os.tmpdir(), `arandu-e2e-${process.pid}.log`);
let e2eRun = null;
if (process.env.SKIP_E2E !== '1') {
  const out = fs.openSync(e2eLog, 'w');
  e2eRun = run(process.execPath, [path.join(ROOT, 'scripts', 'e2e.mjs')], { stdio: ['ignore', out, out] }).catch(
    () => 1,
  );
  fs.closeSync(out);
}

const report = path.join(os.tmpdir(), `arandu-vitest-${process.pid}.json`);
const only = process.argv.slice(2);
// Beside the e2e suite vitest runs at a lower priority: the e2e tests are a chain of waits on a browser and a
// server, the longest part of the run, and stretch with every core vitest takes from them; vitest's workers fill
// the cores the chain leaves idle.
const vitestCode = await run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...only],
  { priority: e2eRun ? LOWER_PRIORITY : undefined },
);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  fs.rmSync(report);
}
// One word and the counts alone on a line: the closing line CI reads.
const label = process.env.DATABASE_URL ? 'vitest-postgres' : 'vitest-pglite';
console.log(`\n${label}: ${passed} passed, ${failed} failed`);
const vitestFailed = vitestCode !== 0 || (passed === 0 && failed === 0);

if (!e2eRun) process.exit(vitestFailed ? vitestCode || 1 : 0);
// The e2e tests go on when vitest failed: one CI run then shows every failure, not only the first suite's.
const e2eCode = await e2eRun;
console.log(`\n--- e2e (run beside vitest; its output) ---`);
process.stdout.write(fs.readFileSync(e2eLog));
fs.rmSync(e2eLog, { force: true });
if (vitestFailed)
  console.log(
    `\n${label} failed: the run fails whatever the e2e tests gave (${e2eCode === 0 ? 'they passed' : 'they failed too'})`,
  );
process.exit(vitestFailed ? vitestCode || 1 : e2eCode);
