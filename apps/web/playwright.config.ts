import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.js';

// Every run starts the built app on a fresh embedded database with the demo data, on its own port.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-e2e-'));
const root = path.resolve(import.meta.dirname, '../..');
// The institutional sign-in's test provider (e2e/oidc-provider.mjs: the API tests' one, with a login page),
// beside the app.
const OIDC_PORT = PORT + 1000;
const OIDC = { OIDC_CLIENT_ID: 'arandu-e2e', OIDC_CLIENT_SECRET: 'secreto-del-cliente-e2e' };

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.results',
  fullyParallel: false,
  workers: 1,
  // In CI a test that fails is run again up to twice on a loaded machine; e2e.mjs names every test that
  // passed only on a retry, so a flaky test is seen, not hidden.
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-PY',
    timezoneId: 'America/Asuncion',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx apps/web/e2e/oidc-provider.mjs',
      cwd: root,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...OIDC,
        OIDC_PORT: String(OIDC_PORT),
        OIDC_REDIRECT_URI: `http://127.0.0.1:${PORT}/api/auth/oidc/callback`,
        OIDC_POST_LOGOUT_REDIRECT_URI: `http://127.0.0.1:${PORT}/`,
      },
    },
    {
      command: `node apps/api/dist/server.js`,
      cwd: root,
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'auto',
        APP_ENV: 'Test',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        DATABASE_URL: '',
        // A fixed key for the run's throw-away database (issue 32's second factor).
        MFA_ENCRYPTION_KEY: 'ZTJlLWFyYW5kdS1jbGF2ZS1kZS0zMi1ieXRlcy0hISE=',
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        ...OIDC,
        // A person the provider knows and Arandu does not becomes a student (security.spec.ts).
        OIDC_CREATE_USERS: 'alumno',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      },
    },
  ],
});
