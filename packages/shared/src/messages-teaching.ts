/** Spanish texts of the teaching screens (spec 03 sections 2.6-2.10, 4, 5 and 8; spec 02 section 2). */
export const MSG_TEACHING = {
  // The student's PP where it is shown twice (issue 43): the stored one counts homework not yet scored as 0,
  // the early warning's counts only the scored homework; each screen names which one it shows.
  ppAcumulado: 'PP acumulado',
  ppAcumuladoAyuda: 'Cuenta como 0 las tareas aún sin calificar.',
  ppAlertaAyuda:
    'Este PP cuenta sólo las tareas ya calificadas; el PP acumulado de la materia, en su tarjeta y en su detalle, cuenta como 0 las que aún no se calificaron.',
  // subject status
  materiaPublicada: 'Materia publicada exitosamente',
  materiaSellada: 'Materia sellada exitosamente',
  materiaNotFound: 'La materia no existe',
  publicarFailed: 'Error al intentar publicar la materia',
  sellarFailed: 'Error al intentar sellar la materia',
  materiaLoadFailed: 'Error al intentar cargar los datos de la materia',
  materiaActualizada: 'Materia actualizada exitosamente.',
  materiaActualizarFailed: 'Error al intentar actualizar la materia',
  publicarConfirm: 'Una vez publicado ya no será editable.',
  sellarConfirm: 'Una vez sellado ya no será editable.',
  // Publishing cannot be undone (issue "never mislead"): the confirmation names the end of classes.
  publicarClasesTerminan: (fecha: string) => `Las clases del periodo terminan el ${fecha}.`,
  publicarClasesTerminaron: (fecha: string) => `Las clases del periodo terminaron el ${fecha}.`,
  publicarAntesDeFin: 'Todavía quedan clases: después de publicar no se podrán cargar sus tareas ni sus asistencias.',
  publicarIrreversible:
    'Las tareas, los puntajes, las asistencias y el % PP quedan fijos tal como están hoy, y la publicación no se puede deshacer.',
  publicarNotPreliminar: 'Sólo una materia en estado Preliminar puede publicarse.',
  sellarNotPublicado: 'Sólo una materia publicada puede sellarse.',
  frozen: 'La materia ya fue publicada o sellada: sus tareas, notas y asistencias no pueden modificarse',
  notEditable:
    'La materia ya no admite cambios: está publicada o venció la fecha límite para calificar tareas y tomar asistencias.',

  // homework
  tareaNotFound: 'La tarea de clase no existe',
  tareaLoadFailed: 'Error al intentar cargar los datos de la tarea de clase',
  tareaSaved: 'Tarea de clase guardada exitosamente',
  tareaSaveFailed: 'Ocurrió un error al intentar guardar la tarea de clase',
  puntajeSaved: 'Puntaje actualizado exitosamente.',
  puntajeSaveFailed: 'Ocurrió un error al intentar guardar el puntaje.',
  tareaDeleted: 'Tarea borrado exitosamente',
  tareaDeleteNotFound: 'La tarea no existe',
  tareaDeleteFailed: 'Error al intentar borrar tarea',
  tareaListLoadFailed: 'Error al intentar cargar la lista de tareas',
  tareaCannotDelete: 'No se puede borrar la tarea',
  tareaHasSubmissions: 'Hay alumnos que entregaron la tarea.',
  tareaInUse: 'No se puede borrar la tarea: hay alumnos que entregaron la tarea.',
  valorRequired: 'Debe ingresar un valor',
  tipoTareaRequired: 'Debe ingresar un tipo de tarea',
  fechaRequired: 'Debe ingresar una fecha',
  puntajeTotalInvalid: 'El puntaje total debe estar entre 1 y 5000',
  pesoInvalid: 'El porcentaje de peso debe estar entre 0 y 100',
  pesoSumTooHigh: 'La suma de los porcentajes de peso de las tareas de la materia no puede superar 100',
  puntajeInvalid: 'El puntaje obtenido debe estar entre 0 y el puntaje total de la tarea',
  inscripcionNotInMateria: 'El alumno no está inscripto en esta materia',
  sinPeso: 'Sin Peso',
  materiaSinPeso: 'Materia Sin Peso',

  // attendance
  asistenciaNotFound: 'La asistencia no existe',
  registroContenidoInvalid: 'El registro de contenido no es del cronograma de clases de esta materia',
  asistenciaLoadFailed: 'Error al intentar cargar los datos de la asistencia',
  asistenciaSaved: 'Asistencia guardado exitosamente',
  asistenciaSaveFailed: 'Ocurrió un error al intentar guardar la asistencia',
  presenciaSaved: 'Asistencia actualizado exitosamente.',
  presenciaTomada: 'Asistencia tomada éxitosamente',
  asistenciaDeleted: 'Asistencia borrada exitosamente',
  asistenciaDeleteFailed: 'Error al intentar borrar asistencia',
  asistenciaSinAlumnos: 'La asistencia no tiene alumnos',
  asistenciaListLoadFailed: 'Error al intentar cargar la lista de asistencias',
  textoTooLong: 'Admite hasta 64 caracteres',
  asistenciaFechaFutura: 'No se puede registrar asistencia de una fecha futura',
  asistenciaManual: 'La materia carga el porcentaje de asistencia a mano: no toma asistencias por sesión.',
  todosPresentes: 'Alumnos sin marcar registrados como presentes',
  sinPlaneamiento: 'Sin planeamiento: no se puede proyectar',
  sinPlaneamientoDetalle:
    'La materia no tiene cronograma de clases con fechas: no se sabe cuántas clases tendrá el semestre, así que ' +
    'no se indica quién ya no puede alcanzar el mínimo de asistencia para rendir examen.',

  // student
  alumnoNoInscripto: 'La materia no existe',
} as const;

/** The tooltip of 'No alcanza' in the attendance grid. */
export function noAlcanzaMessage(minimo: number): string {
  return `Ya no puede alcanzar el ${minimo} % requerido para rendir examen`;
}
