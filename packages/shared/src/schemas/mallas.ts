import { z } from 'zod';
import { zText } from './text.js';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { CODIGO_MAX } from './careers.js';
import { zCalendarDate, zOption, zOptionalId, zRequiredId, zRequiredText } from './options.js';
import { CONDICIONES_CORRELATIVA, CORRELATIVA_MSG } from '../rules/correlatives.js';

export const MALLA_NOMBRE_MAX = 128;
export const AREA_CONOCIMIENTO_MAX = 64;
export const SEMESTRE_MIN = 1;
export const SEMESTRE_MAX = 10;
export const HORAS_MAX = 10000;
export const CORRELATIVAS_MAX = 20;

export const zMallaFilters = z.strictObject({
  nombre: zSearchText.optional(),
  carrera: zSearchText.optional(),
  fechaVigencia: z.iso.date().optional(),
});
export const zMallaListRequest = zPageRequest(zMallaFilters);
export type MallaListRequest = z.input<typeof zMallaListRequest>;

export const zMalla = z.object({
  id: z.number().int(),
  nombre: z.string(),
  carreraId: z.number().int(),
  carrera: zOption,
  fechaVigencia: z.string(),
  usarPorDefecto: z.boolean(),
  activo: z.boolean(),
});
export type Malla = z.infer<typeof zMalla>;

/** A row of the malla list: the career by its name, and how many subjects the malla has. */
export const zMallaRow = zMalla.extend({ carrera: z.string(), cantidadMaterias: z.number().int() });
export type MallaRow = z.infer<typeof zMallaRow>;
export const zMallaPage = zPageReply(zMallaRow);

export const zMallaSave = z.strictObject({
  id: zOptionalId,
  nombre: zRequiredText(MSG.mallaNombreRequired, MALLA_NOMBRE_MAX),
  carreraId: zRequiredId(MSG.mallaCarreraRequired),
  fechaVigencia: zCalendarDate(MSG.mallaFechaVigenciaRequired),
  usarPorDefecto: z.boolean().default(false),
  activo: z.boolean().default(true),
});
export type MallaSave = z.output<typeof zMallaSave>;
export type MallaSaveInput = z.input<typeof zMallaSave>;

/** A subject option of the malla editor: value is the catalogue subject's id. */
export const zMateriaOption = zOption.extend({ codigo: z.string(), carreraId: z.number().int().nullable() });
export type MateriaOption = z.infer<typeof zMateriaOption>;

export const zMallaFormData = z.object({ carreras: z.array(zOption), materias: z.array(zMateriaOption) });
export type MallaFormData = z.infer<typeof zMallaFormData>;

/** A correlative of a malla subject (issue 29): the required subject, by its malla row, and its condition. */
export const zCorrelativa = z.object({
  materiaMallaId: z.number().int(),
  materia: z.string(),
  condicion: z.enum(CONDICIONES_CORRELATIVA),
});

/** A row of the malla's subject table (spec 03 section 3, "Malla subject row"), with its correlatives. */
export const zMallaMateriaRow = z.object({
  id: z.number().int(),
  mallaId: z.number().int(),
  materiaId: z.number().int(),
  semestreNroOrden: z.number().int(),
  codigoMateria: z.string(),
  materia: z.string(),
  areaConocimiento: z.string().nullable(),
  horasLaboratorioSemestral: z.number().int(),
  horasPracticaSemestral: z.number().int(),
  horasTeoriaSemestral: z.number().int(),
  /** Subject-periods that offer it: a subject offered in a period cannot be removed. */
  cantidadOfertas: z.number().int(),
  correlativas: z.array(zCorrelativa),
});
export type MallaMateriaRow = z.infer<typeof zMallaMateriaRow>;
export const zMallaMateriaPage = zPageReply(zMallaMateriaRow);

export const zMallaMateriaFilters = z.strictObject({
  semestre: z.number().int().min(SEMESTRE_MIN).max(SEMESTRE_MAX).optional(),
  materia: zSearchText.optional(),
});
export const zMallaMateriaListRequest = zPageRequest(zMallaMateriaFilters);

const zHoras = z
  .number({ error: MSG.mallaMateriaHorasInvalid })
  .int(MSG.mallaMateriaHorasInvalid)
  .min(0, MSG.mallaMateriaHorasInvalid)
  .max(HORAS_MAX, MSG.mallaMateriaHorasInvalid);

export const zMallaMateriaSave = z.strictObject({
  id: zOptionalId,
  materiaId: zRequiredId(MSG.materiaPeriodoMateriaRequired),
  semestreNroOrden: z
    .number({ error: MSG.mallaMateriaSemestreRequired })
    .int(MSG.mallaMateriaSemestreRequired)
    .min(SEMESTRE_MIN, MSG.mallaMateriaSemestreRequired)
    .max(SEMESTRE_MAX, MSG.mallaMateriaSemestreRequired),
  codigo: zRequiredText(MSG.mallaMateriaCodigoRequired, CODIGO_MAX),
  areaConocimiento: zText()
    .trim()
    .max(AREA_CONOCIMIENTO_MAX)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  horasLaboratorioSemestral: zHoras.default(0),
  horasPracticaSemestral: zHoras.default(0),
  horasTeoriaSemestral: zHoras.default(0),
  /** Replaces the subject's list when sent; left out, the list stays as it was. */
  correlativas: z
    .array(
      z.strictObject({
        materiaMallaId: zRequiredId(CORRELATIVA_MSG.materiaRequired),
        condicion: z.enum(CONDICIONES_CORRELATIVA, { error: CORRELATIVA_MSG.condicionInvalid }),
      }),
      { error: CORRELATIVA_MSG.listInvalid },
    )
    .max(CORRELATIVAS_MAX, CORRELATIVA_MSG.tooMany)
    .optional(),
});
export type MallaMateriaSave = z.output<typeof zMallaMateriaSave>;
export type MallaMateriaSaveInput = z.input<typeof zMallaMateriaSave>;

/** POST /api/mallas/{id}/materias/{materiaMallaId}/excepciones (issue 29): staff waive one student's correlatives. */
export const zExcepcionCorrelativaSave = z.strictObject({
  perfilAlumnoId: zRequiredId(CORRELATIVA_MSG.alumnoRequired),
  motivo: zText().trim().min(10, CORRELATIVA_MSG.exceptionMotivo).max(500, CORRELATIVA_MSG.exceptionMotivo),
});
export type ExcepcionCorrelativaSave = z.output<typeof zExcepcionCorrelativaSave>;

/** GET /api/mallas/{id}/materias/{materiaMallaId}/excepciones (issue 29): the subject's exceptions, newest first. */
export const zExcepcionCorrelativaRow = z.object({
  id: z.number().int(),
  perfilAlumnoId: z.number().int(),
  /** 'legajo - Apellido, Nombre', as the student picker shows a student. */
  alumno: z.string(),
  motivo: z.string(),
  otorgadaPor: z.string(),
  fecha: z.string(),
});
export type ExcepcionCorrelativaRow = z.infer<typeof zExcepcionCorrelativaRow>;
export const zExcepcionCorrelativaList = z.object({ items: z.array(zExcepcionCorrelativaRow) });
export type ExcepcionCorrelativaList = z.infer<typeof zExcepcionCorrelativaList>;
export const zMallaMateriaParams = z.object({
  id: z.coerce.number().int().positive(),
  materiaMallaId: z.coerce.number().int().positive(),
});
