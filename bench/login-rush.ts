// Enrolment-day login rush: N students log in within the same seconds, C at a time, each from its own
// address (X-Forwarded-For, so start the server with TRUST_PROXY=true). Run it against a server on a
// database filled by `npm run seed:scale` (students alumno1..alumnoN@escala.edu.py, password Arandu2026!).
//
//   npx tsx --conditions=source bench/login-rush.ts --base http://127.0.0.1:3000 --logins 2000 \
//     --concurrency 200 [--rounds 4] [--warmup 2000] [--pid SERVER_PID] [--hashes CORES]
//
// First `--warmup` other students log in (as many as the storm by default), not counted: a server on enrolment
// day has been answering for hours, while a process that has just started runs its JavaScript unoptimized (its
// main thread then spends half as much again a login). Then it prints the status counts, latency percentiles,
// throughput and, with --pid, the server's peak memory; and, in the same run, the raw argon2id rate of this
// machine (the API's own verifyPassword, as many at once as the server's MAX_CONCURRENT_HASHES, --hashes: one a
// core by default, the most verifications this machine makes) before and after each round of the storm, and
// the storm's ratio to it.
import fs from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import { CALLS_PER_THREAD } from '../apps/api/src/lib/hash-threads.js';
import { configureHashing, hashPassword, verifyPassword } from '../apps/api/src/modules/auth/password.js';
import { postgresCpuSeconds, postgresCpuSince, threadCpuSecondsOf } from './proc.js';
import { median } from './stats.js';
import { arg } from './cli.js';

const base = arg('base', 'http://127.0.0.1:3000');
const total = Number(arg('logins', '2000'));
const concurrency = Number(arg('concurrency', '200'));
/** Hashes at a time in the raw rate: the server's default, one a core (the most this machine verifies). */
const hashes = Number(arg('hashes', String(availableParallelism())));
/** Logins of the students after the storm's (alumno{logins+1}...), before it and not counted. */
const warmup = Number(arg('warmup', String(total)));
const pid = arg('pid', '');
/** The API's database, whose backends' CPU is counted (`--database`). */
const database = arg('database', 'arandu_bench_login');
const PASSWORD = 'Arandu2026!';
/**
 * The storm runs in `--rounds` parts, each between two raw measurements of RAW_SECONDS, and its ratio is the
 * rounds' median: this machine's speed drifts by a fifth within half a minute (a raw rate of 225 before a
 * 10 s storm and 292 after it), so a raw rate measured far from the logins it is compared with says little.
 */
const roundCount = Number(arg('rounds', '4'));
const RAW_SECONDS = 3;

/**
 * Verifications a second, `hashes` at a time, for about `seconds`, and the CPU milliseconds each one took: the
 * API's own verifyPassword, on its own threads, in this process while nothing else runs in it.
 */
