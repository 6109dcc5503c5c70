import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signInThroughForm, DEMO_PASSWORD } from './harness/login-form.js';
import { saveSignedIn } from './harness/signed-in.js';
import {
  ADMIN_VACIA,
  emptyTemplate,
  RUN_DIR,
  ROOT,
  serverEnv,
  startServer,
  stateFile,
  templatePort,
  type Instalacion,
  type Store,
} from './harness/servers.js';

/**
 * The setup project (issue 42): builds each installation once and signs its accounts in once, through the
 * form; every spec file then starts from a copy (harness/fixtures.ts). The first-login account (nuevo@demo)
 * is left for the specs that walk its first login.
 */
const DEMO_SIGNED_IN = [
  'admin@demo.edu.py',
  'funcionario@demo.edu.py',
  'profesor@demo.edu.py',
  'alumno@demo.edu.py',
  'multirol@demo.edu.py',
];

test.describe.configure({ mode: 'parallel', timeout: 1_200_000 });

async function buildTemplate(
  instalacion: Instalacion,
  prepare: (store: Store) => void,
  signIn: (url: string) => Promise<void>,
) {
  fs.rmSync(path.dirname(stateFile(instalacion, 'x')), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(stateFile(instalacion, 'x')), { recursive: true });
  const store = emptyTemplate(instalacion);
  prepare(store);
  // Seeding the demo takes 40 s on a quiet machine and took 5 min beside eight busy processes: it is allowed 15.
  const server = await startServer(templatePort(instalacion), store, instalacion, { timeoutMs: 900_000 });
  try {
    await signIn(server.url);
  } finally {
    // Closed cleanly, so its copies open without recovery.
    await server.stop();
  }
}

test('demo: seeded, and its accounts signed in', async ({ browser }) => {
  await buildTemplate(
    'demo',
    () => undefined,
    async (url) => {
      for (const email of DEMO_SIGNED_IN) {
        const context = await browser.newContext({ baseURL: url });
        const page = await context.newPage();
        await signInThroughForm(page, email);
        await saveSignedIn(page, stateFile('demo', email));
        await context.close();
      }
    },
  );
});

test('vacia: a new faculty with only its administrator, second factor set up', async ({ browser }) => {
  await buildTemplate(
    'vacia',
    (store) => {
      // The README's first step on a new installation.
      execFileSync(
        process.execPath,
        [
          'apps/api/dist/seed/create-admin-cli.js',
          ...Object.entries(ADMIN_VACIA).flatMap(([k, v]) => [`--${k}`, v]),
          '--password',
          DEMO_PASSWORD,
        ],
        { cwd: ROOT, env: serverEnv(templatePort('vacia'), store, 'vacia'), stdio: 'pipe' },
      );
    },
    async (url) => {
      const context = await browser.newContext({ baseURL: url });
      const page = await context.newPage();
      await signInThroughForm(page, ADMIN_VACIA.email);
      // A new installation asks its staff for a second factor before anything else (issue 32).
      await expect(page).toHaveURL(/\/pages\/account\/security$/);
      await page.getByRole('button', { name: 'Activar segundo factor' }).click();
      const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
      const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
      await page.getByLabel('Código de verificación').fill(totp.generate());
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await expect(page.getByText('Guarde sus códigos de recuperación')).toBeVisible();
      fs.writeFileSync(path.join(RUN_DIR, 'auth', 'vacia', 'totp-secret'), secret);
      await page.waitForFunction(
        () => !(localStorage.getItem('arandu.user') ?? '').includes('"mfaSetupRequired":true'),
      );
      await page.goto('/pages/one');
      await saveSignedIn(page, stateFile('vacia', ADMIN_VACIA.email));
      await context.close();
    },
  );
});
