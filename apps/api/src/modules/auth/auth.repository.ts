import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { commitWithoutWaitingForDisk, fixedStatement, preparedRows, rows } from '../../db/sql.js';
import { desafiosMfa, iniciosOidc, restablecimientosPendientes, sesiones, usuarios } from '../../db/schema/index.js';
import { purgeExpiredChallenges } from './webauthn.repository.js';
import type { UnauditedWriter, WriteTx } from '../../db/tx.js';
import {
  insertSecurityEventSql,
  securityEventRow,
  type SecurityEvent,
} from '../security-events/security-events.sql.js';
import { sidOfIdToken } from './oidc-id-token.js';

/** A user as login and the session check need them: who, the password hash, the roles and the state. */
// A type, not an interface: raw rows must be assignable to Record<string, unknown>.
export type UserForAuth = {
  id: number;
  email: string;
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  passwordHash: string;
  firstLogin: boolean;
  esAlumno: boolean;
  esProfesor: boolean;
  esFuncionario: boolean;
  esAdmin: boolean;
  esAdminRoot: boolean;
  puedeRectificar: boolean;
  activo: boolean;
  /**
   * Whether the user has a second factor: TOTP turned on (issue 32) or a security key or passkey (issue 41).
   * Either makes the login ask for it; the TOTP factor's own state is `mfaRepo.findFactor`'s.
   */
  mfaActivo: boolean;
};

/** Where a session was opened from, for 'Mis sesiones'. */
export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

/** The columns of `UserForAuth` over `usuarios u`, named as the type names them. */
const USER_FOR_AUTH = sql`u.id, u.email, u.nombre, u.apellido, u.numero_documento as "numeroDocumento",
  u.password_hash as "passwordHash", u.first_login as "firstLogin", u.es_alumno as "esAlumno",
  u.es_profesor as "esProfesor", u.es_funcionario as "esFuncionario", u.es_admin as "esAdmin",
  u.es_admin_root as "esAdminRoot", u.puede_rectificar as "puedeRectificar", u.activo,
  (exists (select 1 from segundos_factores f where f.usuario_id = u.id and f.activado_en is not null)
   or exists (select 1 from credenciales_webauthn c where c.usuario_id = u.id)) as "mfaActivo"`;

/** The query of the user with an e-mail (any case), at most one row: login runs it inside its throttle's statement. */
export function userByEmail(email: string): SQL {
  return sql`select ${USER_FOR_AUTH} from usuarios u where lower(u.email) = lower(${email}) limit 1`;
}

