import { z } from 'zod';

/** Largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A record id in a URL: digits only, as the lists return them. `0x10`, `+5`, `1e3` or ` 7` are not ids,
 * so they are refused rather than read as another record.
 */
export const zId = z
  .union([z.number(), z.string()])
  .transform((value, ctx) => {
    const text = String(value);
    const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(id) || id > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: 'El identificador no es válido' });
      return z.NEVER;
    }
    return id;
  })
  .pipe(z.number().int().positive());

/** A person as the lists, records and actas name them: names, surnames and document number. */
export const personaFields = { nombre: z.string(), apellido: z.string(), numeroDocumento: z.string() };

/** Route params `{ id }`. */
export const zIdParams = z.object({ id: zId });

/** The error reply of every route (DESIGN.md: `{ error, errors? }`). */
export const zError = z.object({ error: z.string(), errors: z.record(z.string(), z.string()).optional() });
