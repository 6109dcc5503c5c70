import { z } from 'zod';
import { zId } from './common.js';
import { figurasExamenSaveFields } from './exams.js';
import { zRectificacionMotivo } from './exam-rectifications.js';
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
