import { z } from 'zod';

/**
 * A subject enrolment's figures as the API returns them: % Asistencia and % PP, null while not recorded. The
 * lists, the dashboard, the reports and the rectifications of a subject-period all show these two.
 */
export const figurasMateriaFields = {
  porcentajeAsistencia: z.number().nullable(),
  porcentajePP: z.number().nullable(),
};

/** An exam enrolment's figures: the subject's two, % PF and % PC, and the grade (0 'Ausente' to 5). */
export const figurasExamenFields = {
  ...figurasMateriaFields,
  porcentajePF: z.number().nullable(),
  porcentajePC: z.number().nullable(),
  calificacion: z.number().int(),
};

/**
 * The acta rectificativa whose figures a row shows in place of the sealed acta's (decision 021, issue 44): every
 * screen marks the figures 'rectificada' and links to its verification by `codigo`. Null when never rectified.
 */
export const zRectificacionVigente = z
  .object({ id: z.number().int(), nroRectificacion: z.string(), codigo: z.string() })
  .nullable();
