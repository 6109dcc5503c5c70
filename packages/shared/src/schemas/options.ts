import { z } from 'zod';
import { MAX_ID } from './common.js';
import { zText } from './text.js';

/** A select option as the spec's form-data calls send them: `{ value, label }`. */
export const zOption = z.object({ value: z.number().int(), label: z.string() });
export type Option = z.infer<typeof zOption>;

/** A period option: `activo` marks the active period, which the selects choose first. */
export const zPeriodoOption = zOption.extend({ activo: z.boolean() });

/** A malla option with its career, so a career filter can narrow the mallas. */
export const zMallaOption = zOption.extend({ carreraId: z.number().int() });

/** A required id chosen in a select: a missing, null or zero id answers the field's own message. */
export function zRequiredId(message: string) {
  return z.number({ error: message }).int(message).positive(message);
}

/** A required id that must also fit PostgreSQL's integer (a larger one answers the same message). */
export function zRequiredBoundedId(message: string) {
  return zRequiredId(message).max(MAX_ID, message);
}

/** An optional id (null or absent when nothing is chosen). */
export const zOptionalId = z.number().int().positive().nullable().optional();

/** A required text, trimmed: empty answers `message`. */
export function zRequiredText(message: string, max: number, tooLong?: string) {
  return zText({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong ?? `Admite hasta ${max} caracteres`);
}

/** An optional text, trimmed: empty, null or absent is stored as null. */
export function zOptionalText(max: number) {
  return zText()
    .trim()
    .max(max, `Admite hasta ${max} caracteres`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
}

/** An instant (ISO 8601 with its offset, as the web sends dates and times). */
export function zInstant(message: string) {
  return zText({ error: message })
    .min(1, message)
    .pipe(z.iso.datetime({ offset: true, error: 'La fecha no es válida' }));
}

/** A calendar date 'YYYY-MM-DD'. */
export function zCalendarDate(message: string) {
  return zText({ error: message })
    .min(1, message)
    .pipe(z.iso.date({ error: 'La fecha no es válida' }));
}

/** The reply of a save: the id of the row written. */
export const zIdReply = z.object({ id: z.number().int() });
