// `npm start`: install what is missing, build, then run the API (which migrates, seeds the demo data on the
// first run with the embedded database, serves the web app and prints the demo logins).
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

const { spawn } = await import('node:child_process');
const { availableParallelism } = await import('node:os');
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  // The API hashes one password a core at once (apps/api/src/lib/hash-threads.ts), on libuv's pool: a thread
  // for each, and two spare for file reads. Node reads the size only from the environment it starts with.
  env: { NODE_ENV: 'production', UV_THREADPOOL_SIZE: String(availableParallelism() + 2), ...process.env },
});
// Ctrl-C and SIGTERM reach the server, which finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
