import { z } from 'zod';
import { zText } from './text.js';
import { MSG_EXAMENES } from '../messages-exams.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { personaFields, zId } from './common.js';
import { figurasExamenFields, figurasMateriaFields, zRectificacionVigente } from './figures.js';
import { zInstant, zOption, zOptionalId, zOptionalText, zRequiredId, zRequiredText } from './options.js';

export const NRO_ACTA_MAX = 128;
export const NOTAS_OBSERVACIONES_MAX = 2048;
export const EXAMEN_PERIODO_MAX = 64;
export const EXAMEN_AULA_MAX = 64;
export const MY_EXAMENES_PAGE_SIZE = 100;

/**
 * The acta's figures are stored with two decimals (numeric(5,2)); the API returns them so (an attendance of
 * 64.25) and must accept them back. More decimals are refused, not rounded: a value is kept as sent.
 */
export const zPercent = z
  .number({ error: MSG_EXAMENES.percentRange })
  .min(0, MSG_EXAMENES.percentRange)
  .max(100, MSG_EXAMENES.percentRange)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MSG_EXAMENES.percentDecimals);
/** A percentage the user may leave empty (null: not recorded; a missing PF is 'Ausente'). */
export const zOptionalPercent = zPercent.nullable().optional();
/** The four figures of an exam enrolment as a save sends them (the grade is the server's to compute). */
export const figurasExamenSaveFields = {
  porcentajeAsistencia: zOptionalPercent,
  porcentajePP: zOptionalPercent,
  porcentajePF: zOptionalPercent,
  porcentajePC: zOptionalPercent,
};
const zCalificacion = z
  .number({ error: MSG_EXAMENES.calificacionRequired })
  .int(MSG_EXAMENES.calificacionRequired)
  .min(0, MSG_EXAMENES.calificacionRequired)
  .max(5, MSG_EXAMENES.calificacionRequired);

/** Instance of an exam enrolment: `item.motivo` says why a blocked one (3) is blocked. */
export const zInstancia = zOption.extend({ item: z.object({ motivo: z.string().nullable() }) });

export const zInscripcionExamen = z.object({
  id: z.number().int(),
  examenId: z.number().int(),
  perfilAlumnoId: z.number().int(),
  usuarioId: z.number().int(),
  fechaInscripcion: z.string(),
  usuarioInscripcion: z.string().nullable(),
  ...figurasExamenFields,
  /** Set when the figures are an acta rectificativa's rather than the sealed acta's. */
  rectificacion: zRectificacionVigente,
  /**
   * The exam is not held yet and the row has no score: its grade is shown empty, not 0 'Ausente' (the stored
   * calificacion stays 0 either way).
   */
  calificacionPendiente: z.boolean(),
  instancia: zInstancia,
  /** The subject-period's current figures: an inconsistent row shows where they differ. */
  asistenciaMateria: z.number().nullable(),
  ppMateria: z.number().nullable(),
  esInconsistente: z.boolean(),
  ...personaFields,
});
export type InscripcionExamen = z.infer<typeof zInscripcionExamen>;

export const zExamen = z.object({
  id: z.number().int(),
  fecha: z.string(),
  fechaLimiteInscripcion: z.string(),
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  codigoMateria: z.string(),
  seccion: z.string(),
  interventorId: z.number().int(),
  interventorAuxiliarId: z.number().int().nullable(),
  profesorId: z.number().int().nullable(),
  periodo: z.string(),
  periodoLectivoId: z.number().int(),
  periodoLectivo: z.string(),
  carreraId: z.number().int(),
  carrera: z.string(),
  notasObservaciones: z.string().nullable(),
  aula: z.string().nullable(),
  nroActa: z.string(),
  estado: zOption,
  cantidadInscriptos: z.number().int(),
  /** Its figures were changed after enrolment (some row differs from the subject's values). */
  modificado: z.boolean(),
  fechaSellado: z.string().nullable(),
  codigoVerificacion: z.string().nullable(),
  /** The caller may change scores (staff, or the exam's professor) while it is not sealed. */
  puedeCalificar: z.boolean(),
  inscriptos: z.array(zInscripcionExamen),
});
export type Examen = z.infer<typeof zExamen>;

