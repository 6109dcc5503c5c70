import { defineProject } from 'vitest/config';
import { apiTest } from './vitest.config.js';

/**
 * The API test files that replace a module (vi.mock): each needs its own module graph, since the 'api' project's
 * workers reuse theirs from file to file and would hand it the module already imported.
 */
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { ...apiTest, name: 'api-isolated', include: ['test/isolated/**/*.test.ts'], isolate: true },
});
