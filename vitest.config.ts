import { defineConfig } from 'vitest/config';

// One runner for the whole repository; `npm test` picks the projects (see scripts/test.mjs).
export default defineConfig({
  test: {
    // Each API test file opens its own database (a copy of one migrated template); two at a time fit a
    // 2-core machine, and the component tests are no lighter.
    maxWorkers: 2,
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.isolated.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