type SessionRow = UserForAuth & { sessionId: number; createdAtMs: number; lastUsedAtMs: number };

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserForAuth | undefined> {
  const [row] = await rows<UserForAuth>(db, userByEmail(email));
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserForAuth | undefined> {
  const [row] = await rows<UserForAuth>(db, sql`select ${USER_FOR_AUTH} from usuarios u where u.id = ${id}`);
  return row;
}

/** Every API call runs it: its text is written once (`fixedStatement`), each call only binds its values. */
const sessionStatement = fixedStatement<{ tokenHash: string; idleMs: number; maxMs: number }>(
  (v) => sql`with sesion as (
               select s.id, s.usuario_id, s.created_at, s.last_used_at from sesiones s where s.token_hash = ${v.tokenHash}
             ),
             uso as (
               update sesiones set last_used_at = now()
                where id = (select id from sesion)
                  and last_used_at < now() - interval '1 minute'
                  and last_used_at > now() - ${v.idleMs} * interval '1 millisecond'
                  and created_at > now() - ${v.maxMs} * interval '1 millisecond'
             )
             select sesion.id::float8 as "sessionId",
                    extract(epoch from sesion.created_at)::float8 * 1000 as "createdAtMs",
                    extract(epoch from sesion.last_used_at)::float8 * 1000 as "lastUsedAtMs", ${USER_FOR_AUTH}
               from sesion join usuarios u on u.id = sesion.usuario_id`,
);

/**
 * The session of a token with its user, and its use recorded, in one round trip (every API call makes it).
 * The use is written at most once a minute per session, so reads do not turn into writes, and never on a
 * session already past its limits: the caller ends that one instead.
 */
export async function findSessionAndTouch(
  db: UnauditedWriter,
  tokenHash: string,
  limits: { idleMs: number; maxMs: number },
) {
  const [row] = await sessionStatement<SessionRow>(db, { tokenHash, ...limits });
  if (!row) return undefined;
  const { sessionId, createdAtMs, lastUsedAtMs, ...user } = row;
  return { sessionId, createdAtMs, lastUsedAtMs, user };
}

/** What is kept of the browser's User-Agent: enough to name it, bounded like the column. */
const agentOf = (client: SessionClient) => client.userAgent?.slice(0, 300) ?? null;

export async function insertSession(
  db: UnauditedWriter,
  usuarioId: number,
  tokenHash: string,
  client: SessionClient,
  idTokenOidc: string | null = null,
): Promise<number> {
  const [row] = await db
    .insert(sesiones)
    .values({
      usuarioId,
      tokenHash,
      direccion: client.ip.slice(0, 45),
      agenteUsuario: agentOf(client),
      idTokenOidc,
      sidOidc: sidOfIdToken(idTokenOidc),
    })
    .returning({ id: sesiones.id });
  return row!.id;
}

/**
 * What a right password at login leads to, in one statement (one round trip, one commit): the address and
 * account's failures forgotten (`clearCounter`), a pending '¿Olvidaste tu Contraseña?' dropped when the
 * owner knew the password after all, the sign-in recorded in `eventos_seguridad`, and the session opened.
 * Its commit does not wait for the disk: a server crash right after it costs the student one more login
 * (`commitWithoutWaitingForDisk`), and the record of a sign-in whose session is gone with it.
 */
export async function openSessionAfterPassword(
  db: UnauditedWriter,
  v: {
    usuarioId: number;
    tokenHash: string;
    clearCounter: string;
    dropPendingReset: boolean;
    client: SessionClient;
    /** The provider's ID token when a code completed an institutional sign-in. */
    idTokenOidc?: string | null;
    /** The sign-in's event (issue 41), written by the same statement: no session opens without its record. */
    signIn?: SecurityEvent;
  },
): Promise<void> {
  const evento = v.signIn ? insertSecurityEventSql(securityEventRow(v.signIn)) : sql`select 1`;
  await preparedRows(
    db,
    sql`
    with sin_espera as (${commitWithoutWaitingForDisk(db)}),
         evento as (${evento}),
         olvidado as (delete from contadores_limite where clave = ${v.clearCounter}),
         sin_reset as (delete from restablecimientos_pendientes
                        where usuario_id = ${v.usuarioId} and ${v.dropPendingReset})
    insert into sesiones (usuario_id, token_hash, direccion, agente_usuario, id_token_oidc, sid_oidc)
    select ${v.usuarioId}, ${v.tokenHash}, ${v.client.ip.slice(0, 45)}, ${agentOf(v.client)},
           ${v.idTokenOidc ?? null}::text, ${sidOfIdToken(v.idTokenOidc)}::text from sin_espera`,
  );
}

export async function deleteSession(db: UnauditedWriter, sessionId: number): Promise<void> {
  await db.delete(sesiones).where(eq(sesiones.id, sessionId));
}

/** Ends a session ('Salir'); the provider's ID token when it came from an institutional sign-in. */
export async function endSession(
  db: UnauditedWriter,
  sessionId: number,
): Promise<{ idTokenOidc: string | null } | undefined> {
  const [row] = await db
    .delete(sesiones)
    .where(eq(sesiones.id, sessionId))
    .returning({ idTokenOidc: sesiones.idTokenOidc });
  return row;
}

export async function deleteUserSessions(db: UnauditedWriter, usuarioId: number): Promise<void> {
  await db.delete(sesiones).where(eq(sesiones.usuarioId, usuarioId));
}

export async function updatePassword(db: WriteTx, usuarioId: number, passwordHash: string, firstLogin: boolean) {
  await db
    .update(usuarios)
    .set({ passwordHash, firstLogin, updatedAt: sql`now()` })
    .where(eq(usuarios.id, usuarioId));
}

/** Records (or replaces) a user's pending temporary password, in force for `hours`. */
export async function upsertPendingReset(db: WriteTx, usuarioId: number, passwordHash: string, hours: number) {
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

export async function deletePendingReset(db: UnauditedWriter, usuarioId: number): Promise<void> {
  await db.delete(restablecimientosPendientes).where(eq(restablecimientosPendientes.usuarioId, usuarioId));
}

/**
 * Housekeeping: logins that never got their code, security-key challenges nobody answered, and sessions past
 * any lifetime (the throttle's ended windows are its own: server.ts purges them beside these).
 */
export async function purgeExpired(db: UnauditedWriter, maxSessionDays: number): Promise<void> {
  await db.delete(desafiosMfa).where(lt(desafiosMfa.expira, sql`now()`));
  await purgeExpiredChallenges(db);
  await db.delete(iniciosOidc).where(lt(iniciosOidc.expira, sql`now()`));
  await db.delete(restablecimientosPendientes).where(lt(restablecimientosPendientes.expira, sql`now()`));
  await db.delete(sesiones).where(lt(sesiones.createdAt, sql`now() - make_interval(days => ${maxSessionDays})`));
}
