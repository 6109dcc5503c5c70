import { canEditTask, type EstadoPublicacion, MSG_TEACHING } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { requireMateriaPeriodo, type Mode } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { MateriaPeriodoBase } from '../subject-periods/materia-periodo.service.js';

/**
 * `canEditTask` / attendance `canEdit` of a subject-period the user may see (DOMAIN.md section 5): Preliminar
 * and before `finCalificarTareas` (the rule reads no other date).
 */
export function canEditNow(s: Pick<MateriaPeriodoBase, 'estado' | 'finCalificarTareas'>, now: Date): boolean {
  const state = { gestiona: true, estado: s.estado as EstadoPublicacion, finCalificarTareas: s.finCalificarTareas };
  return canEditTask({ ...state, finEditarPlaneamiento: s.finCalificarTareas }, now);
}

/** The subject-period of a teaching screen, with the teaching screens' 404 message ('read' or 'edit'). */
export const teachingMateria = (db: DbOrTx, user: AuthUser, id: number, mode: Mode) =>
  requireMateriaPeriodo(db, user, id, mode, MSG_TEACHING.materiaNotFound);

/** The subject-period for a change of its homework or attendance: 404 as above, 400 once it is closed. */
export async function editableMateria(db: DbOrTx, user: AuthUser, id: number, now = new Date()) {
  const base = await teachingMateria(db, user, id, 'edit');
  if (!canEditNow(base, now)) throw AppError.badRequest(MSG_TEACHING.notEditable);
  return base;
}
