import { z } from 'zod';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { CODIGO_MAX } from './careers.js';
import { zOption, zOptionalId, zRequiredText } from './options.js';

export const MATERIA_NOMBRE_MAX = 128;

export const zMateriaFilters = z.strictObject({
  nombre: zSearchText.optional(),
  codigo: zSearchText.optional(),
  carreraId: z.number().int().positive().optional(),
});
export const zMateriaListRequest = zPageRequest(zMateriaFilters);
export type MateriaListRequest = z.input<typeof zMateriaListRequest>;

export const zMateria = z.object({
  id: z.number().int(),
  nombre: z.string(),
  codigo: z.string(),
  /** Null for a subject common to several careers (Cálculo I). */
  carreraId: z.number().int().nullable(),
  activo: z.boolean(),
});
export type Materia = z.infer<typeof zMateria>;

export const zMateriaRow = zMateria.extend({
  carrera: z.string().nullable(),
  cantidadMallas: z.number().int(),
});
export type MateriaRow = z.infer<typeof zMateriaRow>;
export const zMateriaPage = zPageReply(zMateriaRow);

export const zMateriaSave = z.strictObject({
  id: zOptionalId,
  nombre: zRequiredText(MSG.materiaNombreRequired, MATERIA_NOMBRE_MAX),
  codigo: zRequiredText(MSG.materiaCodigoRequired, CODIGO_MAX),
  carreraId: zOptionalId,
  activo: z.boolean().default(true),
});
export type MateriaSave = z.output<typeof zMateriaSave>;
export type MateriaSaveInput = z.input<typeof zMateriaSave>;

export const zMateriaFormData = z.object({ carreras: z.array(zOption) });
