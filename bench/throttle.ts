/**
 * The cost of the login throttle counters (decision record 006) on the PostgreSQL server DATABASE_URL names:
 * `hit()` (one INSERT … ON CONFLICT DO UPDATE … RETURNING) timed one at a time, and in bursts of 50 at once on
 * one key (the hot row every guess at one account contends for) and on 50 keys. Needs no seeded data.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/arandu_bench_throttle npx tsx --conditions=source bench/throttle.ts
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { hit } from '../apps/api/src/modules/throttle/counters.repository.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL database (it gets the migrations)');
const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 10 });
await runMigrations(database);
const db = database.db;

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1]!;

async function timed(label: string, rounds: number, burst: (round: number) => Promise<unknown>[]) {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  let hits = 0;
  for (let r = 0; r < rounds; r++) {
    const calls = burst(r).map(async (call) => {
      const t0 = process.hrtime.bigint();
      await call;
      latencies.push(ms(t0));
    });
    hits += calls.length;
    await Promise.all(calls);
  }
  const total = ms(started);
  console.log(
    `${label.padEnd(34)} ${String(hits).padStart(6)} hits  ${Math.round((hits / total) * 1000)
      .toString()
      .padStart(6)} hits/s  p50 ${pct(latencies, 50).toFixed(2)} ms  p95 ${pct(latencies, 95).toFixed(2)} ms`,
  );
}

const run = `${process.pid}`;
await timed('one at a time, one key', 1000, () => [hit(db, `bench:${run}:uno`, 60)]);
await timed('50 at once, one key (hot row)', 40, (r) =>
  Array.from({ length: 50 }, () => hit(db, `bench:${run}:caliente:${r}`, 60)),
);
await timed('50 at once, 50 keys', 40, (r) =>
  Array.from({ length: 50 }, (_, i) => hit(db, `bench:${run}:${r}:${i}`, 60)),
);
await db.execute(sql`delete from contadores_limite where clave like ${`bench:${run}:%`}`);
await database.close();
