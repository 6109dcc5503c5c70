import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Generous: the machine is shared and 2 cores; a test fails on what it checks, never on a duration (timing
    // lives in bench/). A rectification test took 32 s under a load of 20.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
