import { examenHeld, MSG_EXAMENES } from '@arandu/shared';
import { dateTimeFormat } from '../../lib/date-format.js';
import { AppError } from '../../lib/errors.js';

/**
 * Refuses scores and sealing before the exam's date and time (issue 30): a grade is recorded only for an exam
 * that took place. The message names the date and time, in Paraguay's, as the exam screen shows them.
 */
export function requireExamenHeld(examen: { fecha: string }, now = new Date()): void {
  if (!examenHeld(examen.fecha, now)) {
    throw AppError.badRequest(`${MSG_EXAMENES.beforeExam} (${dateTimeFormat.format(new Date(examen.fecha))})`);
  }
}
