import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contadoresLimite } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';

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
  const ctes = hits.map((h, i) => {
    const gate = i === 0 ? sql`true` : sql`(select cuenta from c${sql.raw(String(i - 1))}) <= ${hits[i - 1]!.limit}`;
    return sql`${sql.raw(`c${i}`)} as (
      insert into contadores_limite as c (clave, cuenta, inicio, fin)
      select ${h.key}, 1, now(), now() + make_interval(secs => ${h.seconds}) where ${gate}
      on conflict (clave) do update set
        cuenta = case when c.fin <= now() then 1 else c.cuenta + 1 end,
        inicio = case when c.fin <= now() then now() else c.inicio end,
        fin = case when c.fin <= now() then excluded.fin else c.fin end
      returning cuenta)`;
  });
  const counts = hits.map((_, i) => sql`(select cuenta from ${sql.raw(`c${i}`)}) as ${sql.raw(`n${i}`)}`);
  const [row] = await rows<Record<string, number | null>>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(counts, sql`, `)}`,
  );
  return hits.map((_, i) => row![`n${i}`] ?? null);
}

/** Forgets a key (a successful login clears its failures). */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.delete(contadoresLimite).where(eq(contadoresLimite.clave, key));
}

/** Housekeeping: counters whose window has ended count nothing any more. */
export async function purgeEndedCounters(db: DbOrTx): Promise<void> {
  await db.delete(contadoresLimite).where(lt(contadoresLimite.fin, sql`now()`));
}
