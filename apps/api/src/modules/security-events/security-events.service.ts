import type { SecurityEventItem, SignInItem } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { UnauditedWriter } from '../../db/tx.js';
import { toPage, type PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import { requireUserManageable } from '../access/user-access.js';
import * as repo from './security-events.repository.js';

export type { EventClient, SecurityEvent } from './security-events.repository.js';

/**
 * Records an identity event in `eventos_seguridad` (issue 41), where it happens: `recordSecurityEvent(db, {
 * tipo: 'segundo_factor_activado', usuarioId, factor: 'passkey', client })`. Any writer: the plain database
 * (`unaudited(db)`) on a path without a transaction, or the transaction of the change it records, so the event
 * and the change commit together.
 */
export function recordSecurityEvent(db: UnauditedWriter, event: repo.SecurityEvent): Promise<void> {
  return repo.insertSecurityEvent(db, event);
}

/** How many of one's own sign-ins 'Mis sesiones' shows. */
export const RECENT_SIGN_INS = 10;

/** 'Mis sesiones': the caller's latest sign-ins, newest first. */
export async function mySignIns(db: Db, user: AuthUser): Promise<SignInItem[]> {
  return repo.recentSignIns(db, user.id, RECENT_SIGN_INS);
}

/**
 * A user's 'Seguridad' tab (staff): every event, newest first, a page at a time. Staff reach a user they may
 * edit (a Funcionario not an Admin), as for the user's sessions; an unknown id is 404.
 */
export async function userSecurityEvents(
  db: Db,
  actor: AuthUser,
  targetId: number,
  q: PageQuery<{ tipo?: string | undefined }>,
): Promise<{ items: SecurityEventItem[]; totalItemsCount: number }> {
  await requireUserManageable(db, actor, targetId);
  return toPage(await repo.listUserEvents(db, targetId, { page: q.page, pageSize: q.pageSize, tipo: q.filters?.tipo }));
}
