import { z } from 'zod';
import { zText } from './text.js';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zOption, zRequiredBoundedId } from './options.js';
import { personaFields } from './common.js';

/** Legajo: a positive whole number that fits the database's integer. */
export const LEGAJO_MAX = 2_147_483_647;

export const zAlumnoListFilters = z.strictObject({
  /** Over legajo, documento, nombre and apellido, accent- and case-insensitive. */
  search: zSearchText.optional(),
  mallaId: z.number().int().positive().optional(),
  carreraId: z.number().int().positive().optional(),
});
export const zAlumnoListRequest = zPageRequest(zAlumnoListFilters);

/** The student record (perfil alumno) as spec 02 section 3 lists it. */
export const zAlumnoDetail = z.object({
  id: z.number().int(),
  perfilAlumnoId: z.number().int(),
  numeroLegajo: z.number().int(),
  usuarioId: z.number().int(),
  ...personaFields,
  mallaId: z.number().int(),
  malla: z.string(),
  carrera: z.string(),
  fechaIngreso: z.string(),
});
export type AlumnoDetail = z.infer<typeof zAlumnoDetail>;

/** A row of 'Alumnos del Sistema' (spec 01 section 3). */
export const zAlumnoListItem = zAlumnoDetail.omit({ perfilAlumnoId: true, fechaIngreso: true });
export type AlumnoListItem = z.infer<typeof zAlumnoListItem>;
export const zAlumnoPage = zPageReply(zAlumnoListItem);

/** POST /api/students (spec 02 sections 5 and 7): `id` absent or 0 creates. */
export const zAlumnoSave = z.strictObject({
  id: z.number().int().min(0).max(2_147_483_647).nullish(),
  usuarioId: zRequiredBoundedId(MSG.studentUserRequired),
  mallaId: zRequiredBoundedId(MSG.studentMallaRequired),
  numeroLegajo: z
    .number({ error: MSG.legajoInvalid })
    .int(MSG.legajoInvalid)
    .positive(MSG.legajoInvalid)
    .max(LEGAJO_MAX, MSG.legajoInvalid),
  fechaIngreso: zText({ error: MSG.fechaIngresoRequired })
    .trim()
    .min(1, MSG.fechaIngresoRequired)
    .pipe(z.iso.date({ error: 'La fecha no es válida' }))
    .refine((v) => v >= '1900-01-01' && v <= '2200-12-31', 'La fecha no es válida'),
});
export type AlumnoSave = z.input<typeof zAlumnoSave>;

/** GET /api/students/mallas: 'Malla - Carrera' options. */
export const zAlumnoMallas = z.object({ mallas: z.array(zOption) });

/** GET /api/students/select_values: students to choose, found by text (at most 20). */
export const ALUMNO_OPTIONS_LIMIT = 20;
export const zAlumnoSelectQuery = z.strictObject({
  search: zSearchText.optional(),
  /** Always include this user (the record being edited). */
  usuarioId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const zAlumnoSelectValues = z.object({ alumnos: z.array(zOption) });
