import { zCorrelativa } from './mallas.js';
import { z } from 'zod';
import { zListaEsperaLine } from './seats.js';
import { ENROL_MSG } from '../messages-enrolment.js';
import { zPageReply, zPageRequest, zSearchText } from '../paging.js';
import { zId } from './common.js';
import { figurasMateriaFields } from './figures.js';
import { zRendimientoAlumno } from './subject-periods.js';
import { zOption, zRequiredId } from './options.js';

/** The most lines one save-inscription may carry: a whole malla is about 60 subjects. */
export const MAX_INSCRIPCION_LINES = 100;

// ---------------------------------------------------------------- the enrolment form (save-inscription)

export const zHorarioSlot = z.object({
  id: z.number().int(),
  dia: zOption,
  horaInicio: z.string(),
  horaFin: z.string(),
});
export type HorarioSlot = z.infer<typeof zHorarioSlot>;

/** A subject-period offered to the student in the form (spec 02 section 3, plus section and state). */
export const zMateriaInscripcion = z.object({
  materiaPeriodoId: z.number().int(),
  nombre: z.string(),
  codigo: z.string(),
  seccion: z.string(),
  horarios: z.array(zHorarioSlot),
  inscripto: z.boolean(),
  /** Already passed: offered for information, not to tick. */
  aprobada: z.boolean(),
  /**
   * Why the subject cannot be taken as things stand, before the student chooses (issue 44): the words 'Validar'
   * and Guardar give (a correlative missing, another section taken, a clash with an enrolment); empty when none.
   */
  motivos: z.array(z.string()).optional(),
  /** A capped section's seats: how many are left (0 when full or students wait: the save puts one on the list). */
  cupo: z.object({ cupo: z.number().int(), quedan: z.number().int() }).nullable().optional(),
});
export type MateriaInscripcion = z.infer<typeof zMateriaInscripcion>;

export const zSemestreInscripcion = z.object({
  id: z.number().int(),
  nombre: z.string(),
  materias: z.array(zMateriaInscripcion),
});

/** GET /api/studentsubjects/subjects_by_semesters/{perfilAlumnoId}. */
export const zMateriasBySemesters = z.object({
  perfilAlumnoId: z.number().int(),
  alumno: z.string(),
  malla: z.string(),
  periodo: zOption.nullable(),
  enableInscription: z.boolean(),
  /** The window is still ahead (issue 29): the form lets the student prepare and validate a selection. */
  inscripcionPorAbrir: z.boolean().optional(),
  /** The student accepted the 'Manifiesto de Conformidad' for the active period. */
  conforme: z.boolean(),
  semestres: z.array(zSemestreInscripcion),
});
export type MateriasBySemesters = z.infer<typeof zMateriasBySemesters>;

/** GET /api/studentsubjects/my-student: the caller's own student profile, for the student view of the form. */
export const zMyAlumno = z.object({ perfilAlumnoId: z.number().int(), alumno: z.string(), malla: z.string() });

/** POST /api/studentsubjects/save-inscription (spec 02 section 3). */
export const zSaveInscripcion = z.object({
  materiasModificadas: z
    .array(
      z.object({
        materiaPeriodoId: zId,
        inscripto: z.boolean(),
        /** An Admin's explicit enrolment over the subject-period's cap (audited). */
        sobrecupo: z.boolean().optional(),
      }),
      { error: ENROL_MSG.materiasRequired },
    )
    .min(1, ENROL_MSG.materiasRequired)
    .max(MAX_INSCRIPCION_LINES, ENROL_MSG.tooManyLines),
  perfilAlumnoId: z.union([z.number(), z.string()], { error: ENROL_MSG.alumnoRequired }).pipe(zId),
  conforme: z.boolean().default(false),
});
export type SaveInscripcion = z.input<typeof zSaveInscripcion>;

/** One line of the save-inscription reply: success or error, for one changed subject. */
export const zInscripcionLine = z.object({
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  success: z.string().optional(),
  error: z.string().optional(),
  /** The subject-period was full: the student is on its waiting list at this position. */
  listaEspera: zListaEsperaLine.optional(),
});
export type InscripcionLine = z.infer<typeof zInscripcionLine>;
export const zSaveInscripcionReply = z.array(zInscripcionLine);

/** One line of POST /api/studentsubjects/validar (issue 29): whether the save would take it, and every reason. */
export const zInscripcionCheck = z.object({
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  ok: z.boolean(),
  motivos: z.array(z.string()),
});
export type InscripcionCheck = z.infer<typeof zInscripcionCheck>;
export const zValidarReply = z.array(zInscripcionCheck);

// ---------------------------------------------------------------- the enrolment list

export const zInscripcionListFilters = z.object({
  numeroSemestre: z.coerce.number().int().min(1).max(10).nullish(),
  periodoId: zId.nullish(),
  /** Subject name or code. */
  materia: zSearchText.optional(),
  /** Staff only: the student's name, surname, document or legajo. */
  alumno: zSearchText.optional(),
});
export const zInscripcionListRequest = zPageRequest(zInscripcionListFilters);
export type InscripcionListFilters = z.input<typeof zInscripcionListFilters>;

