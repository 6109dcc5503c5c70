// `npm run dev`: the API with reload (tsx watch) and Vite's dev server with hot reload, side by side.
import { ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
const api = run('npx', ['tsx', 'watch', '--conditions=source', 'apps/api/src/server.ts'], {
  env: { NODE_ENV: 'development' },
});
const web = run('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], {});
process.exit(await Promise.race([api, web]));
