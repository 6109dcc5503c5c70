import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRows, rows } from '../src/db/sql.js';
import { setupTestApp, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('preparedRows', () => {
  it('answers what rows answers, dates and timestamps as text, for each parameter', async () => {
    const query = (n: number) =>
      sql`select ${n}::int as n, date '2026-03-01' + ${n}::int as dia, timestamptz '2026-03-01 12:00:00+00' as momento,
                 array[${n}, ${n + 1}]::int[] as pares, ${n}::int > 1 as mayor`;
    for (const n of [1, 2, 3]) {
      expect(await preparedRows(ctx.db, query(n))).toEqual(await rows(ctx.db, query(n)));
    }
    const [row] = await preparedRows<{ dia: unknown; pares: unknown; mayor: unknown }>(ctx.db, query(2));
    expect(row).toMatchObject({ dia: '2026-03-03', pares: [2, 3], mayor: true });
  });

  it('runs different texts on the same connections without confusing their names', async () => {
    // More calls than the pool has connections, alternating two texts: a name reused for another text fails.
    const a = (i: number) => preparedRows<{ v: number }>(ctx.db, sql`select ${i}::int + 1 as v`);
    const b = (i: number) => preparedRows<{ v: string }>(ctx.db, sql`select 'x' || ${i}::text as v`);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a(i) : b(i))));
    results.forEach((result, i) => expect(result[0]!.v).toEqual(i % 2 ? i + 1 : `x${i}`));
  });

  it('inside a transaction, sees the transaction own writes', async () => {
    const seen = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table probe (v int) on commit drop`);
      await tx.execute(sql`insert into probe values (7)`);
      return preparedRows<{ v: number }>(tx, sql`select v from probe`);
    });
    expect(seen).toEqual([{ v: 7 }]);
  });
});
