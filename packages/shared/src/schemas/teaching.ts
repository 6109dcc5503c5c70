import { z } from 'zod';
import { zText } from './text.js';
import { TipoTarea } from '../enums.js';
import { MSG_TEACHING as T } from '../messages-teaching.js';
import { zPageReply, zPageRequest, zSearchFilters } from '../paging.js';
import { PROYECCIONES_ASISTENCIA } from '../rules/attendance.js';
import { zHorarioSlot } from './enrolments.js';
import { figurasMateriaFields } from './figures.js';
import { zOption, zOptionalId, zRequiredId } from './options.js';
import { zEstadoPublicacion, zProfesorRef, zRendimientoAlumno } from './subject-periods.js';
import { personaFields } from './common.js';
import { zEntregaConfig, zEntregaConfigReply } from './hand-ins.js';

export const TAREA_DESCRIPCION_MAX = 256;
export const PUNTAJE_TOTAL_MAX = 5000;
export const ASISTENCIA_TEXTO_MAX = 64;

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;
/** A date as the forms send it: 'YYYY-MM-DD' or a timestamp whose part before "T" is the date. */
const zDateOnly = (message: string) =>
  zText({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => DATE_PREFIX.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10))), 'La fecha no es válida')
    .transform((v) => v.slice(0, 10));

/**
 * Orders the saves of one cell (docs/decisions/007-teaching.md): the client's own increasing number; a save
 * whose number is not above the stored one is not applied. Left out, the server orders by arrival.
 */
/** The form's id: 0, null or absent for a new record (the spec's forms send 0). */
const zIdOrNew = z
  .number()
  .int()
  .min(0)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

const zSecuencia = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();

// ---------------------------------------------------------------- homework

export const zTareaSave = z
  .strictObject({
    id: zIdOrNew,
    materiaPeriodoId: zRequiredId(T.materiaNotFound),
    descripcion: zText({ error: T.valorRequired })
      .trim()
      .min(1, T.valorRequired)
      .max(TAREA_DESCRIPCION_MAX, `La tarea admite hasta ${TAREA_DESCRIPCION_MAX} caracteres`),
    fechaEntrega: zDateOnly(T.fechaRequired),
    tipoTarea: z.union([z.literal(TipoTarea.Evaluada), z.literal(TipoTarea.Cumplimiento)], {
      error: T.tipoTareaRequired,
    }),
    puntajeTotal: z
      .number({ error: T.valorRequired })
      .gt(0, T.valorRequired)
      .max(PUNTAJE_TOTAL_MAX, T.puntajeTotalInvalid),
    porcentajePesoMateria: z
      .number({ error: T.pesoInvalid })
      .min(0, T.pesoInvalid)
      .max(100, T.pesoInvalid)
      .nullable()
      .optional(),
    deleted: z.boolean().optional(),
    /** 'Entrega por Arandu' (issue 46): null when the work goes elsewhere; left out, an edit keeps it. */
    entrega: zEntregaConfig.nullable().optional(),
  })
  // Type 2 'Cumplimiento' is done or not: its total is 1 and it carries no weight (spec 03 section 4).
  .transform((v) => (v.tipoTarea === TipoTarea.Cumplimiento ? { ...v, puntajeTotal: 1, porcentajePesoMateria: 0 } : v));
export type TareaSave = z.output<typeof zTareaSave>;
export type TareaSaveInput = z.input<typeof zTareaSave>;

export const zTarea = z.object({
  id: z.number().int(),
  materiaPeriodoId: z.number().int(),
  descripcion: z.string(),
  /** 'YYYY-MM-DD'. */
  fechaEntrega: z.string(),
  tipoTarea: zOption,
  puntajeTotal: z.number(),
  porcentajePesoMateria: z.number(),
  /** Students with a score (spec: "submitters"); a homework with any cannot be deleted. */
  cantidadInscriptos: z.number().int(),
  /** 'Entrega por Arandu' (issue 46), null when the work goes elsewhere. */
  entrega: zEntregaConfigReply.nullable(),
  /** When the feedback of its hand-ins was published, null until then. */
  devolucionesPublicadasEn: z.string().nullable(),
});
export type Tarea = z.infer<typeof zTarea>;

