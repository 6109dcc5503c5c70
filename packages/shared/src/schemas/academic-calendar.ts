import { z } from 'zod';
import { CALENDARIO_MSG } from '../messages-rooms.js';
import { zCalendarDate, zRequiredText } from './options.js';
import { zId } from './common.js';
import { zText } from './text.js';

export const zDiaSinClases = z.object({ fecha: z.string(), nombre: z.string() });
export type DiaSinClasesItem = z.infer<typeof zDiaSinClases>;

/** The academic calendar of a period: its days without classes and the windows it already keeps. */
export const zCalendarioAcademico = z.object({
  periodo: z.object({
    id: z.number().int(),
    nombre: z.string(),
    inicioClases: z.string(),
    finClases: z.string(),
    inicioPeriodoInscripcion: z.string(),
    finPeriodoInscripcion: z.string(),
  }),
  dias: z.array(zDiaSinClases),
  /** Exam days of the period's exams (tables de examen), for the month view. */
  examenes: z.array(z.object({ fecha: z.string(), cantidad: z.number().int() })),
});
export type CalendarioAcademico = z.infer<typeof zCalendarioAcademico>;

export const zDiaSinClasesSave = z.strictObject({
  fecha: zCalendarDate(CALENDARIO_MSG.fechaRequired),
  nombre: zRequiredText(CALENDARIO_MSG.nombreRequired, 120),
});
export type DiaSinClasesSave = z.output<typeof zDiaSinClasesSave>;

export const zPeriodoFechaParams = z.object({
  id: zId,
  fecha: zText().pipe(z.iso.date({ error: 'La fecha no es válida' })),
});
