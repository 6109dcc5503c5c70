import { z } from 'zod';
import { MSG_PLANNING as M } from '../messages-planning.js';
import { zOption, zOptionalId, zOptionalText, zRequiredId } from './options.js';
import { zText } from './text.js';

/** Limits of spec 03 section 9. */
export const PLANNING_TEXT_MAX = 1024;
export const PLANNING_LONG_TEXT_MAX = 4096;
export const PLANNING_HOURS_MAX = 10_000;
export const DURACION_MAX = 16;
export const CODIGO_CLASSROOM_MAX = 32;
export const PLANNING_PAGES = 9;
/** No course plans two hundred rows of anything; the cap keeps one save bounded. */
export const PLANNING_ROWS_MAX = 200;
/** The "no date" of the old system: sent as null (spec 03 section 5). */
export const NO_DATE = '0001-01-01';

/** Labels of the wizard's fields, shared by the form and Planeamiento.xlsx. */
export const PLANNING_LABELS = {
  preRequisitos: 'Pre-requisitos',
  horasTeoriaSemanal: 'Horas teoría semanal',
  horasPracticaSemanal: 'Horas práctica semanal',
  horasLaboratorioSemanal: 'Horas laboratorio semanal',
  totalHorasSemanal: 'Total horas semanal',
  codigoClassroom: 'Código Classroom',
  fundamentacionMateria: 'Fundamentación de la materia',
  contribucionMateria: 'Contribución de la materia al perfil del egresado',
  objetivo: 'Objetivo',
  valoresContemplados: 'Valores contemplados',
  metodologiaEnsenhanza: 'Metodología de enseñanza',
  estrategiasEvauacion: 'Estrategias de evaluación',
  fecha: 'Fecha',
  profesorMateria: 'Profesor',
  unidad: 'Unidad',
  contenidos: 'Contenidos',
  duracion: 'Duración',
  actividad: 'Actividad',
  descripcion: 'Descripción',
  materialApoyo: 'Material de apoyo',
  evaluacion: 'Evaluación',
  descripcionActividad: 'Descripción de la actividad',
  beneficiarios: 'Beneficiarios',
  fechas: 'Fechas',
  cantidadHoras: 'Cantidad de horas',
  bibliografiaBasica: 'Bibliografía básica',
  bibliografiaComplementaria: 'Bibliografía complementaria',
} as const;

/** DuracionActividad: the usual durations offered by the form (free text up to 16 characters is accepted). */
export const DURACION_ACTIVIDAD = ['1 clase', '1 semana', '2 semanas', '3 semanas', '1 mes', '2 meses', 'Semestre'];

const tooLong = (max: number) => `Admite hasta ${max} caracteres`;

/** A required text of the wizard: trimmed, 'Debe ingresar un valor' when empty. */
const requiredText = (max: number) =>
  zText({ error: M.valueRequired }).trim().min(1, M.valueRequired).max(max, tooLong(max));
const hours = z
  .number({ error: M.hoursRange })
  .int(M.hoursRange)
  .min(0, M.hoursRange)
  .max(PLANNING_HOURS_MAX, M.hoursRange)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** A row field checked in the row's refinement (deleted rows are skipped, spec 03 section 5). */
const rowText = zText().trim().nullable().optional();
/** 'YYYY-MM-DD' (or an instant, of which the part before 'T' is the date); 0001-01-01 and '' become null. */
const rowDate = zText()
  .nullable()
  .optional()
  .transform((v) => {
    const day = v?.split('T')[0] ?? '';
    return day === '' || day === NO_DATE ? null : day;
  });

/** What every list row carries: id 0 for a new row, the index it is shown at, and the deleted mark. */
const rowBase = {
  id: z.number().int().min(0).max(2_147_483_647).default(0),
  index: z.number().int().min(0).optional(),
  materiaPeriodoId: zOptionalId,
  deleted: z.boolean().default(false),
};

type Issue = (field: string, message: string) => void;
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

function checkText(issue: Issue, field: string, value: string | null | undefined, message: string, max: number) {
  if (!value) issue(field, message);
  else if (value.length > max) issue(field, tooLong(max));
}

function checkProfesor(issue: Issue, value: number | null | undefined) {
  if (!value || value < 1) issue('profesorMateria', M.profesorRequired);
}

function checkDuracion(issue: Issue, value: string | null | undefined) {
  checkText(issue, 'duracion', value, M.duracionRequired, DURACION_MAX);
}

/**
 * A list of rows checked one by one: each row that is not deleted answers one message a field, at
 * `list.i.field` (the form's own paths). `required` asks for at least one row that stays.
 */
function rowList<S extends z.ZodObject>(row: S, check: (r: z.output<S>, issue: Issue) => void, required?: string) {
  return z
    .array(row)
    .max(PLANNING_ROWS_MAX, M.tooManyRows)
    .default([])
    .superRefine((rows, ctx) => {
      if (required && !rows.some((r) => !(r as { deleted: boolean }).deleted)) {
        ctx.addIssue({ code: 'custom', message: required });
      }
      rows.forEach((r, i) => {
        if ((r as { deleted: boolean }).deleted) return;
        check(r, (field, message) => ctx.addIssue({ code: 'custom', path: [i, field], message }));
      });
    });
}

