import { z } from 'zod';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zOption, zOptionalId, zInstant, zPeriodoOption, zRequiredText } from './options.js';
import { zMateriaPeriodoRow } from './subject-periods.js';

export const PERIODO_NOMBRE_MAX = 64;
export const ANHO_MIN = 2000;
export const ANHO_MAX = 2100;

export const zPeriodoFilters = z.strictObject({
  nombre: zSearchText.optional(),
  anho: z.number().int().optional(),
});
export const zPeriodoListRequest = zPageRequest(zPeriodoFilters);
export type PeriodoListRequest = z.input<typeof zPeriodoListRequest>;

export const zPeriodo = z.object({
  id: z.number().int(),
  nombre: z.string(),
  anho: z.number().int(),
  anhoLectivoId: z.number().int(),
  esSemestrePar: z.boolean(),
  activo: z.boolean(),
  inicioClases: z.string(),
  finClases: z.string(),
  inicioPeriodoInscripcion: z.string(),
  finPeriodoInscripcion: z.string(),
  finCalificarTareas: z.string(),
  finEditarPlaneamiento: z.string(),
});
export type Periodo = z.infer<typeof zPeriodo>;
export const zPeriodoPage = zPageReply(zPeriodo);

export const zPeriodoSave = z
  .strictObject({
    id: zOptionalId,
    nombre: zRequiredText(MSG.periodoNombreRequired, PERIODO_NOMBRE_MAX),
    anho: z
      .number({ error: MSG.periodoAnhoRequired })
      .int(MSG.periodoAnhoRequired)
      .min(ANHO_MIN, MSG.periodoAnhoRequired)
      .max(ANHO_MAX, MSG.periodoAnhoRequired),
    esSemestrePar: z.boolean().default(false),
    activo: z.boolean().default(false),
    inicioClases: zInstant(MSG.periodoInicioClasesRequired),
    finClases: zInstant(MSG.periodoFinClasesRequired),
    inicioPeriodoInscripcion: zInstant(MSG.periodoInicioInscripcionRequired),
    finPeriodoInscripcion: zInstant(MSG.periodoFinInscripcionRequired),
    finCalificarTareas: zInstant(MSG.periodoFinCalificarRequired),
    finEditarPlaneamiento: zInstant(MSG.periodoFinPlaneamientoRequired),
  })
  .superRefine((p, ctx) => {
    if (Date.parse(p.finClases) < Date.parse(p.inicioClases)) {
      ctx.addIssue({ code: 'custom', path: ['finClases'], message: MSG.periodoFinClasesBeforeStart });
    }
    if (Date.parse(p.finPeriodoInscripcion) < Date.parse(p.inicioPeriodoInscripcion)) {
      ctx.addIssue({ code: 'custom', path: ['finPeriodoInscripcion'], message: MSG.periodoFinInscripcionBeforeStart });
    }
  });
export type PeriodoSave = z.output<typeof zPeriodoSave>;
export type PeriodoSaveInput = z.input<typeof zPeriodoSave>;

export const zPeriodoFormData = z.object({
  periodos: z.array(zPeriodoOption),
  aniosLectivos: z.array(zOption),
  carreras: z.array(zOption),
});

/** "Agregar / Quitar Materias" form data: the period, read-only, and the careers of the select. */
export const zPeriodoEditMateriasFormData = z.object({
  periodo: zPeriodo,
  carreras: z.array(zOption),
});

/** "Materias del periodo": the subjects of the career's mallas by semester, each checked when offered. */
export const zPeriodoMateriaSelection = z.object({
  semestres: z.array(
    z.object({
      id: z.number().int(),
      nombre: z.string(),
      materias: z.array(
        z.object({
          materiaMallaId: z.number().int(),
          nombre: z.string(),
          codigo: z.string(),
          malla: z.string(),
          carrera: z.string(),
          selected: z.boolean(),
          /** Enrolled students over its sections: such a subject cannot be unchecked. */
          cantidadInscriptos: z.number().int(),
        }),
      ),
    }),
  ),
});

export const zPeriodoSaveMaterias = z.strictObject({
  periodoId: z.number().int().positive(),
  materiasModificadas: z
    .array(z.strictObject({ materiaMallaId: z.number().int().positive(), selected: z.boolean() }))
    .max(2000),
});
export type PeriodoSaveMaterias = z.input<typeof zPeriodoSaveMaterias>;

export const zPeriodoMateriaFilters = z.strictObject({
  carreraId: z.number().int().min(0).optional(),
});
export const zPeriodoMateriaListRequest = zPageRequest(zPeriodoMateriaFilters);

/** A row of the period's "Detalle de materias" table (spec 03 section 3, "Period subject row"). */
export const zPeriodoMateriaRow = zMateriaPeriodoRow.pick({
  id: true,
  semestreNroOrden: true,
  codigoMateria: true,
  materia: true,
  seccion: true,
  malla: true,
  carrera: true,
  profesores: true,
  tieneHorario: true,
  cantidadInscriptos: true,
});
export type PeriodoMateriaRow = z.infer<typeof zPeriodoMateriaRow>;
export const zPeriodoMateriaPage = zPageReply(zPeriodoMateriaRow);