export const zExamenSave = z.strictObject({
  id: zOptionalId,
  fecha: zInstant(MSG_EXAMENES.fechaRequired),
  fechaLimiteInscripcion: zInstant(MSG_EXAMENES.fechaLimiteRequired),
  materiaPeriodoId: zRequiredId(MSG_EXAMENES.materiaRequired),
  interventorId: zRequiredId(MSG_EXAMENES.interventorRequired),
  interventorAuxiliarId: zOptionalId,
  profesorId: zOptionalId,
  periodo: zRequiredText(MSG_EXAMENES.periodoRequired, EXAMEN_PERIODO_MAX),
  notasObservaciones: zOptionalText(NOTAS_OBSERVACIONES_MAX),
  aula: zOptionalText(EXAMEN_AULA_MAX),
  nroActa: zRequiredText(MSG_EXAMENES.nroActaRequired, NRO_ACTA_MAX),
});
export type ExamenSave = z.infer<typeof zExamenSave>;

/** Stamp and open take the exam as `GET /api/exams/{id}` returns it and use only its id. */
export const zExamenRef = z.object({ id: zId });
/**
 * 'Abrir examen': the spec sends the id and the exam body; the reason is Arandu's own, recorded with the
 * reopening (who, when, why). The web always asks for it; a call without it is recorded as given no reason.
 */
export const zExamenOpen = zExamenRef.extend({
  motivo: zText().trim().min(10, MSG_EXAMENES.reopenReason).max(500, MSG_EXAMENES.reopenReason).optional(),
  /** The resolution that ordered the reopening (issue 30), printed on the acta that replaces this one. */
  resolucion: zText().trim().min(1, MSG_EXAMENES.reopenResolucion).max(64, MSG_EXAMENES.reopenResolucion).optional(),
});

export const zExamenFilters = z.object({
  viewPageAs: z.number().int().min(0).max(3).optional(),
  estado: z.array(z.number().int()).max(10).optional(),
  periodo: z.array(z.number().int().positive()).max(50).optional(),
});
export const zExamenListRequest = zPageRequest(zExamenFilters);

/** A row of the exam list: the exam's own fields, without its students and ids. */
export const zExamenRow = zExamen.pick({
  id: true,
  fecha: true,
  fechaLimiteInscripcion: true,
  materia: true,
  codigoMateria: true,
  seccion: true,
  carrera: true,
  periodo: true,
  periodoLectivo: true,
  nroActa: true,
  estado: true,
  cantidadInscriptos: true,
});
export type ExamenRow = z.infer<typeof zExamenRow>;
export const zExamenPage = zPageReply(zExamenRow);

export const zExamenMateriaOption = zOption.extend({
  carreraId: z.number().int(),
  profesorId: z.number().int().nullable(),
});
export const zExamenFormData = z.object({
  carreras: z.array(zOption),
  periodos: z.array(zOption),
  materias: z.array(zExamenMateriaOption),
  profesores: z.array(zOption),
});

