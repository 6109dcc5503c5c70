/** Spanish texts of seat limits, waiting lists, parallel sections and schedule clashes (issue 29). */
export const CUPO_MSG = {
  cupoLabel: 'Cupo',
  cupoHint: 'Vacío: sin límite',
  cupoInvalid: 'El cupo debe ser un número entero entre 1 y 10000',
  cupoUnderEnrolled: (inscriptos: number, ofertas: number) =>
    ofertas > 0
      ? `El cupo no puede ser menor que los ${inscriptos} inscriptos más ${ofertas} lugar(es) ofrecido(s) a la lista de espera`
      : `El cupo no puede ser menor que ${inscriptos === 1 ? 'el alumno inscripto' : `los ${inscriptos} alumnos inscriptos`}`,
  cupoRemovedWithList: 'No se puede quitar el cupo mientras hay alumnos en lista de espera: auméntelo en su lugar',
  sinCupo: (posicion: number) => `Sin cupo: quedó en lista de espera (posición ${posicion})`,
  /** The pre-check's reason for a full subject-period (issue 29): the save would put the student on the list. */
  sinCupoValidar: 'Sin cupo: al guardar quedaría en lista de espera',
  sinCupoMove: 'La sección destino no tiene cupo',
  /** The enrolment form's line before choosing (issue 44): the seats a capped section has left, or none. */
  quedan: (n: number) => (n === 1 ? 'Queda 1 lugar' : `Quedan ${n} lugares`),
  sinCupoForm: 'Sin cupo: lista de espera',
  sinCupoStaff: 'La materia no tiene cupo: un administrador puede inscribir por sobre el cupo marcando "Sobrecupo"',
  sobrecupoAdminOnly: 'Solo un administrador puede inscribir por sobre el cupo',

  listaEsperaTitle: 'Lista de espera',
  notOnList: 'No está en la lista de espera de esta materia',
  noOffer: 'No tiene una oferta abierta de lugar en esta materia',
  offerLapsed: 'La oferta de lugar venció',
  offerAccepted: 'Inscripción realizada: aceptó el lugar ofrecido',
  leftList: 'Salió de la lista de espera',
  moveReasonRequired: 'Debe indicar el motivo del cambio de orden',
  movePositionInvalid: 'La posición no es válida',
  moved: 'Orden de la lista de espera actualizado',
  offerMailSubject: (materia: string) => `Hay un lugar para usted en ${materia}`,
  offerMailBody: (v: { nombre: string; materia: string; vence: string }) =>
    `Hola ${v.nombre}:\n\nSe liberó un lugar en ${v.materia}, en cuya lista de espera usted está primero. ` +
    `Puede aceptarlo desde su Tablero en Arandu hasta el ${v.vence}; pasado ese plazo, el lugar se ofrece al ` +
    `siguiente de la lista.\n`,

  paralelaTitle: 'Abrir sección paralela',
  paralelaConfirm: (cupo: number | null) =>
    `Se creará una nueva sección de la misma materia y periodo${cupo ? ` con cupo ${cupo}` : ''}. ` +
    'Complete luego su horario y profesor: sus lugares se ofrecen a la lista de espera en orden cuando tenga horario.',
  paralelaCreated: (seccion: string) => `Sección ${seccion} creada`,
  paralelaNoList: 'La materia no tiene lista de espera',

  profesorClash: (profesor: string, otra: string) => `${profesor} ya dicta ${otra} en ese horario`,
  aulaClash: (aula: string, otra: string) =>
    `El aula ${aula} ya está ocupada por ${otra} en ese horario (indique un motivo si el aula se comparte)`,
} as const;
