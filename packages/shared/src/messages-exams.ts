/**
 * Spanish texts of exams, actas and exam enrolment (spec 02 sections 5 and 8, quoted exactly, typos
 * included). Texts the spec does not give (eligibility reasons, refusals) are written in the same voice.
 */
export const MSG_EXAMENES = {
  // spec 02 section 8: exams
  listLoadFailed: 'Error al intentar cargar la lista de exámenes',
  deleted: 'Examen borrado exitosamente',
  notFound: 'El examen no existe',
  deleteFailed: 'Error al intentar borrar el examen',
  stamped: 'Examen sellado exitosamente',
  stampFailed: 'Error al intentar sellar el examen',
  opened: 'Examen abierto exitosamente',
  openFailed: 'Error al intentar abrir el examen',
  downloaded: 'Archivo descargado exitosamente',
  downloadFailed: 'Error al intentar descargar la planilla de calificaciones del examen',
  saved: 'Examen guardado exitosamente',
  saveFailed: 'Ocurrió un error al intentar guardar el examen',
  loadFailed: 'Error al intentar cargar los datos del examen',

  // spec 02 section 8: exam enrolment
  availableLoadFailed: 'Error al intentar cargar la lista de exámenes disponibles',
  enrolled: 'Inscripción realizada exitosamente',
  enrolFailed: 'Error al intentar inscribirse al examen',
  inscriptionNotFound: 'La inscripción a examen no existe',
  inscriptionLoadFailed: 'Error al intentar cargar los datos de la inscripción.',
  inscriptionSaved: 'Inscripción a examen guardado exitosamente',
  inscriptionSaveFailed: 'Ocurió un error al intentar guardar la inscripción examen',
  inscriptionsSaved: 'Inscripciones a examen guardado exitosamente',
  inscriptionDeleteNotFound: 'La inscripción de examen no existe',
  inscriptionDeleteFailed: 'Error al intentar borrar la inscripción examen',
  scoresSaved: 'Asistencia y/o notas guardada(s) exitosamente.',
  scoresSaveFailed: 'Ocurrió un error al intentar guardar la asistencia y/o nota.',
  noPendingExams: 'No tienes exámenes pendientes',

  // spec 02 section 5: validation
  alumnoRequired: 'Debe seleccionar el alumno',
  fechaInscripcionRequired: 'Debe ingresar la fecha',
  percentRange: 'Debe ingresar valor en el rango 0 - 100',
  calificacionRequired: 'Valor requerido',
  materiaRequired: 'Debe seleccionar una materia',
  interventorRequired: 'Debe seleccionar un interventor',
  fechaRequired: 'Debe ingresar la fecha del examen',
  fechaLimiteRequired: 'Debe ingresar la fecha límite inscripción',
  periodoRequired: 'Debe ingresar el periodo',
  nroActaRequired: 'Debe ingresar el número de acta',

  // refusals the spec does not word (DOMAIN.md section 6)
  notActive: 'El examen no está activo: no puede modificarse',
  sealed: 'El examen está sellado: sus notas no pueden modificarse',
  pfNotForRecuperatorio: 'El alumno está inscripto en Recuperatorio: se califica con su % PC, no con un % PF',
  pcNotForFinal: 'El alumno está inscripto en Final: se califica con su % PF, no con un % PC',
  deleteOnlyActive: 'Sólo un examen activo puede borrarse',
  alreadySealed: 'El examen ya está sellado',
  /** Followed by the exam's date and time in parentheses (issue 30). */
  beforeExam: 'El examen aún no se realizó: las notas se cargan y el acta se sella a partir de su fecha y hora',
  notSealed: 'El examen no está sellado',
  reopenRootOnly: 'Sólo el administrador raíz puede abrir un examen sellado',
  alreadyEnrolled: 'Ya está inscripto en este examen',
  notEligible: 'No cumple los requisitos para inscribirse a este examen',
  alumnoNotInSubject: 'El alumno no está inscripto en la materia del examen',
  fechaLimiteAfterFecha: 'La fecha límite de inscripción no puede ser posterior a la fecha del examen',
  materiaNotPublished: 'La materia del examen debe estar publicada',
  interventorNotProfessor: 'El interventor debe ser un profesor',
  profesorNotProfessor: 'El profesor debe ser un profesor',
  samePersonTwice: 'Una misma persona no puede firmar el acta dos veces: elija otro profesor',
  studentFilterTooLong: 'El filtro admite hasta 32 caracteres',
  verifyUnknown: 'No existe un acta sellada con ese código',
  percentDecimals: 'Admite hasta dos decimales',
  reopenReason: 'El motivo de la reapertura debe tener entre 10 y 500 caracteres',
  reopenResolucion: 'Debe indicar el número de resolución (hasta 64 caracteres)',

  // actas rectificativas (issue 30)
  rectificacionMotivo: 'Debe indicar el motivo de la rectificación',
  rectificacionSoloSellada: 'Sólo se rectifica el acta de un examen sellado',
  rectificacionAlumno: 'El alumno no está en el acta de este examen',
  rectificacionSinCambios: 'La rectificación no cambia ningún valor del acta',
  rectificacionForbidden: 'No tiene permiso para rectificar actas',
  rectificacionGrantRootOnly: 'Sólo el administrador raíz otorga el permiso de rectificar actas',
  rectificacionGrantFuncionario: 'El permiso de rectificar actas se otorga a un Funcionario',
  rectificacionGrantSaved: 'Permiso de rectificar actas actualizado',
  rectificacionDesconocida: 'No existe un acta rectificativa con ese código',
  rectificada: 'Acta rectificativa sellada exitosamente',
  rectificacionFailed: 'Error al intentar rectificar el acta',
  // rectifications of a sealed subject-period's record (issue 30)
  rectificacionMateriaSoloSellada: 'Sólo se rectifica el registro de una materia sellada',
  rectificacionMateriaAlumno: 'El alumno no está inscripto en esta materia',
  rectificacionMateriaSinCambios: 'La rectificación no cambia ningún valor del registro de la materia',
  rectificadaMateria: 'Rectificación sellada exitosamente',
  rectificacionMateriaFailed: 'Error al intentar rectificar el registro de la materia',

  // eligibility reasons (motivo of instance 3)
  motivoAsistencia: 'Asistencia insuficiente',
  motivoNoPublicada: 'La materia aún no fue publicada',
  motivoExpirada: 'El derecho a examen expiró',
  motivoAprobada: 'La materia ya fue aprobada',
  motivoFechaLimite: 'Pasó la fecha límite de inscripción',
} as const;
