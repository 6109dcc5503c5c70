// Supply chain gate (issue 15 item 6), run by .ci/run: `npm audit --omit=dev --audit-level=high` must find 0
// high or critical advisories in what ships, and no package may run an install script we have not looked at.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/**
 * Packages whose install script is known not to download a binary: they pick a prebuilt one that npm already
 * installed as an optional dependency (`@img/sharp-*`, `@esbuild/*`) and only check it is there.
 */
const REVIEWED_INSTALL_SCRIPTS = new Set(['sharp', 'esbuild']);

let failed = false;

const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const scripted = Object.entries(lock.packages)
  .filter(([, meta]) => meta.hasInstallScript)
  .map(([where, meta]) => ({ name: where.split('node_modules/').at(-1), version: meta.version }));
const unreviewed = scripted.filter((p) => !REVIEWED_INSTALL_SCRIPTS.has(p.name));
console.log(`install scripts: ${scripted.map((p) => `${p.name}@${p.version}`).join(', ') || 'none'}`);
if (unreviewed.length) {
  failed = true;
  console.error(
    `install scripts not reviewed: ${unreviewed.map((p) => p.name).join(', ')} (see REVIEWED_INSTALL_SCRIPTS)`,
  );
}

const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8' });
let report;
try {
  report = JSON.parse(audit.stdout);
} catch {
  report = { message: audit.stderr.trim() || 'no output' };
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  // The registry's audit endpoint could not be reached (a mirror without it answers 405): say so plainly
  // rather than pass or fail on a check that did not happen.
  console.log(`npm audit: NOT CHECKED, the audit endpoint did not answer (${report.message ?? report.error?.summary})`);
  if (process.env.REQUIRE_AUDIT === '1') failed = true;
} else {
  const blocking = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(
    `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
      `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
  );
  if (blocking > 0) {
    failed = true;
    spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { cwd: ROOT, stdio: 'inherit' });
  }
}
process.exit(failed ? 1 : 0);
