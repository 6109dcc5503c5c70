import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/** What both API projects share: the migrated template (global setup) and the timeouts. */
export const apiTest: NonNullable<TestProjectInlineConfiguration['test']> = {
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  // Generous: the machine is shared and 2 cores; a test fails on what it checks, never on a duration (timing
  // lives in bench/). A rectification test took 32 s under a load of 20.
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    ...apiTest,
    name: 'api',
    include: ['test/**/*.test.ts'],
    exclude: ['test/isolated/**'],
    // Each file builds its own app over its own database copy (helper.ts) and the config is passed in, never read
    // from the environment, so a worker imports the API's modules once for all its files: a third of the suite's
    // time was those imports (360 s of 990 on PostgreSQL). A file that mocks a module goes to test/isolated.
    isolate: false,
  },
});
