// The login's two statements alone, without HTTP or argon2: what they cost this process's main thread and
// PostgreSQL a login, to set beside what a login costs in bench/login-rush (where everything shares the cores
// with the hashes). Same database and preparation as login-rush (README, "bench/login-rush.ts").
//
//   npx tsx --conditions=source bench/login-statements.ts [--logins 4000] [--concurrency 4] \
//     [--database arandu_bench_login] [--beside-hashes]
//
// It runs what `login` in auth.service.ts runs around the hash, for alumno1..alumnoN@escala.edu.py: the
// throttle's counters bumped with the user read (one statement), then the session opened with the pair's
// failures forgotten (the other). With --beside-hashes a child process keeps the cores' hashing threads busy
// meanwhile, as a storm does.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/api/src/db/client.js';
import { unaudited } from '../apps/api/src/db/tx.js';
import { CALLS_PER_THREAD } from '../apps/api/src/lib/hash-threads.js';
import * as repo from '../apps/api/src/modules/auth/auth.repository.js';
import { configureHashing, hashPassword, verifyPassword } from '../apps/api/src/modules/auth/password.js';
import { hashToken, newSessionToken } from '../apps/api/src/modules/auth/tokens.js';
import { getSettings } from '../apps/api/src/modules/settings/settings.service.js';
import { pairKey, reservePasswordCheckReading } from '../apps/api/src/modules/throttle/login-throttle.js';
import { postgresCpuSeconds, postgresCpuSince, threadCpuSecondsOf } from './proc.js';
import { arg } from './cli.js';

const PASSWORD = 'Arandu2026!';

/** The child of --beside-hashes: verifies on every core's hashing thread until its parent ends it. */
async function hashForever(): Promise<void> {
  configureHashing(availableParallelism());
  const stored = await hashPassword(PASSWORD);
  await Promise.all(
    Array.from({ length: availableParallelism() * CALLS_PER_THREAD }, async () => {
      for (;;) await verifyPassword(stored, PASSWORD);
    }),
  );
}
if (process.argv.includes('--hash-only')) await hashForever();

const total = Number(arg('logins', '4000'));
const concurrency = Number(arg('concurrency', '4'));
const database = arg('database', 'arandu_bench_login');
const opened = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? `postgres://postgres@localhost/${database}?host=/var/run/postgresql`,
  dataDir: '',
});
const { db } = opened;
const settings = await getSettings(db);

async function loginStatements(k: number): Promise<void> {
  const email = `alumno${k}@escala.edu.py`;
  const ip = `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
  const user = await reservePasswordCheckReading<repo.UserForAuth>(db, settings, email, ip, repo.userByEmail(email));
  if (!user) throw new Error(`${email} is not in the database: seed more students (seed:scale)`);
  const tokenHash = hashToken(newSessionToken());
  await repo.openSessionAfterPassword(unaudited(db), {
    usuarioId: user.id,
    tokenHash,
    clearCounter: pairKey(email, ip),
    dropPendingReset: true,
    client: { ip, userAgent: 'bench' },
  });
}

async function run(first: number, count: number): Promise<void> {
  let next = first;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < first + count) await loginStatements(next++);
    }),
  );
}

const hashing = process.argv.includes('--beside-hashes')
  ? spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--hash-only'], { stdio: 'inherit' })
  : undefined;
// Students after the measured ones warm the connections, the prepared statements and the JIT.
await run(total + 1, 500);
const pid = String(process.pid);
const before = { main: threadCpuSecondsOf(pid).main, postgres: postgresCpuSeconds(database) };
const t0 = performance.now();
await run(1, total);
const seconds = (performance.now() - t0) / 1000;
const perLogin = (cpuSeconds: number) => ((cpuSeconds * 1000) / total).toFixed(2);
console.log(
  `${total} logins' statements, ${concurrency} at a time${hashing ? ', beside the hashes' : ''}: ` +
    `${(total / seconds).toFixed(0)} a second; CPU ms a login: this main thread ` +
    `${perLogin(threadCpuSecondsOf(pid).main - before.main)}, PostgreSQL ${perLogin(postgresCpuSince(before.postgres, database))}`,
);
hashing?.kill();
await opened.close();