/** A subject enrolment (spec 02 section 3), plus section, state and the dashboard star. */
export const zInscripcionItem = z.object({
  id: z.number().int(),
  perfilAlumnoId: z.number().int(),
  mallaId: z.number().int(),
  mallaNombre: z.string(),
  semestreId: z.number().int(),
  semestreNombre: z.string(),
  materiaId: z.number().int(),
  materiaCodigo: z.string(),
  materiaNombre: z.string(),
  materiaPeriodoId: z.number().int(),
  seccion: z.string(),
  numeroLegajo: z.number().int(),
  nombreAlumno: z.string(),
  apellidoAlumno: z.string(),
  nombreMalla: z.string(),
  nombreCarrera: z.string(),
  numeroSemestre: z.number().int(),
  periodo: zOption,
  ...figurasMateriaFields,
  cantidadTareas: z.number().int(),
  mostrarEnTablero: z.boolean(),
  estado: zOption,
});
export type InscripcionItem = z.infer<typeof zInscripcionItem>;
export const zInscripcionPage = zPageReply(zInscripcionItem).extend({ enableInscription: z.boolean() });
export type InscripcionPage = z.infer<typeof zInscripcionPage>;

/** GET /api/studentsubjects/list-form-data: the list's filter options and whether the window is open. */
export const zInscripcionListFormData = z.object({
  periodos: z.array(zOption),
  semestres: z.array(zOption),
  enableInscription: z.boolean(),
});

/** POST /api/studentsubjects/add_subject_dashboard. */
export const zToggleTablero = z.object({ id: zId });
export const zToggleTableroReply = z.object({ mostrarEnTablero: z.boolean() });

// ---------------------------------------------------------------- new and edit (staff)

/** POST /api/studentsubjects: a new enrolment (admin) or a change of subject-period (staff). */
export const zInscripcionSave = z.object({
  id: zId.nullish().or(z.literal(0)),
  perfilAlumnoId: zRequiredId(ENROL_MSG.alumnoRequired),
  mallaId: zRequiredId(ENROL_MSG.mallaRequired),
  semestreId: zRequiredId(ENROL_MSG.semestreRequired),
  materiaPeriodoId: zRequiredId(ENROL_MSG.materiaRequired),
  /** Admin only: enrol over the cap (audited). */
  sobrecupo: z.boolean().optional(),
});
export type InscripcionSave = z.input<typeof zInscripcionSave>;

/** GET /api/studentsubjects/{id}. */
export const zInscripcionDetail = z.object({
  id: z.number().int(),
  perfilAlumnoId: z.number().int(),
  alumno: zOption,
  mallaId: z.number().int(),
  semestreId: z.number().int(),
  materiaPeriodoId: z.number().int(),
  materia: z.string(),
  periodo: zOption,
});
export type InscripcionDetail = z.infer<typeof zInscripcionDetail>;

/** GET /api/studentsubjects/new-inscription-form-data and /inscription-form-data. */
export const zInscripcionFormData = z.object({
  mallas: z.array(zOption),
  semestres: z.array(zOption),
  periodo: zOption.nullable(),
  enableInscription: z.boolean(),
});
export type InscripcionFormData = z.infer<typeof zInscripcionFormData>;

/** GET /api/studentsubjects/inscription-all-subjects/{mallaId}: the active period's offer of a malla. */
export const zInscripcionAllMaterias = z.array(zOption.extend({ semestreId: z.number().int() }));

// ---------------------------------------------------------------- dashboard and Mi Malla

/** A card of the student's dashboard (spec 02 sections 2 and 3). */
export const zTableroAlumnoItem = z.object({
  id: z.number().int(),
  inscripcionId: z.number().int(),
  seccion: z.string(),
  codigoMateria: z.string(),
  materia: z.string(),
  carrera: z.string(),
  semestre: z.number().int(),
  anho: z.number().int(),
  ...figurasMateriaFields,
  estado: zOption,
  rendimientoAlumno: zRendimientoAlumno,
});
export type TableroAlumnoItem = z.infer<typeof zTableroAlumnoItem>;
export const zTableroAlumno = z.array(zTableroAlumnoItem);

export const zMiMallaMateria = z.object({
  materiaMallaId: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  estado: z.enum(['aprobada', 'cursando', 'pendiente']),
  calificacion: z.number().int().nullable(),
  fechaExamen: z.string().nullable(),
  seccion: z.string().nullable(),
  /** Its correlatives (issue 29) and, for a subject still to take, what is missing to take it. */
  correlativas: z.array(zCorrelativa),
  bloqueos: z.array(z.string()),
});
export type MiMallaMateria = z.infer<typeof zMiMallaMateria>;

/** GET /api/studentsubjects/my-malla: 'Mi Malla' of the profile menu. */
export const zMiMalla = z.object({
  malla: z.string(),
  carrera: z.string(),
  total: z.number().int(),
  aprobadas: z.number().int(),
  cursando: z.number().int(),
  porcentaje: z.number().int(),
  semestres: z.array(z.object({ id: z.number().int(), nombre: z.string(), materias: z.array(zMiMallaMateria) })),
});
export type MiMalla = z.infer<typeof zMiMalla>;
