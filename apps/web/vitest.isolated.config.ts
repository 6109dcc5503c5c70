import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { webTest } from './vitest.config.ts';

/**
 * The web test files that replace a module (vi.mock, named *.isolated.test.tsx): each needs its own module
 * graph, since the 'web' project's workers reuse theirs from file to file and would hand it the module already
 * imported.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: { ...webTest, name: 'web-isolated', include: ['src/**/*.isolated.test.{ts,tsx}'], isolate: true },
  }),
);