export const zTareaListRequest = zPageRequest(zSearchFilters);
export const zTareaPage = zPageReply(zTarea);

export const zTareaAlumno = z.object({
  /** The score row's id, 0 when the student has none yet. */
  id: z.number().int(),
  inscripcionMateriaId: z.number().int(),
  tareaMateriaId: z.number().int(),
  ...personaFields,
  puntajeObtenido: z.number().nullable(),
  secuencia: z.number().int(),
});
export type TareaAlumno = z.infer<typeof zTareaAlumno>;

export const zTareaDetail = zTarea.extend({
  tareaMateriaAlumnos: z.array(zTareaAlumno),
  utilizaPorcentajePesoMateria: z.boolean(),
  canEditTask: z.boolean(),
  finCalificarTareas: z.string(),
});
export type TareaDetail = z.infer<typeof zTareaDetail>;

export const zTareaFormData = z.object({ TipoTarea: z.array(zOption) });

export const zPuntajeSave = z.strictObject({
  /** The score row's id as the form holds it; the pair (homework, enrolment) decides which row is written. */
  id: z.number().int().min(0).nullable().optional(),
  inscripcionMateriaId: z.number().int().positive(),
  tareaMateriaId: z.number().int().positive(),
  /** null clears the score ("not scored"). */
  puntajeObtenido: z.number({ error: T.puntajeInvalid }).min(0, T.puntajeInvalid).nullable(),
  secuencia: zSecuencia,
});
export type PuntajeSave = z.output<typeof zPuntajeSave>;

export const zPuntajeReply = z.object({
  inscripcionMateriaId: z.number().int(),
  tareaMateriaId: z.number().int(),
  /** The value stored after this call: this save's, or a newer one's when this save came late. */
  puntajeObtenido: z.number().nullable(),
  secuencia: z.number().int(),
  aplicado: z.boolean(),
  porcentajePP: z.number().nullable(),
});
export type PuntajeReply = z.infer<typeof zPuntajeReply>;

export const zUsesPercentWeight = z.strictObject({ id: z.number().int().optional(), allow: z.boolean() });

/** Publish and stamp take the subject-period object as the lists return it and use only the route's id. */
export const zMateriaPeriodoRef = z.looseObject({ id: z.number().int().optional() });

export const zEstadoReply = z.object({ estado: zEstadoPublicacion, rendimientoAlumno: zRendimientoAlumno });

/** 'Calificaciones' of the plan page: one column per homework, plus % PP and % Asistencia. */
export const zCalificacionesTarea = z.object({
  id: z.number().int(),
  descripcion: z.string(),
  tipoTarea: z.number().int(),
  puntajeTotal: z.number(),
  porcentajePesoMateria: z.number(),
  utilizaPorcentajePesoMateria: z.boolean(),
});
export const zCalificacionesAlumno = z.object({
  id: z.number().int(),
  numeroDocumento: z.string(),
  apellidoAlumno: z.string(),
  nombreAlumno: z.string(),
  ...figurasMateriaFields,
  calificaciones: z.array(z.object({ tareaId: z.number().int(), puntaje: z.number() })),
});
export const zCalificaciones = z.object({
  tareas: z.array(zCalificacionesTarea),
  alumnos: z.array(zCalificacionesAlumno),
});

// ---------------------------------------------------------------- attendance

export const zAsistenciaFormData = z.object({
  logContents: z.array(zOption),
  /** The period's `finCalificarTareas`. */
  endHomework: z.string(),
  canEdit: z.boolean(),
  /** `editarAsistencias`: the percentage is entered by hand and sessions are not taken. */
  editAssistance: z.boolean(),
});

export const zAsistenciaListRequest = zPageRequest(zSearchFilters);

