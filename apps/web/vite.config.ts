import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { entryPreload } from './build/entry-preload.ts';
import { precompress } from './build/precompress.ts';

// Modules statically imported by the entry (React, the router, the Mantine shell parts) go to long-lived
// vendor chunks; everything only a lazy route needs stays in that route's chunk.
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react(), entryPreload(), precompress()],
  resolve: {
    // `source` makes @arandu/shared resolve to its TypeScript source, so the web never waits on its build.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    // The entry's own chunks are preloaded from index.html (build/entry-preload.ts) without the helper.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group, tags: ['$initial' as const], priority: 10 })),
        },
      },
    },
  },
});
