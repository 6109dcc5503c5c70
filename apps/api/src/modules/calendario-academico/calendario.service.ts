import { AppError } from '../../lib/errors.js';
import { CALENDARIO_MSG, type DiaSinClasesSave } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import type { AuthUser } from '../auth/auth-user.js';
import * as repo from './calendario.repository.js';
import { diasSinClases } from './dias-sin-clases.js';

async function periodoOr404(db: Db, id: number) {
  const periodo = await repo.findPeriodo(db, id);
  if (!periodo) throw AppError.notFound(CALENDARIO_MSG.periodoNotFound);
  return periodo;
}

/** The period's academic calendar: its days without classes, its enrolment window and its exam days. */
export async function get(db: Db, periodoId: number) {
  const periodo = await periodoOr404(db, periodoId);
  const [dias, examenes] = await Promise.all([diasSinClases(db, periodoId), repo.diasDeExamen(db, periodoId)]);
  return { periodo, dias, examenes };
}

/**
 * Marks a day without classes; it must fall within the period's classes (a day outside them changes nothing
 * that counts classes). Audited by the table's trigger, under the period's key.
 */
export async function add(db: Db, user: AuthUser, periodoId: number, input: DiaSinClasesSave) {
  const periodo = await periodoOr404(db, periodoId);
  if (input.fecha < periodo.inicioClases || input.fecha > periodo.finClases) {
    throw AppError.badField('fecha', CALENDARIO_MSG.fechaFueraDelPeriodo(periodo.inicioClases, periodo.finClases));
  }
  const added = await writeTx(db, user.id, (tx) => repo.insertDia(tx, periodoId, input.fecha, input.nombre));
  if (!added) throw AppError.badField('fecha', CALENDARIO_MSG.fechaTaken);
  return { fecha: input.fecha, nombre: input.nombre };
}

export async function remove(db: Db, user: AuthUser, periodoId: number, fecha: string) {
  await periodoOr404(db, periodoId);
  const removed = await writeTx(db, user.id, (tx) => repo.deleteDia(tx, periodoId, fecha));
  if (!removed) throw AppError.notFound(CALENDARIO_MSG.diaNotFound);
}