export const zObjetivoRow = z.strictObject({ ...rowBase, objetivo: rowText });
export const zCronogramaRow = z.strictObject({
  ...rowBase,
  fecha: rowDate,
  profesorMateria: z.number().int().nullable().optional(),
  unidad: rowText,
  contenidos: rowText,
});
/** What a laboratory practice and a project row have in common. */
const activityRow = {
  ...rowBase,
  profesorMateria: z.number().int().nullable().optional(),
  duracion: rowText,
  actividad: rowText,
  descripcion: rowText,
};
export const zPracticaRow = z.strictObject({ ...activityRow, materialApoyo: rowText });
export const zProyectoRow = z.strictObject({ ...activityRow, evaluacion: rowText });
export const zActividadRow = z.strictObject({
  ...rowBase,
  descripcionActividad: rowText,
  beneficiarios: rowText,
  fechas: rowText,
  cantidadHoras: z.number().int().nullable().optional(),
});

const T = PLANNING_TEXT_MAX;

export const zObjetivos = rowList(
  zObjetivoRow,
  (r, issue) => checkText(issue, 'objetivo', r.objetivo, M.objetivoRequired, T),
  M.objetivoListRequired,
);
export const zCronograma = rowList(
  zCronogramaRow,
  (r, issue) => {
    checkText(issue, 'contenidos', r.contenidos, M.contenidosRequired, T);
    if (!r.fecha || !isDate(r.fecha)) issue('fecha', M.fechaInvalid);
    checkProfesor(issue, r.profesorMateria);
    checkText(issue, 'unidad', r.unidad, M.unidadRequired, T);
  },
  M.cronogramaListRequired,
);
function checkActivity(issue: Issue, r: z.output<z.ZodObject<typeof activityRow>>) {
  checkText(issue, 'actividad', r.actividad, M.actividadRequired, T);
  checkText(issue, 'descripcion', r.descripcion, M.descripcionRequired, T);
  checkProfesor(issue, r.profesorMateria);
  checkDuracion(issue, r.duracion);
}
export const zPracticas = rowList(zPracticaRow, (r, issue) => {
  checkActivity(issue, r);
  if (r.materialApoyo && r.materialApoyo.length > T) issue('materialApoyo', tooLong(T));
});
export const zProyectos = rowList(zProyectoRow, (r, issue) => {
  checkActivity(issue, r);
  // The spec's message for a missing evaluation is 'Debe ingresar una fecha valida', quoted as it is.
  checkText(issue, 'evaluacion', r.evaluacion, M.fechaInvalid, T);
});
export const zActividades = rowList(zActividadRow, (r, issue) => {
  checkText(issue, 'descripcionActividad', r.descripcionActividad, M.actividadRequired, T);
  checkText(issue, 'beneficiarios', r.beneficiarios, M.beneficiariosRequired, T);
  checkText(issue, 'fechas', r.fechas, M.fechasRequired, T);
  const h = r.cantidadHoras;
  if (h === null || h === undefined) issue('cantidadHoras', M.cantidadHorasRequired);
  else if (h < 0 || h > PLANNING_HOURS_MAX) issue('cantidadHoras', M.hoursRange);
});

const L = PLANNING_LONG_TEXT_MAX;

/** The editable fields of each page, as the form holds them and the save sends them. */
export const PLANNING_PAGE_FIELDS = {
  1: {
    preRequisitos: zOptionalText(T),
    horasTeoriaSemanal: hours,
    horasPracticaSemanal: hours,
    horasLaboratorioSemanal: hours,
    codigoClassroom: zOptionalText(CODIGO_CLASSROOM_MAX),
  },
  2: { fundamentacionMateria: requiredText(L), contribucionMateria: requiredText(L) },
  3: { objetivosMaterias: zObjetivos },
  4: {
    valoresContemplados: requiredText(L),
    metodologiaEnsenhanza: requiredText(L),
    estrategiasEvauacion: requiredText(L),
  },
  5: { cronogramaClases: zCronograma },
  6: { practicasLaboratorios: zPracticas },
  7: { proyectosTrabajosPracticos: zProyectos },
  8: { actividadesComplementarias: zActividades },
  9: { bibliografiaBasica: requiredText(L), bibliografiaComplementaria: zOptionalText(L) },
} as const;
export type PlanningPageNumber = keyof typeof PLANNING_PAGE_FIELDS;

const zMateriaPeriodoId = zRequiredId('Debe indicar la materia periodo');

/**
 * The body of `POST /api/planning/page{n}`: the page's values plus `materiaPeriodoId`. Page 1 also creates
 * the planning when there is none (empty, or copied from `oldMateriaPeriodoId`).
 */
