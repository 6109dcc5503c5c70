// Enrolment-day login rush: N students log in within the same seconds, C at a time, each from its own
// address (X-Forwarded-For, so start the server with TRUST_PROXY=true). Run it against a server on a
// database filled by `npm run seed:scale` (students alumno1..alumnoN@escala.edu.py, password Arandu2026!).
//
//   node bench/login-rush.mjs --base http://127.0.0.1:3000 --logins 2000 --concurrency 200 [--pid SERVER_PID]
//
// Prints the status counts, latency percentiles, throughput and, with --pid, the server's peak memory.
import fs from 'node:fs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const base = arg('base', 'http://127.0.0.1:3000');
const total = Number(arg('logins', 2000));
const concurrency = Number(arg('concurrency', 200));
const pid = arg('pid', undefined);

let peakRssKb = 0;
const sampler = pid
  ? setInterval(() => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakRssKb = Math.max(peakRssKb, rss);
    }, 100)
  : undefined;

const latencies = [];
const statuses = new Map();
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
      body: JSON.stringify({ email: `alumno${k}@escala.edu.py`, password: 'Arandu2026!' }),
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

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(0);
console.log(
  `logins: ${total}, concurrency: ${concurrency}, wall: ${seconds.toFixed(1)} s, ${(total / seconds).toFixed(0)} logins/s`,
);
console.log(`status: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1).toFixed(0)}`);
if (pid) console.log(`server peak RSS: ${(peakRssKb / 1024).toFixed(0)} MiB`);
