import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { entryPreload } from './build/entry-preload.ts';
import { mantineStylesPerComponent } from './build/mantine-styles.ts';
import { precompress } from './build/precompress.ts';
import { preloadedStyles } from './build/preloaded-styles.ts';
import { routeChunkGroups } from './build/route-chunks.ts';
import { pagePreloads } from './build/page-preloads.ts';

// React and the router, statically imported by the entry, go to a long-lived vendor chunk.
const reactGroup = {
  name: 'react',
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
  tags: ['$initial' as const],
  priority: 10,
};

// What a visitor without a session opens first: the login.
const publicRoots = ['src/features/auth/pages/login-page.tsx'];

// What a signed-in user opens first: the /pages shell and the landing page of each role.
const signedInRoots = [
  'src/app/layout/app-layout.tsx',
  'src/features/enrolments/pages/student-dashboard-page.tsx',
  'src/features/professors/pages/profesor-dashboard-page.tsx',
  'src/features/home/pages/staff-home.tsx',
];

export default defineConfig({
  plugins: [
    react(),
    mantineStylesPerComponent(),
    entryPreload(),
    preloadedStyles(),
    pagePreloads(publicRoots, signedInRoots),
    precompress(),
  ],
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
          groups: [
            reactGroup,
            // The rest of the entry's static graph, in the entry's own file (it was nine small ones), and kept
            // out of the groups below, which would otherwise take the modules they share with it.
            { name: 'app', tags: ['$initial' as const], priority: 9 },
            // Every screen's texts: the login loads them with its validation on the first submit, the signed-in
            // screens at once. Their own chunk keeps that submit from downloading the signed-in shell.
            { name: 'messages', test: /[\\/]packages[\\/]shared[\\/]src[\\/]messages\.ts$/, priority: 8 },
            ...routeChunkGroups(import.meta.dirname, {
              entry: 'src/app/main.tsx',
              public: publicRoots,
              signedIn: signedInRoots,
            }),
          ],
        },
      },
    },
  },
});
