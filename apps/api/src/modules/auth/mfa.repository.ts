import { and, count, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { codigosRecuperacion, desafiosMfa, segundosFactores } from '../../db/schema/index.js';
import type { UnauditedWriter, WriteTx } from '../../db/tx.js';

/** How long a login may wait for its second factor, and how many codes it may try. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MAX_CODES = 5;

export interface FactorRow {
  secretoCifrado: string;
  activo: boolean;
}

export async function findFactor(db: DbOrTx, usuarioId: number): Promise<FactorRow | undefined> {
  const [row] = await db
    .select({ secretoCifrado: segundosFactores.secretoCifrado, activadoEn: segundosFactores.activadoEn })
    .from(segundosFactores)
    .where(eq(segundosFactores.usuarioId, usuarioId));
  return row && { secretoCifrado: row.secretoCifrado, activo: row.activadoEn !== null };
}

/** A new secret being set up; replaces one not yet confirmed, never an active one (returns false then). */
export async function startFactor(db: UnauditedWriter, usuarioId: number, secretoCifrado: string): Promise<boolean> {
  const done = await db
    .insert(segundosFactores)
    .values({ usuarioId, secretoCifrado })
    .onConflictDoUpdate({
      target: segundosFactores.usuarioId,
      set: { secretoCifrado, ultimoPaso: null, creado: sql`now()` },
      setWhere: sql`${segundosFactores.activadoEn} is null`,
    })
    .returning({ usuarioId: segundosFactores.usuarioId });
  return done.length > 0;
}

/**
 * Takes the 30-second step of a right code: only a step later than the last one taken is accepted, in one
 * conditional update, so a code (and any older one) works once even when two calls bring it at once.
 * `active`: the factor must be on (login, disable) or still being set up (enable).
 */
export async function takeStep(
  db: UnauditedWriter,
  usuarioId: number,
  step: number,
  active: boolean,
): Promise<boolean> {
  const taken = await db
    .update(segundosFactores)
    .set({ ultimoPaso: step })
    .where(
      and(
        eq(segundosFactores.usuarioId, usuarioId),
        active ? isNotNull(segundosFactores.activadoEn) : sql`${segundosFactores.activadoEn} is null`,
        sql`(${segundosFactores.ultimoPaso} is null or ${segundosFactores.ultimoPaso} < ${step})`,
      ),
    )
    .returning({ usuarioId: segundosFactores.usuarioId });
  return taken.length > 0;
}

export async function activateFactor(db: WriteTx, usuarioId: number): Promise<void> {
  await db
    .update(segundosFactores)
    .set({ activadoEn: sql`now()` })
    .where(eq(segundosFactores.usuarioId, usuarioId));
}

/** The factor and its recovery codes gone (disable, or a reset by staff). Returns whether there was one. */
export async function deleteFactor(db: WriteTx, usuarioId: number): Promise<boolean> {
  await db.delete(codigosRecuperacion).where(eq(codigosRecuperacion.usuarioId, usuarioId));
  await db.delete(desafiosMfa).where(eq(desafiosMfa.usuarioId, usuarioId));
  const gone = await db
    .delete(segundosFactores)
    .where(eq(segundosFactores.usuarioId, usuarioId))
    .returning({ usuarioId: segundosFactores.usuarioId });
  return gone.length > 0;
}

export async function replaceRecoveryCodes(db: WriteTx, usuarioId: number, hashes: string[]): Promise<void> {
  await db.delete(codigosRecuperacion).where(eq(codigosRecuperacion.usuarioId, usuarioId));
  await db.insert(codigosRecuperacion).values(hashes.map((codigoHash) => ({ usuarioId, codigoHash })));
}

/** Uses up a recovery code: deleting its row is the check, so of two calls with it only one succeeds. */
export async function takeRecoveryCode(db: UnauditedWriter, usuarioId: number, codigoHash: string): Promise<boolean> {
  const taken = await db
    .delete(codigosRecuperacion)
    .where(and(eq(codigosRecuperacion.usuarioId, usuarioId), eq(codigosRecuperacion.codigoHash, codigoHash)))
    .returning({ usuarioId: codigosRecuperacion.usuarioId });
  return taken.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, usuarioId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(codigosRecuperacion)
    .where(eq(codigosRecuperacion.usuarioId, usuarioId));
  return row?.n ?? 0;
}

export async function insertChallenge(
  db: UnauditedWriter,
  v: { usuarioId: number; tokenHash: string; requiereCodigo: boolean; idTokenOidc?: string },
): Promise<void> {
  await db.insert(desafiosMfa).values({
    ...v,
    expira: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
  });
}

/**
 * Reserves one code attempt of a challenge before the code is looked at (a conditional update: parallel
 * guesses cannot outrun the limit). Undefined when the token is unknown, expired or spent. `institucional`:
 * the challenge follows an institutional sign-in (only those carry the provider's ID token), not a password.
 */
export async function reserveChallengeAttempt(db: UnauditedWriter, tokenHash: string) {
  const [row] = await rows<{ usuarioId: number; intentos: number; requiereCodigo: boolean; institucional: boolean }>(
    db,
    sql`update desafios_mfa set intentos = intentos + 1
         where token_hash = ${tokenHash} and expira > now() and intentos < ${CHALLENGE_MAX_CODES}
     returning usuario_id as "usuarioId", intentos, requiere_codigo as "requiereCodigo",
               id_token_oidc is not null as institucional`,
  );
  return row;
}

/** Takes a challenge (single use): of two calls only one gets it (with an institutional sign-in's ID token). */
export async function takeChallenge(db: UnauditedWriter, tokenHash: string) {
  const [row] = await db
    .delete(desafiosMfa)
    .where(and(eq(desafiosMfa.tokenHash, tokenHash), sql`${desafiosMfa.expira} > now()`))
    .returning({ usuarioId: desafiosMfa.usuarioId, idTokenOidc: desafiosMfa.idTokenOidc });
  return row;
}

export async function deleteChallenge(db: UnauditedWriter, tokenHash: string): Promise<void> {
  await db.delete(desafiosMfa).where(eq(desafiosMfa.tokenHash, tokenHash));
}

/**
 * An institutional sign-in's ticket whose provider did the second factor (or whose user has none): taken
 * once, it opens the session. Undefined when it is unknown, expired, taken, or waits for a code.
 */
export async function takeTicketWithoutCode(db: UnauditedWriter, tokenHash: string) {
  const [row] = await db
    .delete(desafiosMfa)
    .where(
      and(
        eq(desafiosMfa.tokenHash, tokenHash),
        eq(desafiosMfa.requiereCodigo, false),
        sql`${desafiosMfa.expira} > now()`,
      ),
    )
    .returning({ usuarioId: desafiosMfa.usuarioId, idTokenOidc: desafiosMfa.idTokenOidc });
  return row;
}

/** Whether a token is a live challenge still waiting for its code. */
export async function challengeWaitsForCode(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: desafiosMfa.id })
    .from(desafiosMfa)
    .where(
      and(
        eq(desafiosMfa.tokenHash, tokenHash),
        eq(desafiosMfa.requiereCodigo, true),
        sql`${desafiosMfa.expira} > now()`,
        lt(desafiosMfa.intentos, CHALLENGE_MAX_CODES),
      ),
    );
  return row !== undefined;
}
