import { z } from 'zod';
import { MSG_EXAMS } from '../messages-exams.js';
import { zId } from './common.js';
import { zOptionalPercent } from './exams.js';
import { RECTIFICACION_MOTIVO_MAX, RECTIFICACION_MOTIVO_MIN } from './exam-rectifications.js';
import { zText } from './text.js';

/**
 * `POST /api/MateriasPeriodo/{id}/rectificaciones` (issue 30): a student's new % Asistencia and/or % PP on a
 * sealed subject-period, and why. `inscripcionId` is the enrolment id of the subject-period's student rows
 * (`AlumnoMateria.id`). A figure left out keeps its current value (the enrolment's or the last rectification's).
 */
export const zRectificacionMateriaSave = z.strictObject({
  inscripcionId: zId,
  porcentajeAsistencia: zOptionalPercent,
  porcentajePP: zOptionalPercent,
  motivo: zText({ error: MSG_EXAMS.rectificacionMotivo })
    .trim()
    .min(RECTIFICACION_MOTIVO_MIN, MSG_EXAMS.rectificacionMotivo)
    .max(RECTIFICACION_MOTIVO_MAX, MSG_EXAMS.rectificacionMotivo),
});
export type RectificacionMateriaSave = z.infer<typeof zRectificacionMateriaSave>;

const zFigurasMateria = z.object({
  porcentajeAsistencia: z.number().nullable(),
  porcentajePP: z.number().nullable(),
});

/** One rectification of a sealed subject-period's record, sealed and unchangeable. */
export const zRectificacionMateria = z.object({
  id: z.number().int(),
  materiaPeriodoId: z.number().int(),
  inscripcionId: z.number().int(),
  perfilAlumnoId: z.number().int(),
  alumno: z.string(),
  numeroDocumento: z.string(),
  numero: z.number().int(),
  /** 'R-MP{materiaPeriodoId}-{n}'. */
  nroRectificacion: z.string(),
  motivo: z.string(),
  usuario: z.string(),
  fecha: z.string(),
  anterior: zFigurasMateria,
  nuevo: zFigurasMateria,
});
export type RectificacionMateria = z.infer<typeof zRectificacionMateria>;
