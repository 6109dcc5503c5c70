import { z } from 'zod';
import { MSG_REPORTS } from '../messages-reports.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { figurasMateriaFields } from './figures.js';
import { zMallaOption, zOption, zRequiredBoundedId } from './options.js';
import { personaFields } from './common.js';

/** Reports page by 100 (spec 03 section 9). */
export const REPORT_PAGE_SIZE = 100;

const zFilterId = z.number().int().positive().max(2_147_483_647).nullish();
const zSemestre = z.number().int().min(1).max(10).nullish();

/** The spec's list request with the reports' page size as the default. */
function zReportRequest<F extends z.ZodType>(filters: F) {
  return zPageRequest(filters).extend({
    pageSize: zPageRequest(filters).shape.pageSize.default(REPORT_PAGE_SIZE),
  });
}

// 1. 'Reporte de alumnos' (enrolled): POST /api/reports/reporte_inscriptos

export const zInscriptosFilters = z.strictObject({
  periodoId: zFilterId,
  carreraId: zFilterId,
  mallaId: zFilterId,
  /** Legajo, documento, nombre or apellido (each word must match). */
  search: zSearchText.optional(),
});
export type InscriptosFilters = z.input<typeof zInscriptosFilters>;
export const zInscriptosRequest = zReportRequest(zInscriptosFilters);

/** One student in one period, with how many subjects they take there. */
export const zInscriptoItem = z.object({
  perfilAlumnoId: z.number().int(),
  periodoId: z.number().int(),
  periodo: z.string(),
  malla: z.string(),
  carrera: z.string(),
  numeroLegajo: z.number().int(),
  ...personaFields,
  cantidadMaterias: z.number().int(),
});
export type InscriptoItem = z.infer<typeof zInscriptoItem>;
export const zInscriptosPage = zPageReply(zInscriptoItem);

export const zInscriptosChart = z.object({
  porSemestre: z.array(z.object({ semestre: z.number().int(), inscripciones: z.number().int() })),
});

// 2. 'Reporte de Asistencias y Pruebas Parciales': POST /api/reports/reporte_alumnos_por_materia

export const zPorMateriaFilters = z.strictObject({
  periodoId: zFilterId,
  carreraId: zFilterId,
  semestre: zSemestre,
  /** The subject-period (`materiaId` of the form data's materias): required (spec 03 section 5). */
  materiaId: zRequiredBoundedId(MSG_REPORTS.materiaRequired),
});
export type PorMateriaFilters = z.input<typeof zPorMateriaFilters>;
export const zPorMateriaRequest = zReportRequest(zPorMateriaFilters).extend({
  // A missing filters object is a missing materia, answered with the field's own message.
  filters: z.preprocess((value) => value ?? {}, zPorMateriaFilters),
});

export const zPorMateriaItem = z.object({
  id: z.number().int(),
  perfilAlumnoId: z.number().int(),
  ...personaFields,
  telefono: z.string().nullable(),
  correo: z.string(),
  materia: z.string(),
  anhoIngreso: z.number().int(),
  carrera: z.string(),
  semestre: z.number().int(),
  ...figurasMateriaFields,
});
export type PorMateriaItem = z.infer<typeof zPorMateriaItem>;
export const zPorMateriaPage = zPageReply(zPorMateriaItem);

/** How many students of the subject fall in each range of % Asistencia and % PP ('Sin dato': none yet). */
export const zPorMateriaChart = z.object({
  rangos: z.array(z.object({ rango: z.string(), asistencia: z.number().int(), pp: z.number().int() })),
});

// 3. 'Reporte de alumnos' (general): POST /api/reports/reporte_alumnos

export const zAlumnosFilters = z.strictObject({
  periodoId: zFilterId,
  carreraId: zFilterId,
  semestre: zSemestre,
  materiaId: zFilterId,
});
export type AlumnosFilters = z.input<typeof zAlumnosFilters>;
export const zAlumnosRequest = zReportRequest(zAlumnosFilters);

export const zAlumnoReportItem = z.object({
  id: z.number().int(),
  numeroLegajo: z.number().int(),
  ...personaFields,
  edad: z.number().int().nullable(),
  nacionalidad: z.string().nullable(),
  arancelCero: z.boolean(),
  fechaFinArancelCero: z.string().nullable(),
  telefono: z.string().nullable(),
  correo: z.string(),
  genero: z.number().int(),
  anhoIngreso: z.number().int(),
  carrera: z.string(),
  /** The highest semester among the student's subjects (of the chosen period, when one is chosen). */
  semestre: z.number().int().nullable(),
});
export type AlumnoReportItem = z.infer<typeof zAlumnoReportItem>;
export const zAlumnosReportPage = zPageReply(zAlumnoReportItem);

export const zAlumnosChart = z.object({
  porCarrera: z.array(
    z.object({ carrera: z.string(), masculino: z.number().int(), femenino: z.number().int(), otro: z.number().int() }),
  ),
});

// Form data of the report filters

export const zReportFormDataQuery = z.object({
  periodoId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const zReportMateria = z.object({
  materiaId: z.number().int(),
  carreraId: z.number().int(),
  periodoId: z.number().int(),
  semestre: z.number().int(),
  label: z.string(),
});
export type ReportMateria = z.infer<typeof zReportMateria>;

export const zReportFormData = z.object({
  periodos: z.array(zOption),
  /** The period whose materias are listed: the one asked for, else the active one (null: none). */
  periodoId: z.number().int().nullable(),
  carreras: z.array(zOption),
  mallas: z.array(zMallaOption),
  semestres: z.array(z.number().int()),
  materias: z.array(zReportMateria),
});
export type ReportFormData = z.infer<typeof zReportFormData>;

// 4. 'Estado académico alumno': GET /api/reports/reporte-academic-status-student/{id}

export const zAcademicResult = z.object({
  materiaMallaId: z.number().int(),
  codigo: z.string(),
  materia: z.string(),
  /** Null: no graded exam yet. */
  calificacion: z.number().int().nullable(),
  calificacionLetras: z.string().nullable(),
  nroActa: z.string().nullable(),
  fechaExamen: z.string().nullable(),
  periodo: z.string().nullable(),
  /** The exam of the grade, and the acta rectificativa that set it when it was rectified (issue 30). */
  examenId: z.number().int().nullable().optional(),
  rectificacion: z
    .object({ id: z.number().int(), nroRectificacion: z.string(), codigo: z.string() })
    .nullable()
    .optional(),
});

export const zAcademicStatus = z.object({
  alumno: z.object({
    id: z.number().int(),
    ...personaFields,
    numeroLegajo: z.number().int(),
    domicilio: z.string(),
    anhoIngreso: z.number().int(),
    carrera: z.string(),
    malla: z.string(),
  }),
  semestres: z.array(z.object({ semestre: z.number().int(), materias: z.array(zAcademicResult) })),
  resumen: z.object({
    materias: z.number().int(),
    aprobadas: z.number().int(),
    /** Mean of the passing grades, two decimals; null when none. */
    promedio: z.number().nullable(),
  }),
});
export type AcademicStatus = z.infer<typeof zAcademicStatus>;

// GET /api/students/reporte_alumnos: the students to open an academic status of

export const zAlumnoReportQuery = z.object({ search: zSearchText.optional() });
export const zAlumnoReportList = z.array(zOption);
