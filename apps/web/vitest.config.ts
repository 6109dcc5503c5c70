import { defineConfig, mergeConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** What both web projects share: jsdom, the set-up file and the timeout. */
export const webTest: NonNullable<TestProjectInlineConfiguration['test']> = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  css: false,
  // A shared 2-core machine can be slow (a whole run beside other suites measured a load average of 18, and one
  // test of six awaited steps took over 30 s): a test fails on what it asserts, never on the clock. The
  // timeout only stops a test that hangs.
  testTimeout: 120_000,
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      ...webTest,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: ['src/**/*.isolated.test.{ts,tsx}'],
      // A worker imports the app's modules (Mantine, React, the screens) once for all its files, as the API's
      // tests do (issue 42): the set-up file resets what a test leaves behind (toasts, stored settings,
      // localStorage, stubs, mocks). A file that replaces a module (vi.mock) is named *.isolated.test.tsx and
      // runs in 'web-isolated', with a module graph of its own.
      isolate: false,
    },
  }),
);
