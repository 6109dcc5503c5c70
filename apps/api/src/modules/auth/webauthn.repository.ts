import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { credencialesWebauthn, desafiosMfa, desafiosWebauthn } from '../../db/schema/index.js';
import type { UnauditedWriter } from '../../db/tx.js';
import { CHALLENGE_MAX_CODES } from './mfa.repository.js';

/** How long a challenge handed to the browser stays good (the browser itself gives up after 1 minute). */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;
/** Keys a user may hold: enough for a spare and a few devices, bounded so a session cannot fill the table. */
export const MAX_KEYS = 10;

/** Why a challenge was handed out; a response only ever answers a challenge of its own purpose. */
export type ChallengePurpose = 'registro' | 'ingreso' | 'confirmacion';

export interface CredentialRow {
  id: number;
  credencialId: string;
  clavePublica: string;
  contador: number;
  transportes: string[];
  nombre: string;
  creado: string;
  ultimoUso: string | null;
}

export async function listCredentials(db: DbOrTx, usuarioId: number): Promise<CredentialRow[]> {
  return db
    .select({
      id: credencialesWebauthn.id,
      credencialId: credencialesWebauthn.credencialId,
      clavePublica: credencialesWebauthn.clavePublica,
      contador: credencialesWebauthn.contador,
      transportes: credencialesWebauthn.transportes,
      nombre: credencialesWebauthn.nombre,
      creado: credencialesWebauthn.creado,
      ultimoUso: credencialesWebauthn.ultimoUso,
    })
    .from(credencialesWebauthn)
    .where(eq(credencialesWebauthn.usuarioId, usuarioId))
    .orderBy(asc(credencialesWebauthn.creado), asc(credencialesWebauthn.id));
}

export async function countCredentials(db: DbOrTx, usuarioId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(credencialesWebauthn)
    .where(eq(credencialesWebauthn.usuarioId, usuarioId));
  return row?.n ?? 0;
}

/** The new key, or undefined when its credential id is already registered (to this user or another). */
export async function insertCredential(
  db: UnauditedWriter,
  v: {
    usuarioId: number;
    credencialId: string;
    clavePublica: string;
    contador: number;
    transportes: string[];
    nombre: string;
  },
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .insert(credencialesWebauthn)
    .values(v)
    .onConflictDoNothing({ target: credencialesWebauthn.credencialId })
    .returning();
  return row && { ...row };
}

/** Removes one of the user's keys; false when it is not theirs or already gone. */
export async function deleteCredential(db: UnauditedWriter, usuarioId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(credencialesWebauthn)
    .where(and(eq(credencialesWebauthn.id, id), eq(credencialesWebauthn.usuarioId, usuarioId)))
    .returning({ id: credencialesWebauthn.id });
  return gone.length > 0;
}

/** Every key of a user gone (staff's 'Restablecer segundo factor', `npm run mfa-reset`); how many there were. */
export async function deleteUserCredentials(db: UnauditedWriter, usuarioId: number): Promise<number> {
  await db.delete(desafiosWebauthn).where(eq(desafiosWebauthn.usuarioId, usuarioId));
  const gone = await db
    .delete(credencialesWebauthn)
    .where(eq(credencialesWebauthn.usuarioId, usuarioId))
    .returning({ id: credencialesWebauthn.id });
  return gone.length;
}

/**
 * Records a use of a key at its new signature counter, only if the counter went up (or the key keeps none:
 * 0 then and 0 now). One conditional update: of two calls bringing the same counter (a clone used at the
 * same moment as the original) only one is taken. False means the counter did not increase.
 */
export async function takeCounter(db: UnauditedWriter, id: number, newCounter: number): Promise<boolean> {
  const taken = await db
    .update(credencialesWebauthn)
    .set({ contador: newCounter, ultimoUso: sql`now()` })
    .where(
      and(
        eq(credencialesWebauthn.id, id),
        sql`(${credencialesWebauthn.contador} < ${newCounter} or (${credencialesWebauthn.contador} = 0 and ${newCounter}::bigint = 0))`,
      ),
    )
    .returning({ id: credencialesWebauthn.id });
  return taken.length > 0;
}

export async function insertChallenge(
  db: UnauditedWriter,
  v: { usuarioId: number; proposito: ChallengePurpose; desafio: string },
): Promise<void> {
  await db.insert(desafiosWebauthn).values({
    ...v,
    expira: sql`now() + make_interval(mins => ${WEBAUTHN_CHALLENGE_MINUTES})`,
  });
}

/**
 * Takes a challenge the server handed this user for this purpose, if it has not expired: deleting its row is
 * the check, so a challenge answers once even when two responses bring it at the same moment.
 */
export async function takeChallenge(
  db: UnauditedWriter,
  v: { usuarioId: number; proposito: ChallengePurpose; desafio: string },
): Promise<boolean> {
  const taken = await db
    .delete(desafiosWebauthn)
    .where(
      and(
        eq(desafiosWebauthn.desafio, v.desafio),
        eq(desafiosWebauthn.usuarioId, v.usuarioId),
        eq(desafiosWebauthn.proposito, v.proposito),
        sql`${desafiosWebauthn.expira} > now()`,
      ),
    )
    .returning({ id: desafiosWebauthn.id });
  return taken.length > 0;
}

/** Housekeeping beside the login's: challenges nobody answered. */
export async function purgeExpiredChallenges(db: UnauditedWriter): Promise<void> {
  await db.delete(desafiosWebauthn).where(sql`${desafiosWebauthn.expira} < now()`);
}

/**
 * The user a login's second step belongs to, while its token is live and waits for a factor (the same
 * conditions as `challengeWaitsForCode`); undefined otherwise. Reading it spends none of its attempts.
 */
export async function waitingLoginUser(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ usuarioId: desafiosMfa.usuarioId })
    .from(desafiosMfa)
    .where(
      and(
        eq(desafiosMfa.tokenHash, tokenHash),
        eq(desafiosMfa.requiereCodigo, true),
        sql`${desafiosMfa.expira} > now()`,
        lt(desafiosMfa.intentos, CHALLENGE_MAX_CODES),
      ),
    );
  return row?.usuarioId;
}
