import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitWithoutWaitingForDisk, preparedRows, rows } from '../src/db/sql.js';
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

describe('commitWithoutWaitingForDisk', () => {
  const setting = sql`current_setting('synchronous_commit') as valor`;

  it('turns synchronous_commit off for its own statement only', async () => {
    const [during] = await preparedRows<{ valor: string }>(
      ctx.db,
      sql`with sin_espera as (${commitWithoutWaitingForDisk(ctx.db)}) select ${setting} from sin_espera`,
    );
    expect(during!.valor).toBe('off');
    // Every connection of the pool, the one that ran it included, is back to the server's default after it.
    const after = await Promise.all(
      Array.from({ length: 20 }, () => preparedRows<{ valor: string }>(ctx.db, sql`select ${setting}`)),
    );
    expect(new Set(after.map(([row]) => row!.valor))).toEqual(new Set(['on']));
  });

  it("refuses to run inside a transaction, where it would hold for the transaction's other writes", async () => {
    await expect(ctx.db.transaction(async (tx) => commitWithoutWaitingForDisk(tx))).rejects.toThrow(/transaction/);
  });
});
