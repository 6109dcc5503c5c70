import { and, eq, sql } from 'drizzle-orm';
import { iniciosOidc } from '../../db/schema/index.js';
import type { UnauditedWriter } from '../../db/tx.js';

/** How long a person may take at the provider's login page. */
const START_MINUTES = 10;

export async function insertOidcStart(
  db: UnauditedWriter,
  v: { estadoHash: string; verificador: string; nonce: string },
): Promise<void> {
  await db.insert(iniciosOidc).values({ ...v, expira: sql`now() + make_interval(mins => ${START_MINUTES})` });
}

/** Takes (deletes) the sign-in a callback's state belongs to: a state works once, and only in time. */
export async function takeOidcStart(db: UnauditedWriter, estadoHash: string) {
  const [row] = await db
    .delete(iniciosOidc)
    .where(and(eq(iniciosOidc.estadoHash, estadoHash), sql`${iniciosOidc.expira} > now()`))
    .returning({ verificador: iniciosOidc.verificador, nonce: iniciosOidc.nonce });
  return row;
}
