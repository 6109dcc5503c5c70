import { z } from 'zod';
import { CUPO_MSG } from '../messages-seats.js';
import { zText } from './text.js';
import { MSG } from '../messages.js';
import { zPageReply, zPageRequest, zSearchFilters, zSearchText } from '../paging.js';
import { zId } from './common.js';
import { figurasMateriaFields } from './figures.js';
import { zAulaOption } from './aulas.js';
import { zMallaOption, zOption, zOptionalId, zPeriodoOption, zRequiredId, zRequiredText } from './options.js';

export const SECCION_MAX = 16;
export const AULA_MAX = 64;

/** A professor of a subject-period: `role` 'Asistente' is shown "Aux:", anything else "Enc:". */
export const zProfesorRef = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  role: z.enum(['Encargado', 'Asistente']),
});
export type ProfesorRef = z.infer<typeof zProfesorRef>;

export const zEstadoPublicacion = zOption;

export const zRendimientoAlumno = z.object({
  fechaPublicado: z.string().nullable(),
  fechaSellado: z.string().nullable(),
  fechaExpiracion: z.string().nullable(),
});

// ---------------------------------------------------------------- list

export const zMateriaPeriodoFilters = z.strictObject({
  malla: zSearchText.optional(),
  materia: zSearchText.optional(),
  codigo: zSearchText.optional(),
  profesor: zSearchText.optional(),
  periodoId: z.number().int().positive().optional(),
});
export const zMateriaPeriodoListRequest = zPageRequest(zMateriaPeriodoFilters);

export const zMateriaPeriodoRow = z.object({
  id: z.number().int(),
  periodoId: z.number().int(),
  periodo: z.string(),
  malla: z.string(),
  carrera: z.string(),
  semestreNroOrden: z.number().int(),
  codigoMateria: z.string(),
  materia: z.string(),
  seccion: z.string(),
  profesores: z.array(zProfesorRef),
  cantidadInscriptos: z.number().int(),
  tieneHorario: z.boolean(),
  estado: zEstadoPublicacion,
});
export type MateriaPeriodoRow = z.infer<typeof zMateriaPeriodoRow>;
export const zMateriaPeriodoPage = zPageReply(zMateriaPeriodoRow);

// ---------------------------------------------------------------- form

const HORA = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const minutes = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));

/**
 * A schedule row as the form sends it. A row marked `deleted` is skipped by validation (spec 03 section 2.3),
 * so the fields are checked in the refinement, one message a field, only for rows that stay.
 */
export const zHorarioSave = z
  .strictObject({
    id: zOptionalId,
    index: z.number().int().min(0).optional(),
    tipoActividadAcademicaHorario: z.number().int().nullable().optional(),
    profesorId: z.number().int().nullable().optional(),
    dia: z.number().int().nullable().optional(),
    horaInicio: zText().nullable().optional(),
    horaFin: zText().nullable().optional(),
    /** The room, one of /api/aulas (issue 45); null or absent: no room. */
    aulaId: zOptionalId,
    /** The room's and the professor's names as GET answers them: accepted back and ignored (the ids decide). */
    aula: zText().trim().nullable().optional(),
    profesor: zText().nullable().optional(),
    deleted: z.boolean().default(false),
  })
  .superRefine((h, ctx) => {
    if (h.deleted) return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (
      !h.tipoActividadAcademicaHorario ||
      h.tipoActividadAcademicaHorario < 1 ||
      h.tipoActividadAcademicaHorario > 3
    ) {
      issue('tipoActividadAcademicaHorario', MSG.horarioTipoActividadRequired);
    }
    if (!h.profesorId || h.profesorId < 1) issue('profesorId', MSG.materiaPeriodoProfesorRequired);
    if (!h.dia || h.dia < 1 || h.dia > 7) issue('dia', MSG.horarioDiaRequired);
    const inicioOk = !!h.horaInicio && HORA.test(h.horaInicio);
    const finOk = !!h.horaFin && HORA.test(h.horaFin);
    if (!inicioOk) issue('horaInicio', MSG.horarioHoraRequired);
    if (!finOk) issue('horaFin', MSG.horarioHoraRequired);
    if (inicioOk && finOk && minutes(h.horaFin!) <= minutes(h.horaInicio!)) issue('horaFin', MSG.horarioFinBeforeStart);
    if (h.aula && h.aula.length > AULA_MAX) issue('aula', MSG.horarioAulaTooLong);
  });

const AUXILIARES = ['profesorAuxiliar1Id', 'profesorAuxiliar2Id', 'profesorAuxiliar3Id'] as const;

