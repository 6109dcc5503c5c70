// Enrolment-day login rush: N students log in within the same seconds, C at a time, each from its own
// address (X-Forwarded-For, so start the server with TRUST_PROXY=true). Run it against a server on a
// database filled by `npm run seed:scale` (students alumno1..alumnoN@escala.edu.py, password Arandu2026!).
//
//   npx tsx --conditions=source bench/login-rush.ts --base http://127.0.0.1:3000 --logins 2000 \
//     --concurrency 200 [--pid SERVER_PID] [--hashes 4]
//
// Prints the status counts, latency percentiles, throughput and, with --pid, the server's peak memory; and,
// in the same run, the raw argon2id rate of this machine (the API's own verifyPassword, as many at once as
// the server's MAX_CONCURRENT_HASHES, --hashes) before and after the storm, and the storm's ratio to it.
import fs from 'node:fs';
import { configureHashing, hashPassword, verifyPassword } from '../apps/api/src/modules/auth/password.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const base = arg('base', 'http://127.0.0.1:3000');
const total = Number(arg('logins', '2000'));
const concurrency = Number(arg('concurrency', '200'));
const hashes = Number(arg('hashes', '4'));
const pid = arg('pid', '');
const PASSWORD = 'Arandu2026!';

/** Verifications a second, `hashes` at a time, for about `seconds`. */
async function rawRate(seconds: number): Promise<number> {
  configureHashing(hashes);
  const stored = await hashPassword(PASSWORD);
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: hashes }, async () => {
      while (performance.now() < until) {
        await verifyPassword(stored, PASSWORD);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

const rawBefore = await rawRate(5);

let peakRssKb = 0;
const sampler = pid
  ? setInterval(() => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakRssKb = Math.max(peakRssKb, rss);
    }, 100)
  : undefined;

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 1;

async function worker() {
  while (next <= total) {
    const k = next++;
    const started = performance.now();
    const res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
      },
      body: JSON.stringify({ email: `alumno${k}@escala.edu.py`, password: PASSWORD }),
    }).catch(() => ({ status: 0, text: async () => '' }));
    await res.text();
    latencies.push(performance.now() - started);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - t0) / 1000;
if (sampler) clearInterval(sampler);
const rawAfter = await rawRate(5);

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
const served = statuses.get(200) ?? 0;
const rate = served / seconds;
const raw = (rawBefore + rawAfter) / 2;
console.log(
  `logins: ${total}, concurrency: ${concurrency}, wall: ${seconds.toFixed(1)} s, ${rate.toFixed(0)} logins/s served`,
);
console.log(`status: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)!.toFixed(0)}`);
if (pid) console.log(`server peak RSS: ${(peakRssKb / 1024).toFixed(0)} MiB`);
console.log(
  `raw argon2id verifications/s, ${hashes} at a time: ${rawBefore.toFixed(0)} before, ${rawAfter.toFixed(0)} after; ` +
    `ratio ${(rate / raw).toFixed(2)}x`,
);
console.log(`load average: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