/** Print data of the four records (spec 02 section 2). */
export const zActaAlumno = z.object({
  id: z.number().int(),
  ...personaFields,
  ...figurasExamenFields,
  /** As in the exam's rows: the grade is still to come; its words and observation are empty. */
  calificacionPendiente: z.boolean(),
  calificacionLetras: z.string(),
  instancia: zInstancia,
  observacion: z.string(),
});
export type ActaAlumno = z.infer<typeof zActaAlumno>;
export const ACTA_EXTRAS = ['inscriptos', 'recuperatorio', 'final', 'all'] as const;
export type ActaExtra = (typeof ACTA_EXTRAS)[number];
export const zActa = z.object({
  facultad: z.string(),
  /** The dean's name for the 'Decano' signature line; null when the faculty has not set it. */
  decano: z.string().nullable().optional(),
  examen: zExamen.omit({ inscriptos: true, puedeCalificar: true }).extend({
    interventor: z.string(),
    interventorAuxiliar: z.string().nullable(),
    profesor: z.string().nullable(),
    semestre: z.number().int(),
    /** The sealed version's SHA-256 (see zActaVerificacion) and its number of students; null unsealed. */
    digesto: z.string().nullable(),
    cantidadSellada: z.number().int().nullable(),
    /** The exam's last reopening: this acta replaces the version it reopened (issue 30). */
    reapertura: z
      .object({
        motivo: z.string().nullable(),
        resolucion: z.string().nullable(),
        fecha: z.string(),
        codigoReemplazado: z.string(),
      })
      .nullable()
      .optional(),
  }),
  inscriptos: z.array(zActaAlumno),
});
export type Acta = z.infer<typeof zActa>;
export const zActaParams = z.object({ id: zId, extra: z.enum(ACTA_EXTRAS) });

/**
 * The public verification of one sealed version of an acta: what the paper must show to be genuine, and no
 * names or document numbers. `reemplazada` when the version was reopened (with the version that replaced
 * it, once there is one); the summary is null only for versions reopened before Arandu kept summaries.
 */
export const zActaVerificacion = z.object({
  codigo: z.string(),
  nroActa: z.string(),
  materia: z.string(),
  fechaSellado: z.string(),
  vigente: z.boolean(),
  cantidadAlumnos: z.number().int().nullable(),
  /** How many students got each grade, 0 (Ausente) to 5. */
  distribucion: z.array(z.object({ calificacion: z.number().int(), cantidad: z.number().int() })).nullable(),
  /** SHA-256 of the lines 'documento;calificación' ordered by document, as printed on the acta. */
  digesto: z.string().nullable(),
  reemplazada: z
    .object({
      fechaReapertura: z.string(),
      codigo: z.string().nullable(),
      fechaSellado: z.string().nullable(),
    })
    .nullable(),
  /**
   * The actas rectificativas that correct this version (issue 43: the page tells the whole truth), oldest
   * first; each verifies on the same page by its own code.
   */
  rectificaciones: z.array(z.object({ nroRectificacion: z.string(), fecha: z.string(), codigo: z.string() })),
});
export type ActaVerificacion = z.infer<typeof zActaVerificacion>;
export const zVerifyParams = z.object({
  code: zText()
    .trim()
    .regex(/^[0-9A-Fa-f]{12}$/, MSG_EXAMENES.verifyUnknown),
});

// ---- exam enrolments (/api/inscripcionexamen)

export const zCalificacionOption = zOption.extend({ color: z.string() });
export const zAlumnoOption = zOption.extend({ usuarioId: z.number().int(), inscripto: z.boolean() });
export const zExamenInscripcionFormData = z.object({
  examen: zExamen.omit({ inscriptos: true }).nullable(),
  alumnos: z.array(zAlumnoOption),
  calificaciones: z.array(zCalificacionOption),
});
export const zFormDataParams = z.object({ examId: zId, loadStudents: z.enum(['true', 'false']) });

export const zInscribirme = z.object({
  examenId: zRequiredId(MSG_EXAMENES.notFound),
  id: z.literal(0).optional(),
  perfilAlumnoId: zRequiredId(MSG_EXAMENES.alumnoRequired),
  calificacion: z.literal(0).optional(),
});

export const zInscribir = z.strictObject({
  id: z.number().int().min(0).optional(),
  examenId: zRequiredId(MSG_EXAMENES.notFound),
  usuarioId: z.number().int().optional(),
  perfilAlumnoId: zRequiredId(MSG_EXAMENES.alumnoRequired),
  fechaInscripcion: zInstant(MSG_EXAMENES.fechaInscripcionRequired),
  ...figurasExamenSaveFields,
  calificacion: zCalificacion.optional(),
});
export type Inscribir = z.infer<typeof zInscribir>;

