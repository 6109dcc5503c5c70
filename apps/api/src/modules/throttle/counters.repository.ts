import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contadoresLimite } from '../../db/schema/index.js';
import { commitWithoutWaitingForDisk, preparedRows, rows } from '../../db/sql.js';
import type { UnauditedWriter } from '../../db/tx.js';

/**
 * Records one hit on `key` and answers how many the key has had in its window, in one statement. The
 * window starts with the key's first hit and lasts `seconds`; a hit after it ends starts a new one. Because
 * the read and the write are one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, PostgreSQL serialises
 * parallel hits on the row: fifty at once get the counts 1 to 50, never fifty times 1.
 */
export async function hit(db: DbOrTx, key: string, seconds: number): Promise<number> {
  const [count] = await hitInOrder(db, [{ key, seconds, limit: Number.MAX_SAFE_INTEGER }]);
  return count!;
}

/** One counter of `hitInOrder`: its key, its window and the count past which the next is not bumped. */
export interface OrderedHit {
  key: string;
  seconds: number;
  limit: number;
}

/**
 * Bumps the counters in order, each only while the one before it is within its limit, in one statement (one
 * round trip and one commit where three `hit`s took three): a guess refused by the address's limit does not
 * count against the account. Answers each counter's count, or null for those not reached.
 */
export async function hitInOrder(db: DbOrTx, hits: readonly OrderedHit[]): Promise<(number | null)[]> {
  const [row] = await rows<{ cuentas: (number | null)[] }>(db, sql`with ${bumps(hits)} select ${countsOf(hits)}`);
  return row!.cuentas;
}

/**
 * `hitInOrder`, and in the same statement the row of `alongside` (a query of at most one row; its columns
 * other than `cuentas` and `encontrado`), or undefined: the login reads its user with its counters, one round
 * trip instead of two. `alongside` runs whether or not a limit is spent. The commit does not wait for the
 * disk (`commitWithoutWaitingForDisk`): a server crash right after it forgets this one attempt.
 */
export async function hitInOrderAlongside<T extends Record<string, unknown>>(
  db: DbOrTx,
  hits: readonly OrderedHit[],
  alongside: SQL,
): Promise<{ counts: (number | null)[]; row: T | undefined }> {
  const [result] = await preparedRows<{ cuentas: (number | null)[]; encontrado: boolean | null }>(
    db,
    sql`with sin_espera as (${commitWithoutWaitingForDisk(db)}), ${bumps(hits)},
             junto as (select true as encontrado, a.* from (${alongside}) a)
        select ${countsOf(hits)}, junto.* from sin_espera left join junto on true`,
  );
  const { cuentas, encontrado, ...row } = result!;
  return { counts: cuentas, row: encontrado ? (row as unknown as T) : undefined };
}

/** One data-modifying CTE a counter (`c0`, `c1`, …), each gated on the one before it. */
function bumps(hits: readonly OrderedHit[]): SQL {
  const ctes = hits.map((h, i) => {
    const gate =
      i === 0 ? sql`true` : sql`(select cuenta from ${sql.identifier(`c${i - 1}`)}) <= ${hits[i - 1]!.limit}`;
    return sql`${sql.identifier(`c${i}`)} as (
      insert into contadores_limite as c (clave, cuenta, inicio, fin)
      select ${h.key}, 1, now(), now() + make_interval(secs => ${h.seconds}) where ${gate}
      on conflict (clave) do update set
        cuenta = case when c.fin <= now() then 1 else c.cuenta + 1 end,
        inicio = case when c.fin <= now() then now() else c.inicio end,
        fin = case when c.fin <= now() then excluded.fin else c.fin end
      returning cuenta)`;
  });
  return sql.join(ctes, sql`, `);
}

/** The counts of `bumps`, in order, as one array column `cuentas` (null where a counter was not reached). */
function countsOf(hits: readonly OrderedHit[]): SQL {
  const counts = hits.map((_, i) => sql`(select cuenta from ${sql.identifier(`c${i}`)})`);
  return sql`array[${sql.join(counts, sql`, `)}]::int[] as cuentas`;
}

/** Forgets a key (a successful login clears its failures). */
export async function clear(db: UnauditedWriter, key: string): Promise<void> {
  await db.delete(contadoresLimite).where(eq(contadoresLimite.clave, key));
}

/** Housekeeping: counters whose window has ended count nothing any more. */
export async function purgeEndedCounters(db: UnauditedWriter): Promise<void> {
  await db.delete(contadoresLimite).where(lt(contadoresLimite.fin, sql`now()`));
}