export const zPlanningSave = {
  1: z.strictObject({
    materiaPeriodoId: zMateriaPeriodoId,
    oldMateriaPeriodoId: zOptionalId,
    ...PLANNING_PAGE_FIELDS[1],
  }),
  2: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[2] }),
  3: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[3] }),
  4: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[4] }),
  5: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[5] }),
  6: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[6] }),
  7: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[7] }),
  8: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[8] }),
  9: z.strictObject({ materiaPeriodoId: zMateriaPeriodoId, ...PLANNING_PAGE_FIELDS[9] }),
} as const;
export type PlanningSave<N extends PlanningPageNumber> = z.output<(typeof zPlanningSave)[N]>;
export type PlanningSaveInput<N extends PlanningPageNumber> = z.input<(typeof zPlanningSave)[N]>;

// ---------------------------------------------------------------- replies

/** The first page of a subject-period without planning: just these four keys (creation mode, spec 03 s. 4). */
export const zPlanningCreation = z.object({
  materiaPeriodoId: z.number().int(),
  materiaMallaId: z.number().int(),
  canEditarPlaneamiento: z.boolean(),
  finEditarPlaneamiento: z.string(),
});
export type PlanningCreation = z.infer<typeof zPlanningCreation>;

const zPlanningHeader = zPlanningCreation.extend({
  id: z.number().int(),
  /** The subject-period's head and auxiliaries, the choices of every 'Profesor' select. */
  profesores: z.array(zOption),
});

const rowReply = { id: z.number().int(), index: z.number().int(), deleted: z.boolean() };
const text = z.string().nullable();
export const zObjetivoReply = z.object({ ...rowReply, objetivo: z.string() });
export const zCronogramaReply = z.object({
  ...rowReply,
  fecha: text,
  profesorMateria: z.number().int().nullable(),
  unidad: z.string(),
  contenidos: z.string(),
});
const activityReply = {
  ...rowReply,
  profesorMateria: z.number().int().nullable(),
  duracion: z.string(),
  actividad: z.string(),
  descripcion: z.string(),
};
export const zPracticaReply = z.object({ ...activityReply, materialApoyo: text });
export const zProyectoReply = z.object({ ...activityReply, evaluacion: z.string() });
export const zActividadReply = z.object({
  ...rowReply,
  descripcionActividad: z.string(),
  beneficiarios: z.string(),
  fechas: z.string(),
  cantidadHoras: z.number().int(),
});

/** The identification of step 1: what the subject-period already says, shown read-only. */
export const zPlanningIdentificacion = z.object({
  materia: z.string(),
  codigoMateria: z.string(),
  carrera: z.string(),
  semestre: z.number().int(),
  periodo: z.string(),
  anho: z.number().int(),
  seccion: z.string(),
  horarios: z.array(
    z.object({
      id: z.number().int(),
      dia: z.string(),
      horaInicio: z.string(),
      horaFin: z.string(),
      aula: z.string().nullable(),
      tipoActividad: z.string(),
      profesor: z.string(),
    }),
  ),
});

export const zPlanningPage = {
  1: zPlanningHeader.extend({
    ...zPlanningIdentificacion.shape,
    preRequisitos: text,
    horasTeoriaSemanal: z.number().int().nullable(),
    horasPracticaSemanal: z.number().int().nullable(),
    horasLaboratorioSemanal: z.number().int().nullable(),
    totalHorasSemanal: z.number().int(),
    codigoClassroom: text,
  }),
  2: zPlanningHeader.extend({ fundamentacionMateria: text, contribucionMateria: text }),
  3: zPlanningHeader.extend({ objetivosMaterias: z.array(zObjetivoReply) }),
  4: zPlanningHeader.extend({ valoresContemplados: text, metodologiaEnsenhanza: text, estrategiasEvauacion: text }),
  5: zPlanningHeader.extend({ cronogramaClases: z.array(zCronogramaReply) }),
  6: zPlanningHeader.extend({ practicasLaboratorios: z.array(zPracticaReply) }),
  7: zPlanningHeader.extend({ proyectosTrabajosPracticos: z.array(zProyectoReply) }),
  8: zPlanningHeader.extend({ actividadesComplementarias: z.array(zActividadReply) }),
  9: zPlanningHeader.extend({ bibliografiaBasica: text, bibliografiaComplementaria: text }),
} as const;
export type PlanningPage<N extends PlanningPageNumber> = z.infer<(typeof zPlanningPage)[N]>;

/** `GET /api/planning/form-data` (spec 03 section 7: DuracionActividad). */
export const zPlanningFormData = z.object({ DuracionActividad: z.array(zOption) });

/**
 * `GET /api/planning/list-old-plannings/{materiaMallaId}`: id is the subject-period to copy from; `periodo`
 * (beyond the spec) tells apart two periods of one year, which the spec's '{year}/{section}' does not.
 */
export const zOldPlanning = z.object({
  id: z.number().int(),
  anho: z.number().int(),
  seccion: z.string(),
  periodo: z.string(),
});
export type OldPlanning = z.infer<typeof zOldPlanning>;