export const zInscripcionesSave = z.object({
  examenId: zRequiredId(MSG_EXAMENES.notFound),
  inscripcionExamenSaves: z
    .array(
      z.object({
        examenId: z.number().int(),
        id: z.number().int().min(0),
        selected: z.boolean(),
        perfilAlumnoId: z.number().int().positive(),
        usuarioId: z.number().int().optional(),
      }),
    )
    .max(2000),
});
export type InscripcionesSave = z.infer<typeof zInscripcionesSave>;
/** What adding and removing students did: the counts, and each student refused with why. */
export const zInscripcionesSaveReply = z.object({
  agregados: z.number().int(),
  quitados: z.number().int(),
  rechazados: z.array(z.object({ perfilAlumnoId: z.number().int(), motivo: z.string() })),
});

export const zUpdateCalificacion = z.strictObject({
  inscripcionId: zId,
  ...figurasExamenSaveFields,
  /** Accepted for the spec's shape; the server computes the grade itself (DOMAIN.md 6). */
  calificacion: zCalificacion.nullable().optional(),
});
export type UpdateCalificacion = z.infer<typeof zUpdateCalificacion>;

/** The student's exam list item (spec 02 section 3): history rows and available-exam cards. */
export const zMiExamen = z.object({
  id: z.number().int(),
  examenId: z.number().int(),
  materia: z.string(),
  codMateria: z.string(),
  carrera: z.string(),
  malla: z.string(),
  semestre: z.number().int(),
  fechaExamen: z.string(),
  fechaInscripcion: z.string().nullable(),
  fechaLimiteInscripcionExamen: z.string(),
  fechaInscripcionMateria: z.string(),
  inscripto: z.boolean(),
  estadoExamen: zOption,
  instancia: zInstancia,
  causa: z.enum(['asistencia', 'pp']).nullable(),
  ...figurasExamenFields,
  /** Set when the figures are an acta rectificativa's rather than the sealed acta's. */
  rectificacion: zRectificacionVigente,
  studentId: z.number().int(),
});
export type MiExamen = z.infer<typeof zMiExamen>;
export const zMiExamenPage = zPageReply(zMiExamen);
export const zMyExamenesRequest = zPageRequest(
  z.object({ search: zSearchText.optional(), periodoId: z.number().int().positive().optional() }),
);
export const zAvailableRequest = zPageRequest(z.object({}).optional());

/** `POST /api/studentsubjects/mis_derechos_a_examenes`: each subject enrolment and its exam right. */
export const zDerechoExamen = z.object({
  inscripcionMateriaId: z.number().int(),
  materia: z.string(),
  codMateria: z.string(),
  periodo: z.string(),
  ...figurasMateriaFields,
  fechaExpiracion: z.string().nullable(),
  instancia: zInstancia,
  causa: z.enum(['asistencia', 'pp']).nullable(),
});
export const zDerechoExamenPage = zPageReply(zDerechoExamen);

/** `PUT /api/exams/alumnos-materia/{id}`: the exam's subject students for the add/remove checklist. */
export const zAlumnosMateriaExamenRequest = z.object({
  filters: z.object({ search: zText().trim().max(32, MSG_EXAMENES.studentFilterTooLong).optional() }).optional(),
});
export const zAlumnoMateriaExamen = z.object({
  perfilAlumnoId: z.number().int(),
  usuarioId: z.number().int(),
  inscripcionExamenId: z.number().int(),
  ...personaFields,
  email: z.string(),
  inscripto: z.boolean(),
});
export type AlumnoMateriaExamen = z.infer<typeof zAlumnoMateriaExamen>;

export const zHorarioMateria = z.object({
  dia: z.string(),
  horaInicio: z.string(),
  horaFin: z.string(),
  aula: z.string().nullable(),
});
