import { z } from 'zod';
import { zId } from './common.js';
import { figurasExamenSaveFields } from './exams.js';
import { rectificacionFields, zRectificacionMotivo } from './exam-rectifications.js';
import { figurasMateriaFields } from './figures.js';

const { porcentajeAsistencia, porcentajePP } = figurasExamenSaveFields;

/**
 * `POST /api/MateriasPeriodo/{id}/rectificaciones` (issue 30): a student's new % Asistencia and/or % PP on a
 * sealed subject-period, and why. `inscripcionId` is the enrolment id of the subject-period's student rows
 * (`AlumnoMateria.id`). A figure left out keeps its current value (the enrolment's or the last rectification's).
 */
export const zRectificacionMateriaSave = z.strictObject({
  inscripcionId: zId,
  porcentajeAsistencia,
  porcentajePP,
  motivo: zRectificacionMotivo,
});
export type RectificacionMateriaSave = z.infer<typeof zRectificacionMateriaSave>;

const zFigurasMateria = z.object(figurasMateriaFields);

/** One rectification of a sealed subject-period's record ('R-MP{materiaPeriodoId}-{n}'), sealed and unchangeable. */
export const zRectificacionMateria = z.object({
  ...rectificacionFields(zFigurasMateria),
  materiaPeriodoId: z.number().int(),
});
export type RectificacionMateria = z.infer<typeof zRectificacionMateria>;
