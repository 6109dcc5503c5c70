/**
 * Spanish texts of subject enrolment (spec 02 sections 2, 5 and 8; issue 11). Spec texts are quoted exactly,
 * typos included; the per-line rule answers are written in the same voice.
 */
export const ENROL_MSG = {
  // screens
  formTitle: 'Inscripción a materias',
  listTitle: 'Inscripciones a materias',
  editTitle: 'Datos de la inscripción',
  inscribaseAqui: 'Inscríbase Aquí',
  nuevaInscripcion: 'Nueva inscripción',
  verTareas: 'Ver tareas',
  manifiestoTitle: 'Manifiesto de Conformidad',
  manifiestoText:
    'Declaro conocer y me comprometo a cumplir los reglamentos académicos y disciplinarios de la Facultad, ' +
    'y que los datos de mi ficha son verdaderos.',
  manifiestoAccept: 'Sí, Acepto',
  manifiestoBack: 'No, Volver',
  dashboardEmpty: 'No tienes materias marcadas para ver en el Tablero.',
  dashboardHint: "Marque con la estrella las materias que quiere ver aquí, en 'Mis Materias'.",

  // validation (spec 02 section 5)
  alumnoRequired: 'Debe seleccioanr el alumno',
  mallaRequired: 'Debe seleccioanr la malla',
  semestreRequired: 'Debe ingresar un semestre',
  materiaRequired: 'Debe ingresar una materia',
  materiasRequired: 'Debe marcar o desmarcar al menos una materia',
  tooManyLines: 'Se pueden cambiar hasta 100 materias a la vez',

  // loading (spec 02 section 8)
  materiaLoadFailed: 'Error al intentar cargar los datos de la materia',
  materiasLoadFailed: 'Error al intentar cargar la lista de materias',
  requiredDataLoadFailed: 'Error al intentar cargar los datos requeridos',
  alumnosLoadFailed: 'Error al intentar cargar los datos de alumnos',
  inscripcionNotFound: 'La inscripción a esta materia no existe',
  inscripcionLoadFailed: 'Error al intentar cargar los datos de la inscripción',
  studentNotFound: 'El alumno no existe',

  // saving and deleting (spec 02 section 8)
  saved: 'Inscripción guardada exitosamente',
  saveFailed: 'Ocurió un error al intentar guardar la inscripción',
  deleted: 'Inscripción borrada exitosamente',
  deleteFailed: 'Error al intentar borrar la inscripción',
  deleteConfirm: '¿Está seguro de que desea borrar la inscripción a esta materia?',
  tableroAdded: 'Materia agregada al tablero exitosamente',
  tableroRemoved: 'Materia quitada del tablero exitosamente',
  tableroFailed: 'Error al intentar quitar la materia del tablero',

  // rules (DOMAIN.md section 4): one answer per changed line
  lineEnrolled: 'Inscripción realizada',
  lineAlreadyEnrolled: 'Ya estaba inscripto en la materia',
  lineUnenrolled: 'Inscripción quitada',
  lineNotEnrolled: 'No estaba inscripto en la materia',
  materiaPeriodoMissing: 'La materia no existe',
  notActivePeriod: 'La materia no se ofrece en el periodo activo',
  notInMalla: 'La materia no pertenece a la malla del alumno',
  otherSection: 'Ya está inscripto en otra sección de la materia',
  alreadyPassed: 'Ya aprobó la materia',
  hasMarks: 'No se puede quitar la inscripción: ya tiene notas o asistencias registradas',
  published: 'La materia ya fue publicada o sellada: su inscripción no puede cambiarse',
  windowClosed: 'El periodo de inscripción está cerrado',
  windowNotYet: 'La inscripción todavía no abrió: puede validar su selección ahora y guardarla cuando abra',
  alreadyEnrolledReason: 'Ya está inscripto en la materia',
  validar: 'Validar',
  prepareHint: "Puede marcar materias y presionar 'Validar' para revisar su selección; no se guarda nada.",
  saveNeedsWindow: 'Guardar se habilita mientras el periodo de inscripción está abierto',
  validarTitle: 'Validación de la selección',
  validarOk: 'Se puede inscribir',
  validarAllOk: 'Todas las materias seleccionadas pueden guardarse',
  validarFailed: 'Error al intentar validar la selección',
  noActivePeriod: 'No hay un periodo activo',
  conformidadRequired: 'Debe aceptar el Manifiesto de Conformidad para inscribirse',
  notAStudent: 'El usuario no tiene ficha de alumno',
  noStudentRecordYet:
    'La secretaría de la facultad todavía no cargó su ficha (carrera, malla y legajo). Hasta entonces no puede inscribirse en materias ni en exámenes.',
  mallaNotStudents: 'La malla no es la del alumno',
  subjectChangeWithMarks: 'No se puede cambiar la materia: la inscripción ya tiene notas o asistencias registradas',
} as const;

/** The error line of a subject whose class times overlap another enrolment's (DOMAIN.md section 4). */
export function clashMessage(otherMateria: string): string {
  return `El horario coincide con el de ${otherMateria}`;
}

/** How many of the subjects asked for were done, for one kind of change (enrol or leave). */
export interface LineCount {
  done: number;
  of: number;
}

const materias = (n: number) => (n === 1 ? 'materia' : 'materias');

/**
 * The first line of a save's answer (issue 34): 'Se inscribió en 1 de 2 materias', so a refused line is never
 * taken for a full success.
 */
export function inscripcionSummary(enrolled: LineCount, left: LineCount): string {
  const parts: string[] = [];
  if (enrolled.of > 0) parts.push(`Se inscribió en ${enrolled.done} de ${enrolled.of} ${materias(enrolled.of)}`);
  if (left.of > 0) {
    parts.push(`Se quitó la inscripción de ${left.done} de ${left.of} ${materias(left.of)}`);
  }
  return `${parts.join('. ')}.`;
}
