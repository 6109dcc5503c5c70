import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { identidadesOidc, iniciosOidc } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import type { UnauditedWriter, WriteTx } from '../../db/tx.js';

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

/** The user bound to the provider's account `emisor` + `sujeto`, if any. */
export async function findBoundUserId(db: DbOrTx, emisor: string, sujeto: string): Promise<number | undefined> {
  const [row] = await db
    .select({ usuarioId: identidadesOidc.usuarioId })
    .from(identidadesOidc)
    .where(and(eq(identidadesOidc.emisor, emisor), eq(identidadesOidc.sujeto, sujeto)));
  return row?.usuarioId;
}

/** The provider's account a user is bound to, if any. */
export async function findBinding(db: DbOrTx, usuarioId: number) {
  const [row] = await db
    .select({
      emisor: identidadesOidc.emisor,
      sujeto: identidadesOidc.sujeto,
      vinculadaEn: identidadesOidc.vinculadaEn,
    })
    .from(identidadesOidc)
    .where(eq(identidadesOidc.usuarioId, usuarioId));
  return row;
}

/**
 * Binds a user not bound yet; false when the user already is (to this account or another), or the account
 * already belongs to someone else (the unique index decides, so two first sign-ins at once bind one).
 */
export async function insertBinding(
  db: WriteTx,
  v: { usuarioId: number; emisor: string; sujeto: string },
): Promise<boolean> {
  const inserted = await db
    .insert(identidadesOidc)
    .values(v)
    .onConflictDoNothing()
    .returning({ usuarioId: identidadesOidc.usuarioId });
  return inserted.length > 0;
}

export async function deleteBinding(db: WriteTx, usuarioId: number): Promise<boolean> {
  const gone = await db
    .delete(identidadesOidc)
    .where(eq(identidadesOidc.usuarioId, usuarioId))
    .returning({ usuarioId: identidadesOidc.usuarioId });
  return gone.length > 0;
}

/**
 * Back-Channel Logout: ends the sessions a logout token names, at once. With a `sid`, the sessions of that
 * provider session (of the account `sub` too, when the token names one); with a `sub` alone, every session of
 * the user bound to that account. Returns how many each user lost.
 */
export async function endSessionsOfProvider(
  db: UnauditedWriter,
  target: { emisor: string; sid: string | undefined; sub: string | undefined },
): Promise<{ usuarioId: number; ended: number }[]> {
  const boundUser = sql`(select usuario_id from identidades_oidc
                          where emisor = ${target.emisor} and sujeto = ${target.sub ?? null}::varchar)`;
  const which = target.sid
    ? target.sub
      ? sql`sid_oidc = ${target.sid} and usuario_id = ${boundUser}`
      : sql`sid_oidc = ${target.sid}`
    : sql`usuario_id = ${boundUser}`;
  return rows<{ usuarioId: number; ended: number }>(
    db,
    sql`with fin as (delete from sesiones where ${which} returning usuario_id)
        select usuario_id as "usuarioId", count(*)::int as ended from fin group by usuario_id`,
  );
}
