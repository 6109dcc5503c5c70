import { z } from 'zod';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zOptionalId, zRequiredText } from './options.js';

export const CARRERA_NOMBRE_MAX = 128;
export const CODIGO_MAX = 16;

export const zCarreraFilters = z.strictObject({
  nombre: zSearchText.optional(),
  codigo: zSearchText.optional(),
});
export const zCarreraListRequest = zPageRequest(zCarreraFilters);
export type CarreraListRequest = z.input<typeof zCarreraListRequest>;

export const zCarrera = z.object({
  id: z.number().int(),
  nombre: z.string(),
  codigo: z.string(),
  activo: z.boolean(),
});
export type Carrera = z.infer<typeof zCarrera>;

export const zCarreraRow = zCarrera.extend({
  cantidadMallas: z.number().int(),
  cantidadMaterias: z.number().int(),
});
export type CarreraRow = z.infer<typeof zCarreraRow>;
export const zCarreraPage = zPageReply(zCarreraRow);

export const zCarreraSave = z.strictObject({
  id: zOptionalId,
  nombre: zRequiredText(MSG.carreraNombreRequired, CARRERA_NOMBRE_MAX),
  codigo: zRequiredText(MSG.carreraCodigoRequired, CODIGO_MAX),
  activo: z.boolean().default(true),
});
export type CarreraSave = z.output<typeof zCarreraSave>;
export type CarreraSaveInput = z.input<typeof zCarreraSave>;
