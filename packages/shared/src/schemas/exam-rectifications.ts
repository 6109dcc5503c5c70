import { z } from 'zod';
import { MSG_EXAMENES } from '../messages-exams.js';
import { zId } from './common.js';
import { figurasExamenSaveFields } from './exams.js';
import { figurasExamenFields } from './figures.js';
import { zOption } from './options.js';
import { zText } from './text.js';

export const RECTIFICACION_MOTIVO_MIN = 10;
export const RECTIFICACION_MOTIVO_MAX = 500;

/** Why a sealed record is rectified: required, as every acta rectificativa prints it. */
export const zRectificacionMotivo = zText({ error: MSG_EXAMENES.rectificacionMotivo })
  .trim()
  .min(RECTIFICACION_MOTIVO_MIN, MSG_EXAMENES.rectificacionMotivo)
  .max(RECTIFICACION_MOTIVO_MAX, MSG_EXAMENES.rectificacionMotivo);

/**
 * `POST /api/exams/{id}/rectificaciones` (issue 30): a student's new figures on a sealed acta and why. A figure
 * left out keeps its current value (the acta's, or the last rectification's); the server computes the grade.
 */
export const zRectificacionSave = z.strictObject({
  inscripcionId: zId,
  ...figurasExamenSaveFields,
  motivo: zRectificacionMotivo,
});
export type RectificacionSave = z.infer<typeof zRectificacionSave>;

/** The figures of one student on an acta: before or after a rectification. */
export const zFigurasActa = z.object({
  ...figurasExamenFields,
  calificacionLetras: z.string(),
});
export type FigurasActa = z.infer<typeof zFigurasActa>;

/**
 * What every rectification records, of an acta or of a subject-period's record: the student, its number and
 * how it is printed (`nroRectificacion`), why, who and when, and the student's figures before and after.
 */
export function rectificacionFields<F extends z.ZodType>(figuras: F) {
  return {
    id: z.number().int(),
    inscripcionId: z.number().int(),
    perfilAlumnoId: z.number().int(),
    alumno: z.string(),
    numeroDocumento: z.string(),
    numero: z.number().int(),
    nroRectificacion: z.string(),
    motivo: z.string(),
    usuario: z.string(),
    fecha: z.string(),
    anterior: figuras,
    nuevo: figuras,
  };
}

/** One acta rectificativa ('R-{nroActa}-{n}'), sealed and unchangeable. */
export const zRectificacion = z.object({
  ...rectificacionFields(zFigurasActa),
  examenId: z.number().int(),
  /** The instance the student sat (0 Final, 1 Recuperatorio). */
  instancia: zOption,
  nroActa: z.string(),
  /** The verification code of the sealed acta it corrects. */
  codigoActa: z.string(),
  codigoVerificacion: z.string(),
  /** Whether the exam is still sealed with the acta it corrects (a reopening and new sealing replace it). */
  vigente: z.boolean(),
});
export type Rectificacion = z.infer<typeof zRectificacion>;

/** The public verification of an acta rectificativa: what it corrects, never the student's figures. */
export const zRectificacionVerificacion = z.object({
  codigo: z.string(),
  nroRectificacion: z.string(),
  nroActa: z.string(),
  codigoActa: z.string(),
  materia: z.string(),
  fecha: z.string(),
  vigente: z.boolean(),
});
export type RectificacionVerificacion = z.infer<typeof zRectificacionVerificacion>;
