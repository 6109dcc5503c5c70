import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: import.meta.dirname,
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      // A shared 2-core machine can be slow (a whole run beside other suites measured a load average of 18, and one
      // test of six awaited steps took over 30 s): a test fails on what it asserts, never on the clock. The
      // timeout only stops a test that hangs.
      testTimeout: 120_000,
    },
  }),
);