export const zMateriaPeriodoSave = z
  .strictObject({
    id: zOptionalId,
    mallaId: zRequiredId(MSG.materiaPeriodoMallaRequired),
    materiaMallaId: zRequiredId(MSG.materiaPeriodoMateriaRequired),
    /** Sent by the form; the server takes the subject from the malla subject. */
    materiaId: zOptionalId,
    periodoId: zRequiredId(MSG.materiaPeriodoPeriodoRequired),
    profesorId: zRequiredId(MSG.materiaPeriodoProfesorRequired),
    profesorAuxiliar1Id: zOptionalId,
    profesorAuxiliar2Id: zOptionalId,
    profesorAuxiliar3Id: zOptionalId,
    horarios: z.array(zHorarioSave).max(100).default([]),
    utilizaPorcentajePesoMateria: z.boolean().default(false),
    editarAsistencias: z.boolean().default(false),
    seccion: zRequiredText(MSG.materiaPeriodoSeccionRequired, SECCION_MAX, MSG.materiaPeriodoSeccionTooLong),
    /** Seat limit; null or absent = no limit (issue 29). */
    cupo: z
      .number({ error: CUPO_MSG.cupoInvalid })
      .int(CUPO_MSG.cupoInvalid)
      .min(1, CUPO_MSG.cupoInvalid)
      .max(10000, CUPO_MSG.cupoInvalid)
      .nullish(),
    /** An Admin's reason to share a room another section holds at the same time (audited, issue 45). */
    motivoAulaCompartida: zText().trim().max(500).nullish(),
  })
  .superRefine((v, ctx) => {
    const staff = new Set<number>([v.profesorId]);
    for (const key of AUXILIARES) {
      const id = v[key];
      if (!id) continue;
      if (staff.has(id)) ctx.addIssue({ code: 'custom', path: [key], message: MSG.materiaPeriodoProfesorRepeated });
      staff.add(id);
    }
    v.horarios.forEach((h, i) => {
      if (!h.deleted && h.profesorId && !staff.has(h.profesorId)) {
        ctx.addIssue({ code: 'custom', path: ['horarios', i, 'profesorId'], message: MSG.horarioProfesorNotStaff });
      }
    });
  });
export type MateriaPeriodoSave = z.output<typeof zMateriaPeriodoSave>;
export type MateriaPeriodoSaveInput = z.input<typeof zMateriaPeriodoSave>;

export const zHorario = z.object({
  id: z.number().int(),
  index: z.number().int(),
  tipoActividadAcademicaHorario: z.number().int(),
  profesorId: z.number().int(),
  profesor: z.string(),
  dia: z.number().int(),
  horaInicio: z.string(),
  horaFin: z.string(),
  aulaId: z.number().int().nullable(),
  /** The room's name. */
  aula: z.string().nullable(),
  deleted: z.boolean(),
});

/** The subject-period as its form and the teaching screens read it (spec 03 section 3). */
export const zMateriaPeriodo = z.object({
  id: z.number().int(),
  mallaId: z.number().int(),
  malla: zOption,
  materiaMallaId: z.number().int(),
  materiaMalla: zOption,
  materiaId: z.number().int(),
  materia: z.object({ label: z.string() }),
  periodoId: z.number().int(),
  periodo: zOption,
  carrera: z.string(),
  anho: z.number().int(),
  semestreNroOrden: z.number().int(),
  codigoMateria: z.string(),
  profesorId: z.number().int().nullable(),
  profesorAuxiliar1Id: z.number().int().nullable(),
  profesorAuxiliar2Id: z.number().int().nullable(),
  profesorAuxiliar3Id: z.number().int().nullable(),
  profesores: z.array(zProfesorRef),
  seccion: z.string(),
  editarAsistencias: z.boolean(),
  utilizaPorcentajePesoMateria: z.boolean(),
  horarios: z.array(zHorario),
  cupo: z.number().int().nullable(),
  /** Warnings that do not stop a save: a cupo over a room's capacity (issue 45). */
  avisos: z.array(z.string()),
  /** The period's days without classes on a weekday this section meets (issue 45), by date. */
  diasSinClases: z.array(z.object({ fecha: z.string(), nombre: z.string() })),
  /** Planned sessions (the planning's class schedule) that fall on a day without classes: nothing moves them. */
  planificadasEnDiasSinClases: z.array(z.object({ fecha: z.string(), nombre: z.string(), contenidos: z.string() })),
  /** Students on the waiting list (issue 29). */
  enListaEspera: z.number().int(),
  tieneHorario: z.boolean(),
  cantidadInscriptos: z.number().int(),
  estado: zEstadoPublicacion,
  rendimientoAlumno: zRendimientoAlumno,
  /** The period's end of classes: 'Publicar' names it, since publishing cannot be undone. */
  finClases: z.string(),
  finCalificarTareas: z.string(),
  finEditarPlaneamiento: z.string(),
  canEditTask: z.boolean(),
  canEditarPlaneamiento: z.boolean(),
  calculatePPFromTasks: z.boolean(),
  showAssistPercentageInScores: z.boolean(),
});
export type MateriaPeriodo = z.infer<typeof zMateriaPeriodo>;

