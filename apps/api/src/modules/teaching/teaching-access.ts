import { canEditTask, type EstadoPublicacion, MSG_TEACHING } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { AppError, findPgError, PG } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { MateriaPeriodoBase } from '../subject-periods/subject-periods.repository.js';
import { loadFor } from '../subject-periods/subject-periods.service.js';

/** `canEditTask` / attendance `canEdit` of a subject-period the user may see (DOMAIN.md section 5). */
export function canEditNow(base: MateriaPeriodoBase, now: Date): boolean {
  return canEditTask(
    {
      gestiona: true,
      estado: base.estado as EstadoPublicacion,
      finCalificarTareas: base.finCalificarTareas,
      finEditarPlaneamiento: base.finEditarPlaneamiento,
    },
    now,
  );
}

/** The subject-period for reading: 404 unless the user is staff or teaches it. */
export const loadReadable = (db: Db, user: AuthUser, id: number) => loadFor(db, user, id, MSG_TEACHING.materiaNotFound);

/** The subject-period for a change of its homework or attendance: 404 as above, 400 once it is closed. */
export async function loadEditable(db: Db, user: AuthUser, id: number, now = new Date()) {
  const base = await loadReadable(db, user, id);
  if (!canEditNow(base, now)) throw AppError.badRequest(MSG_TEACHING.notEditable);
  return base;
}

/**
 * The trigger's refusal (a subject-period published between the check and the write) as the same 400 the
 * check gives; anything else is left as it is.
 */
export function frozenRefusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.raisedException && pg.message.includes('publicada o sellada')) {
    return AppError.badRequest(MSG_TEACHING.frozen);
  }
  return undefined;
}
