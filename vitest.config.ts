import { defineConfig } from 'vitest/config';

// One runner for the whole repository; `npm test` picks the projects (see scripts/test.mjs).
export default defineConfig({
  test: {
    projects: ['packages/shared/vitest.config.ts', 'apps/api/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
