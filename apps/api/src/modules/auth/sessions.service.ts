import { MSG_IDENTITY, type SessionInfo } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx, unaudited } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/settings.service.js';
import type { AuthUser } from './auth-user.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import { requireUserManageable } from '../access/user-access.js';
import type { SessionClient } from './auth.repository.js';
import * as repo from './sessions.repository.js';

async function sessionsOf(db: Db, usuarioId: number, currentId: number | null): Promise<SessionInfo[]> {
  const settings = await getSettings(db);
  const found = await repo.listSessions(db, usuarioId, {
    idleMs: settings.sesionInactividadHoras * 3_600_000,
    maxMs: settings.sesionDuracionMaximaDias * 86_400_000,
  });
  return found.map((s) => ({ ...s, current: s.id === currentId }));
}

/** 'Mis sesiones': the caller's open sessions, the current one marked. */
export function mySessions(db: Db, user: AuthUser): Promise<SessionInfo[]> {
  return sessionsOf(db, user.id, user.sessionId);
}

/** 'Cerrar': one of the caller's other sessions; someone else's id is 404, as one that does not exist. */
export async function endMySession(db: Db, user: AuthUser, sessionId: number, client: SessionClient): Promise<void> {
  if (sessionId === user.sessionId) throw AppError.badRequest(MSG_IDENTITY.sessionIsCurrent);
  if (!(await repo.endSession(unaudited(db), user.id, sessionId)))
    throw AppError.notFound(MSG_IDENTITY.sessionNotFound);
  await recordSecurityEvent(unaudited(db), {
    tipo: 'sesiones_cerradas',
    usuarioId: user.id,
    client,
    motivo: `sesión ${sessionId}`,
  });
}

/** 'Cerrar todas las demás'. */
export async function endMyOtherSessions(db: Db, user: AuthUser, client: SessionClient): Promise<number> {
  const ended = await repo.endSessionsBut(unaudited(db), user.id, user.sessionId);
  if (ended > 0) {
    await recordSecurityEvent(unaudited(db), {
      tipo: 'sesiones_cerradas',
      usuarioId: user.id,
      client,
      motivo: `todas las demás (${ended})`,
    });
  }
  return ended;
}

/** Staff reach a user they may edit (a Funcionario not an Admin); a missing id is 404 (the access module). */
const assertMayManage = (db: Db, actor: AuthUser, targetId: number) => requireUserManageable(db, actor, targetId);

/** A user's sessions as staff see them from the user's record. */
export async function userSessions(db: Db, actor: AuthUser, targetId: number): Promise<SessionInfo[]> {
  await assertMayManage(db, actor, targetId);
  return sessionsOf(db, targetId, actor.id === targetId ? actor.sessionId : null);
}

/**
 * Staff end one session of a user (`sessionId`) or all of them (null), recorded in `eventos_seguridad`.
 * Staff's own current session is kept.
 */
export async function endUserSessions(
  db: Db,
  actor: AuthUser,
  targetId: number,
  sessionId: number | null,
  client: SessionClient,
): Promise<number> {
  await assertMayManage(db, actor, targetId);
  const ended = await writeTx(db, actor.id, async (tx) => {
    const n =
      sessionId === null
        ? await repo.endSessionsBut(tx, targetId, actor.id === targetId ? actor.sessionId : null)
        : Number(sessionId !== actor.sessionId && (await repo.endSession(tx, targetId, sessionId)));
    if (n > 0) {
      await recordSecurityEvent(tx, {
        tipo: 'sesiones_cerradas',
        usuarioId: targetId,
        actorId: actor.id,
        client,
        motivo: sessionId === null ? `todas (${n})` : `sesión ${sessionId}`,
      });
    }
    return n;
  });
  if (sessionId !== null && ended === 0) throw AppError.notFound(MSG_IDENTITY.sessionNotFound);
  return ended;
}
