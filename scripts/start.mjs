// `npm start`: install what is missing, build, then run the API (which migrates, seeds the demo data on the
// first run with the embedded database, serves the web app and prints the demo logins).
import { ensureBuilt, ensureInstalled, ROOT } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

const { spawn } = await import('node:child_process');
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...(await demoMfaKey()) },
});

/**
 * On the embedded database (the demo) without MFA_ENCRYPTION_KEY, a key of its own kept beside the data
 * (`<DATA_DIR>/mfa.key`, owner-only), so 'Seguridad' works from the first `npm start` and a second start
 * still reads the secrets the first one stored. A server (DATABASE_URL) sets its key itself (README).
 */
async function demoMfaKey() {
  if (process.env.MFA_ENCRYPTION_KEY || process.env.DATABASE_URL) return {};
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { randomBytes } = await import('node:crypto');
  // Resolved as the server resolves it (its working folder is the repository's).
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || 'data');
  const file = path.join(dataDir, 'mfa.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return { MFA_ENCRYPTION_KEY: fs.readFileSync(file, 'utf8').trim() };
}
// Ctrl-C and SIGTERM reach the server, which finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