export const zMateriaPeriodoFormData = z.object({
  mallas: z.array(zMallaOption),
  periodos: z.array(zPeriodoOption),
  profesores: z.array(zOption),
  tipoActividadAcademicaHorarios: z.array(zOption),
  diasSemana: z.array(zOption),
  aulas: z.array(zAulaOption),
});

/** The save's reply: the id, and the warnings the section's rooms give (issue 45). */
export const zMateriaPeriodoSaveReply = z.object({ id: z.number().int(), avisos: z.array(z.string()) });

/** Subjects of a malla for the form's select: value is the malla subject's id. */
export const zMallaMateriaOption = zOption.extend({ materiaId: z.number().int(), semestre: z.number().int() });
export const zMallaMaterias = z.array(zMallaMateriaOption);

// ---------------------------------------------------------------- students and grades

export const zAlumnosMateriaFilters = zSearchFilters;
export const zAlumnosMateriaRequest = zPageRequest(zAlumnosMateriaFilters);

export const zAlumnoMateria = z.object({
  /** The enrolment (inscripción) id. */
  id: z.number().int(),
  perfilAlumnoId: z.number().int(),
  numeroDocumento: z.string(),
  apellidoAlumno: z.string(),
  nombreAlumno: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  fechaInscripcion: z.string(),
  ...figurasMateriaFields,
  /**
   * On a sealed subject-period, the rectification whose figures these are (issue 30), marked 'rectificada';
   * null or absent while the enrolment's own figures stand.
   */
  rectificacion: z.object({ id: z.number().int(), nroRectificacion: z.string() }).nullable().optional(),
});
export type AlumnoMateria = z.infer<typeof zAlumnoMateria>;
export const zAlumnosMateriaPage = zPageReply(zAlumnoMateria);

const zPercentage = z
  .number({ error: MSG.percentageInvalid })
  .min(0, MSG.percentageInvalid)
  .max(100, MSG.percentageInvalid)
  .nullable();

/**
 * One student's hand-entered figures, `POST /api/studentsubjects/actualizar_notas` (spec 03 "save enrolment
 * percentages"; neither document shows the payload): the enrolment by `inscripcionMateriaId`, the name the
 * teaching calls use, or by `id`, the studentSubject's own. A figure left out is not changed.
 */
export const zNotasSave = z
  .strictObject({
    inscripcionMateriaId: zId.optional(),
    id: zId.optional(),
    porcentajePP: zPercentage.optional(),
    porcentajeAsistencia: zPercentage.optional(),
  })
  .refine((b) => b.inscripcionMateriaId !== undefined || b.id !== undefined, {
    message: MSG.inscripcionRequired,
    path: ['inscripcionMateriaId'],
  })
  .refine((b) => b.inscripcionMateriaId === undefined || b.id === undefined || b.id === b.inscripcionMateriaId, {
    message: MSG.inscripcionMismatch,
    path: ['id'],
  })
  .transform(({ id, inscripcionMateriaId, ...figures }) => ({
    inscripcionMateriaId: (inscripcionMateriaId ?? id)!,
    ...figures,
  }));
export type NotasSave = z.output<typeof zNotasSave>;
export type NotasSaveInput = z.input<typeof zNotasSave>;

// ---------------------------------------------------------------- move section

export const zMoveSectionData = z.object({
  materiaPeriodo: z.object({ id: z.number().int(), materia: z.string(), seccion: z.string(), periodo: z.string() }),
  students: z.array(
    z.object({
      inscriptionId: z.number().int(),
      studentId: z.number().int(),
      doc: z.string(),
      year: z.number().int(),
      name: z.string(),
      email: z.string(),
      selected: z.boolean(),
    }),
  ),
  sections: z.array(zOption),
});

export const zMoveInscripcion = z.strictObject({
  subjectId: zRequiredId(MSG.moveSeccionRequired),
  students: z
    .array(z.strictObject({ inscriptionId: z.number().int().positive() }), { error: MSG.moveAlumnoRequired })
    .min(1, MSG.moveAlumnoRequired)
    .max(5000),
});
export type MoveInscripcion = z.input<typeof zMoveInscripcion>;
export const zMoveInscripcionReply = z.object({ moved: z.number().int() });
