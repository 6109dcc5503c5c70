import { z } from 'zod';
import { AULA_MSG } from '../messages-rooms.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zOptionalId, zOptionalText, zRequiredId, zRequiredText } from './options.js';
import { zText } from './text.js';

export const AULA_NOMBRE_MAX = 64;
export const TIPOS_AULA = ['aula', 'laboratorio', 'auditorio'] as const;
export type TipoAula = (typeof TIPOS_AULA)[number];
export const zTipoAula = z.enum(TIPOS_AULA, { error: AULA_MSG.tipoInvalid });

export const zAulaFilters = z.strictObject({
  search: zSearchText.optional(),
  tipo: zTipoAula.optional(),
});
export const zAulaListRequest = zPageRequest(zAulaFilters);
export type AulaListRequest = z.input<typeof zAulaListRequest>;

export const zAula = z.object({
  id: z.number().int(),
  nombre: z.string(),
  edificio: z.string().nullable(),
  capacidad: z.number().int().nullable(),
  tipo: zTipoAula,
});
export type Aula = z.infer<typeof zAula>;

export const zAulaRow = zAula.extend({
  /** Schedule rows naming the room: a room in use cannot be deleted. */
  horarios: z.number().int(),
});
export type AulaRow = z.infer<typeof zAulaRow>;
export const zAulaPage = zPageReply(zAulaRow);

const zCapacidad = z
  .number({ error: AULA_MSG.capacidadInvalid })
  .int(AULA_MSG.capacidadInvalid)
  .min(1, AULA_MSG.capacidadInvalid)
  .max(10000, AULA_MSG.capacidadInvalid);

export const zAulaSave = z.strictObject({
  id: zOptionalId,
  nombre: zRequiredText(AULA_MSG.nombreRequired, AULA_NOMBRE_MAX),
  edificio: zOptionalText(64),
  capacidad: zCapacidad.nullish().transform((v) => v ?? null),
  tipo: zTipoAula.default('aula'),
});
export type AulaSave = z.output<typeof zAulaSave>;
export type AulaSaveInput = z.input<typeof zAulaSave>;

/** Rooms for the schedule's select: name, building and capacity in the label's company. */
export const zAulaOption = z.object({
  value: z.number().int(),
  label: z.string(),
  capacidad: z.number().int().nullable(),
  edificio: z.string().nullable(),
  tipo: zTipoAula,
});
export type AulaOption = z.infer<typeof zAulaOption>;

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const zHora = zText({ error: AULA_MSG.horaInvalid }).regex(HORA, AULA_MSG.horaInvalid);

/** GET /api/aulas/libres: the rooms free on a weekday between two times of a period. */
export const zAulasLibresQuery = z
  .strictObject({
    periodoId: z.coerce.number({ error: AULA_MSG.periodoRequired }).pipe(zRequiredId(AULA_MSG.periodoRequired)),
    dia: z.coerce
      .number({ error: AULA_MSG.diaInvalid })
      .int(AULA_MSG.diaInvalid)
      .min(1, AULA_MSG.diaInvalid)
      .max(7, AULA_MSG.diaInvalid),
    desde: zHora,
    hasta: zHora,
    capacidadMinima: z.coerce.number().int().min(1).max(10000).optional(),
  })
  .refine((q) => q.hasta > q.desde, { path: ['hasta'], message: AULA_MSG.libresRangoInvalid });
export type AulasLibresQuery = z.output<typeof zAulasLibresQuery>;

export const zAulasLibres = z.array(zAula);
