import {
  EstadoPublicacion,
  MSG,
  MSG_EXAMENES,
  type RectificacionMateria,
  type RectificacionMateriaSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { AppError, refusalOf } from '../../lib/errors.js';
import { requireMateriaPeriodo } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './subject-rectifications.repository.js';

const FIGURES = ['porcentajeAsistencia', 'porcentajePP'] as const;

/**
 * Rectifies a sealed subject-period's record (issue 30): one student's new % Asistencia and/or % PP and why,
 * sealed at once as 'R-MP{id}-{n}'. The enrolment row is never touched (the database refuses it once the
 * subject-period is published); readers take the figures from the view inscripciones_materia_vigentes.
 */
export async function rectificar(
  db: Db,
  user: AuthUser,
  materiaPeriodoId: number,
  input: RectificacionMateriaSave,
): Promise<RectificacionMateria> {
  try {
    const id = await writeTx(db, user.id, async (tx) => {
      const mp = await repo.lockMateriaPeriodo(tx, materiaPeriodoId);
      if (!mp) throw AppError.notFound(MSG.materiaPeriodoNotFound);
      const current = await repo.currentFigures(tx, materiaPeriodoId, input.inscripcionId);
      if (!current) throw AppError.notFound(MSG_EXAMENES.rectificacionMateriaAlumno);
      if (mp.estado !== EstadoPublicacion.Sellado)
        throw AppError.badRequest(MSG_EXAMENES.rectificacionMateriaSoloSellada);
      const nuevo = Object.fromEntries(
        FIGURES.map((k) => [k, input[k] === undefined ? current[k] : input[k]]),
      ) as repo.FigurasMateria;
      if (FIGURES.every((k) => nuevo[k] === current[k])) {
        throw AppError.badRequest(MSG_EXAMENES.rectificacionMateriaSinCambios);
      }
      return repo.insertRectificacion(tx, {
        materiaPeriodoId,
        inscripcionId: input.inscripcionId,
        usuarioId: user.id,
        motivo: input.motivo,
        ...nuevo,
      });
    });
    return (await repo.findRectificacion(db, id))!;
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}

/** The subject-period's rectifications, for whoever may see its grades. */
export async function list(db: Db, user: AuthUser, materiaPeriodoId: number): Promise<RectificacionMateria[]> {
  await requireMateriaPeriodo(db, user, materiaPeriodoId, 'read');
  return repo.listRectificaciones(db, materiaPeriodoId);
}
