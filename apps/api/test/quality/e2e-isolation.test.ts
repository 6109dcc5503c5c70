import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The e2e suite's isolation (issue 42), read from its files: every spec takes `test` from the harness, whose
 * fixture gives each spec file its own copy of an installation and its own API process, so a new spec cannot
 * share the demo with another by forgetting to; the run has no retries and more than one worker; no test
 * sleeps for a throttle (a wait of a second or more is a sleep: wait for what the page shows instead).
 */
const E2E = path.resolve(import.meta.dirname, '../../../web/e2e');
const CONFIG = path.resolve(E2E, '../playwright.config.ts');
const specs = fs.readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));
const read = (file: string) => fs.readFileSync(path.join(E2E, file), 'utf8');

it('has every spec take test and expect from the harness, never from @playwright/test', () => {
  expect(specs.length).toBeGreaterThan(30);
  const offending = specs.filter((file) => {
    const source = read(file);
    const fromHarness = /import \{ expect, test \} from '\.\/harness\/fixtures\.js';/.test(source);
    const fromPlaywright = /import \{[^}]*\b(test|expect)\b[^}]*\} from '@playwright\/test'/.test(
      source.replace(/\btype \w+/g, ''),
    );
    return !fromHarness || fromPlaywright;
  });
  expect(offending).toEqual([]);
});

it('runs on two workers or more with no retries', () => {
  const config = fs.readFileSync(CONFIG, 'utf8');
  expect(config).toMatch(/^\s*retries: 0,$/m);
  expect(config).toMatch(/E2E_WORKERS \?\? 2\)/);
  expect(config).not.toMatch(/fullyParallel: true/);
});

it('finds no sleep of a second or more in the e2e suite', () => {
  const files = [
    ...fs.readdirSync(E2E).filter((f) => f.endsWith('.ts')),
    ...fs.readdirSync(path.join(E2E, 'harness')).map((f) => path.join('harness', f)),
  ];
  const sleeps = files.flatMap((file) =>
    read(file)
      .split('\n')
      .map((line, i) => ({ line, where: `${file}:${i + 1}` }))
      .filter(({ line }) => {
        const ms = /waitForTimeout\(\s*([\d_]+)/.exec(line)?.[1];
        return ms !== undefined && Number(ms.replace(/_/g, '')) >= 1000;
      })
      .map(({ where, line }) => `${where}: ${line.trim()}`),
  );
  expect(sleeps).toEqual([]);
});
