// `npm start`: install what is missing, build, then run the API (which migrates, seeds the demo data on the
// first run with the embedded database, serves the web app and prints the demo logins).
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

const { spawn } = await import('node:child_process');
const { availableParallelism } = await import('node:os');
const { threadPoolSizeFor } = await import('../apps/api/dist/lib/hash-threads.js');
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  // The API hashes MAX_CONCURRENT_HASHES passwords at once (one a core unless set) on libuv's pool, whose size
  // Node reads only from the environment it starts with: a thread for each hash, and spare ones for file reads.
  env: {
    NODE_ENV: 'production',
    UV_THREADPOOL_SIZE: String(threadPoolSizeFor(Number(process.env.MAX_CONCURRENT_HASHES) || availableParallelism())),
    ...process.env,
  },
});
// Ctrl-C and SIGTERM reach the server, which finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