export const zAsistenciaListRow = z.object({
  /** The enrolment (inscripción) id: marks belong to the enrolment. */
  studentId: z.number().int(),
  doc: z.string(),
  name: z.string(),
  surname: z.string(),
  porcentajeAsistencia: z.number().nullable(),
  /** False only when the planning shows `minAsistenciaExamen` is out of reach (see `proyeccionAsistencia`). */
  alcanzaMinimo: z.boolean(),
  /** The outlook against `minAsistenciaExamen`; 'sin-planeamiento' when there are no planned sessions. */
  proyeccionAsistencia: z.enum(PROYECCIONES_ASISTENCIA),
});
export const zAsistenciaList = z.object({
  pageInfo: zPageReply(zAsistenciaListRow),
  assists: z.array(z.object({ id: z.number().int(), date: z.string(), reference: z.string().nullable() })),
  studentAssists: z.array(
    z.object({ assistanceId: z.number().int(), studentId: z.number().int(), present: z.boolean() }),
  ),
  minAsistenciaExamen: z.number(),
});
export type AsistenciaList = z.infer<typeof zAsistenciaList>;

const zTextoCorto = zText()
  .trim()
  .max(ASISTENCIA_TEXTO_MAX, T.textoTooLong)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const zAsistenciaSave = z.strictObject({
  id: zIdOrNew,
  subjectPeriodId: zRequiredId(T.materiaNotFound),
  logContentId: zOptionalId,
  room: zTextoCorto,
  reference: zTextoCorto,
  date: zDateOnly(T.fechaRequired),
  /** On a new session, true marks every student present at once (they can be changed one by one). */
  present: z.boolean().nullable().optional(),
});
export type AsistenciaSave = z.output<typeof zAsistenciaSave>;
export type AsistenciaSaveInput = z.input<typeof zAsistenciaSave>;

export const zAsistenciaAlumno = zAsistenciaListRow
  .pick({ studentId: true, doc: true, name: true, surname: true })
  .extend({ present: z.boolean().nullable() });
export type AsistenciaAlumno = z.infer<typeof zAsistenciaAlumno>;

export const zAsistencia = z.object({
  id: z.number().int(),
  subjectPeriodId: z.number().int(),
  date: z.string(),
  room: z.string().nullable(),
  reference: z.string().nullable(),
  logContentId: z.number().int().nullable(),
  endHomework: z.string(),
  canEdit: z.boolean(),
  students: z.array(zAsistenciaAlumno),
});

export const zPresenceSave = z.strictObject({
  assistanceId: z.number().int().positive().optional(),
  studentId: z.number().int().positive(),
  /** true present, false absent, null not taken. */
  present: z.boolean().nullable(),
  secuencia: zSecuencia,
});
export type PresenceSave = z.output<typeof zPresenceSave>;

export const zPresenceReply = z.object({
  assistanceId: z.number().int(),
  studentId: z.number().int(),
  present: z.boolean().nullable(),
  aplicado: z.boolean(),
  porcentajeAsistencia: z.number().nullable(),
});

export const zMarkAllReply = z.object({ marked: z.number().int() });

// ---------------------------------------------------------------- the student's side

export const zMateriaAlumno = z.object({
  id: z.number().int(),
  inscripcionId: z.number().int(),
  materia: z.string(),
  seccion: z.string(),
  carrera: z.string(),
  semestre: z.string(),
  semestreNroOrden: z.number().int(),
  anho: z.number().int(),
  codigoMateria: z.string(),
  codigoClassroom: z.string().nullable(),
  profesores: z.array(zProfesorRef),
  horarios: z.array(zHorarioSlot.extend({ aula: z.string().nullable() })),
  ...figurasMateriaFields,
  estado: zEstadoPublicacion,
  rendimientoAlumno: zRendimientoAlumno,
  mostrarEnTablero: z.boolean(),
  editarAsistencias: z.boolean(),
});
export type MateriaAlumno = z.infer<typeof zMateriaAlumno>;

/** A homework of the student's subject, with their own score. */
export const zMyHomework = zTarea
  .pick({
    id: true,
    descripcion: true,
    tipoTarea: true,
    puntajeTotal: true,
    porcentajePesoMateria: true,
    fechaEntrega: true,
    entrega: true,
  })
  .extend({
    /** A homework handed in through Arandu shows its score only once its feedback is published. */
    puntajeObtenido: z.number().nullable(),
    /** The student's own hand-in, when there is one (issue 46). */
    entregada: z.object({ fecha: z.string(), atrasada: z.boolean() }).nullable(),
  });
export type MyHomework = z.infer<typeof zMyHomework>;
export const zMyHomeworkRequest = zPageRequest(zSearchFilters);
export const zMyHomeworkPage = zPageReply(zMyHomework);
