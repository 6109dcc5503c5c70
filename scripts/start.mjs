// `npm start`: install what is missing, build, then run the API (which migrates, seeds the demo data on the
// first run with the embedded database, serves the web app and prints the demo logins).
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

const { spawn } = await import('node:child_process');
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C and SIGTERM reach the server, which finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
