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
  const [row] = await rows<{ cuenta: number }>(
    db,
    sql`
      insert into contadores_limite as c (clave, cuenta, inicio, fin)
      values (${key}, 1, now(), now() + make_interval(secs => ${seconds}))
      on conflict (clave) do update set
        cuenta = case when c.fin <= now() then 1 else c.cuenta + 1 end,
        inicio = case when c.fin <= now() then now() else c.inicio end,
        fin = case when c.fin <= now() then excluded.fin else c.fin end
      returning cuenta`,
  );
  return row!.cuenta;
}

/** Forgets a key (a successful login clears its failures). */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.delete(contadoresLimite).where(eq(contadoresLimite.clave, key));
}

/** Housekeeping: counters whose window has ended count nothing any more. */
export async function purgeEndedCounters(db: DbOrTx): Promise<void> {
  await db.delete(contadoresLimite).where(lt(contadoresLimite.fin, sql`now()`));
}
