import { test as base } from '@playwright/test';
import { copyTemplate, startServer, workerPort, type Instalacion, type RunningServer } from './servers.js';
import { setCurrentInstalacion } from './signed-in.js';

export { expect } from '@playwright/test';

interface WorkerFixtures {
  /** The worker's one API process at a time, replaced by a fresh copy of the template for each spec file. */
  servidores: { current: (RunningServer & { key: string }) | null };
}

interface TestFixtures {
  /** Which installation a spec file starts from: the demo (default) or an empty faculty ('vacia'). */
  instalacion: Instalacion;
  /** The host the browser uses: 'localhost' where an IP address will not do (WebAuthn has no RP ID for one). */
  host: '127.0.0.1' | 'localhost';
  /** The API process of this spec file: its own copy of the installation, on the worker's port. */
  servidor: RunningServer;
}

/**
 * Every spec imports `test` from here (a quality test checks it): each spec FILE, and each of its repetitions,
 * meets an installation no other spec has touched, with the accounts of the template already signed in.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  instalacion: ['demo', { option: true }],
  host: ['127.0.0.1', { option: true }],

  servidores: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const holder: WorkerFixtures['servidores'] = { current: null };
      await use(holder);
      await holder.current?.stop();
    },
    { scope: 'worker' },
  ],

  servidor: [
    async ({ servidores, instalacion }, use, testInfo) => {
      const key = `${testInfo.file}#${testInfo.repeatEachIndex}#${instalacion}`;
      if (servidores.current?.key !== key) {
        await servidores.current?.stop();
        servidores.current = null;
        const label = `${testInfo.parallelIndex}`;
        const store = await copyTemplate(instalacion, label);
        // Starting on a loaded machine can take a while: it is set-up, not the test's own time.
        testInfo.setTimeout(testInfo.timeout + 120_000);
        const server = await startServer(workerPort(testInfo.parallelIndex), store, instalacion, {
          removeDataOnStop: true,
        });
        servidores.current = { ...server, key };
      }
      setCurrentInstalacion(instalacion);
      await use(servidores.current);
    },
    { auto: true },
  ],

  baseURL: async ({ servidor, host }, use) => {
    await use(servidor.url.replace('127.0.0.1', host));
  },
});