async function rawRate(seconds: number): Promise<{ rate: number; cpuMs: number }> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    // As many callers as the threads take at once, so that each has its next verification waiting, as in a storm.
    Array.from({ length: hashes * CALLS_PER_THREAD }, async () => {
      while (performance.now() < until) {
        await verifyPassword(stored, PASSWORD);
        done++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { rate: done / ((performance.now() - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / done };
}

configureHashing(hashes);
const stored = await hashPassword(PASSWORD);

let peakRssKb = 0;
const sampler = pid
  ? setInterval(() => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakRssKb = Math.max(peakRssKb, rss);
    }, 100)
  : undefined;

// Each client is one kept-alive socket that writes its request as a prepared string and reads back only the
// status line and Content-Length, like wrk: the client shares the server's two cores, so what it spends is
// taken from the logins (fetch cost ~3.5 ms of CPU a login here, node:http ~1 ms).
const url = new URL('/api/users/login', base);

class Connection {
  private socket: net.Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | undefined;

  post(k: number): Promise<number> {
    const body = JSON.stringify({ email: `alumno${k}@escala.edu.py`, password: PASSWORD });
    const request =
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Forwarded-For: 10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}\r\n\r\n${body}`;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.open().write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private open(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect(Number(url.port || 80), url.hostname);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.read(chunk));
    const fail = () => {
      this.socket = undefined;
      this.buffer = Buffer.alloc(0);
      this.finish(0);
    };
    socket.on('error', fail);
    socket.on('close', fail);
    this.socket = socket;
    return socket;
  }

  /** Answers the waiting request once its headers and Content-Length bytes of body have arrived. */
  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headerEnd = this.buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headerEnd + 4 + length) return;
    this.buffer = this.buffer.subarray(headerEnd + 4 + length);
    if (/\r\nconnection:\s*close/i.test(head)) {
      this.socket?.removeAllListeners('close');
      this.socket?.destroy();
      this.socket = undefined;
    }
    this.finish(Number(head.slice(9, 12)));
  }

  private finish(status: number): void {
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.(status);
  }
}

const connections: Connection[] = [];

/**
 * Logs in alumno{first}..alumno{first + count - 1}, `clients` at a time on the kept-alive connections (the
 * warm-up's are the storm's), and answers each login's latency and the count of each status.
 */
async function logIn(first: number, count: number, clients: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = first;
  const client = async (_: unknown, i: number) => {
    const connection = (connections[i] ??= new Connection());
    while (next < first + count) {
      const k = next++;
      const started = performance.now();
      const status = await connection.post(k);
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(clients, count) }, client));
  return { latencies, statuses };
}

if (warmup > 0) {
  const warmed = (await logIn(total + 1, warmup, concurrency)).statuses.get(200) ?? 0;
  if (warmed < warmup) console.warn(`warm-up: only ${warmed} of ${warmup} logins answered 200 (seed more students?)`);
}

/** What one round of the storm served and spent, and the raw rate measured right before and right after it. */
interface Round {
  served: number;
  seconds: number;
  rawBefore: number;
  rawAfter: number;
}

const latencies: number[] = [];
const statuses = new Map<number, number>();
const cpu = { main: 0, others: 0, postgres: 0, client: 0 };
const rounds: Round[] = [];
const raws = [await rawRate(RAW_SECONDS)];
const perRound = Math.ceil(total / roundCount);
for (let first = 1; first <= total; first += perRound) {
  const count = Math.min(perRound, total - first + 1);
  const before = {
    server: pid ? threadCpuSecondsOf(pid) : { main: 0, others: 0 },
    postgres: postgresCpuSeconds(database),
    client: process.cpuUsage(),
  };
  const t0 = performance.now();
  const round = await logIn(first, count, concurrency);
  const seconds = (performance.now() - t0) / 1000;
  const client = process.cpuUsage(before.client);
  if (pid) {
    const server = threadCpuSecondsOf(pid);
    cpu.main += server.main - before.server.main;
    cpu.others += server.others - before.server.others;
  }
  cpu.postgres += postgresCpuSince(before.postgres, database);
  cpu.client += (client.user + client.system) / 1e6;
  latencies.push(...round.latencies);
  for (const [status, n] of round.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
  raws.push(await rawRate(RAW_SECONDS));
  const served = round.statuses.get(200) ?? 0;
  rounds.push({ served, seconds, rawBefore: raws.at(-2)!.rate, rawAfter: raws.at(-1)!.rate });
}
if (sampler) clearInterval(sampler);
for (const connection of connections) connection.close();

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
const served = statuses.get(200) ?? 0;
const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
const rate = served / seconds;
const roundRatio = (r: Round) => r.served / r.seconds / ((r.rawBefore + r.rawAfter) / 2);
const ratios = rounds.map(roundRatio).sort((a, b) => a - b);
console.log(
  `logins: ${total} in ${rounds.length} rounds (after ${warmup} not counted), concurrency: ${concurrency}, ` +
    `${seconds.toFixed(1)} s of storm, ${rate.toFixed(0)} logins/s served`,
);
console.log(`status: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)!.toFixed(0)}`);
if (pid) console.log(`server peak RSS: ${(peakRssKb / 1024).toFixed(0)} MiB`);
for (const [i, r] of rounds.entries()) {
  console.log(
    `round ${i + 1}: ${(r.served / r.seconds).toFixed(0)} logins/s, raw argon2id verifications/s ${hashes} at a time ` +
      `${r.rawBefore.toFixed(0)} before and ${r.rawAfter.toFixed(0)} after: ${roundRatio(r).toFixed(2)}x`,
  );
}
console.log(
  `ratio to the raw rate: median of the rounds ${median(ratios).toFixed(2)}x (${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)})`,
);
// Where the two cores went during the storm, per login served: what is not argon2 is the login path's cost.
const perLogin = (cpuSeconds: number) => ((cpuSeconds * 1000) / Math.max(served, 1)).toFixed(1);
const verifyCpuMs = raws.reduce((sum, r) => sum + r.cpuMs, 0) / raws.length;
console.log(
  `CPU ms per login: ${pid ? `API main thread ${perLogin(cpu.main)}, API other threads (argon2) ${perLogin(cpu.others)}, ` : ''}` +
    `PostgreSQL ${perLogin(cpu.postgres)}, this client ${perLogin(cpu.client)}; ` +
    `an argon2id verification alone takes ${verifyCpuMs.toFixed(1)} ms of CPU`,
);
console.log(`load average: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
