import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { restablecimientosPendientes, sesiones, usuarios } from '../../db/schema/index.js';
import { purgeEndedCounters } from '../throttle/counters.repository.js';

const userColumns = {
  id: usuarios.id,
  email: usuarios.email,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  numeroDocumento: usuarios.numeroDocumento,
  passwordHash: usuarios.passwordHash,
  firstLogin: usuarios.firstLogin,
  esAlumno: usuarios.esAlumno,
  esProfesor: usuarios.esProfesor,
  esFuncionario: usuarios.esFuncionario,
  esAdmin: usuarios.esAdmin,
  esAdminRoot: usuarios.esAdminRoot,
  activo: usuarios.activo,
};

export type UserForAuth = Awaited<ReturnType<typeof findUserByEmail>>;

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(usuarios)
    .where(sql`lower(${usuarios.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select(userColumns).from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return row;
}

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sesiones.id,
      createdAt: sesiones.createdAt,
      lastUsedAt: sesiones.lastUsedAt,
      user: userColumns,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuarioId))
    .where(eq(sesiones.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function insertSession(db: DbOrTx, usuarioId: number, tokenHash: string): Promise<number> {
  const [row] = await db.insert(sesiones).values({ usuarioId, tokenHash }).returning({ id: sesiones.id });
  return row!.id;
}

/**
 * What a right password at login leads to, in one statement (one round trip, one commit): the address and
 * account's failures forgotten (`clearCounter`), a pending '¿Olvidaste tu Contraseña?' dropped when the
 * owner knew the password after all, and the session opened.
 */
export async function openSessionAfterPassword(
  db: DbOrTx,
  v: { usuarioId: number; tokenHash: string; clearCounter: string; dropPendingReset: boolean },
): Promise<void> {
  await db.execute(sql`
    with olvidado as (delete from contadores_limite where clave = ${v.clearCounter}),
         sin_reset as (delete from restablecimientos_pendientes
                        where usuario_id = ${v.usuarioId} and ${v.dropPendingReset})
    insert into sesiones (usuario_id, token_hash) values (${v.usuarioId}, ${v.tokenHash})`);
}

/** Records a use, but writes at most once a minute per session so reads do not turn into writes. */
export async function touchSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(sesiones)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sesiones.id, sessionId), lt(sesiones.lastUsedAt, sql`now() - interval '1 minute'`)));
}

export async function deleteSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.delete(sesiones).where(eq(sesiones.id, sessionId));
}

export async function deleteUserSessions(db: DbOrTx, usuarioId: number): Promise<void> {
  await db.delete(sesiones).where(eq(sesiones.usuarioId, usuarioId));
}

export async function updatePassword(db: DbOrTx, usuarioId: number, passwordHash: string, firstLogin: boolean) {
  await db
    .update(usuarios)
    .set({ passwordHash, firstLogin, updatedAt: sql`now()` })
    .where(eq(usuarios.id, usuarioId));
}

/** Records (or replaces) a user's pending temporary password, in force for `hours`. */
export async function upsertPendingReset(db: DbOrTx, usuarioId: number, passwordHash: string, hours: number) {
  const expira = sql`now() + make_interval(hours => ${hours})`;
  await db
    .insert(restablecimientosPendientes)
    .values({ usuarioId, passwordHash, expira })
    .onConflictDoUpdate({
      target: restablecimientosPendientes.usuarioId,
      set: { passwordHash, creado: sql`now()`, expira },
    });
}

/** The hash of a user's pending temporary password, if one is still in force. */
export async function findPendingReset(db: DbOrTx, usuarioId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: restablecimientosPendientes.passwordHash })
    .from(restablecimientosPendientes)
    .where(
      and(eq(restablecimientosPendientes.usuarioId, usuarioId), gt(restablecimientosPendientes.expira, sql`now()`)),
    )
    .limit(1);
  return row?.passwordHash;
}

export async function deletePendingReset(db: DbOrTx, usuarioId: number): Promise<void> {
  await db.delete(restablecimientosPendientes).where(eq(restablecimientosPendientes.usuarioId, usuarioId));
}

/** Housekeeping: ended throttle windows and sessions past any possible lifetime. */
export async function purgeExpired(db: DbOrTx, maxSessionDays: number): Promise<void> {
  await purgeEndedCounters(db);
  await db.delete(restablecimientosPendientes).where(lt(restablecimientosPendientes.expira, sql`now()`));
  await db.delete(sesiones).where(lt(sesiones.createdAt, sql`now() - make_interval(days => ${maxSessionDays})`));
}
