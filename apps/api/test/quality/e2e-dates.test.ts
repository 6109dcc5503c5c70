import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * No e2e test depends on the day it runs (issue 42): a date an e2e spec writes is computed from today
 * (`asuncionDay`, `asuncionIsoDay` in e2e/support.ts), unless the clock cannot matter to it (a date of entry, a
 * curriculum's start, a period of its own), and then a comment with 'fecha fija' says why, on its line or above it
 * (it covers the lines down to the next blank one). Two specs once
 * hard-coded 2026-11-18/19 and would have failed on a clock before those days.
 */
const E2E = path.resolve(import.meta.dirname, '../../../web/e2e');
const LITERAL_DATE = /\b20\d{2}-\d{2}-\d{2}\b|\b\d{2}\/\d{2}\/20\d{2}\b/;

it('finds no unexplained literal date in the e2e specs', () => {
  const offending: string[] = [];
  const files = fs.readdirSync(E2E).filter((f) => /\.(ts|mjs)$/.test(f));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    // A 'fecha fija' comment covers the lines below it up to the next blank line.
    let explained = false;
    fs.readFileSync(path.join(E2E, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trim() === '') explained = false;
        if (/fecha fija/i.test(line)) explained = true;
        if (LITERAL_DATE.test(line) && !explained) offending.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(offending).toEqual([]);
});
