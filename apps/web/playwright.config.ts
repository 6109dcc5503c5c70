import path from 'node:path';
import { FACULTY_TIME_ZONE } from '@arandu/shared';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.js';
import { ALL_PORTS, MAX_WORKERS, OIDC, OIDC_PORT } from './e2e/harness/servers.js';

// Every spec file runs on its own copy of an installation the setup project built once (e2e/harness), with its
// own API process, so the files run on two workers in any order (issue 42). No retries: a test that needs one
// is a flake to fix.
const root = path.resolve(import.meta.dirname, '../..');
const workers = Math.min(MAX_WORKERS, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.results',
  fullyParallel: false,
  workers,
  retries: 0,
  // A hang guard, not a check (a test never fails on a duration): on two cores the suite itself keeps the load at
  // 8-12, and two long flows (outbox's second Admin, planning's copy) ran out of 60 s at their last step in the
  // pre-check of 2026-11-29. Each step still waits at most `expect.timeout`.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    locale: 'es-PY',
    timezoneId: FACULTY_TIME_ZONE,
    // No trace: recording one for every test, to keep it only for a failure, was half the suite's CPU (20 tests
    // of exams, keyboard and teaching: 336 s with the default trace, 253 s without its screencast, 225 s with no
    // trace, 2026-11-29). A failed test still leaves a screenshot and error-context.md (the page's accessibility
    // snapshot at the failure); to trace one, run it again with `npm run test:e2e -- <spec> --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'setup', testMatch: /templates\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/web/e2e/oidc-provider.mjs',
      cwd: root,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { ...OIDC, OIDC_PORT: String(OIDC_PORT), OIDC_APP_PORTS: ALL_PORTS.join(',') },
    },
  ],
});
