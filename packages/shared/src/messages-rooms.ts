/** Spanish texts of rooms, schedule clashes and the academic calendar (issue 45). */
const DIAS = ['', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados', 'domingos'];

/** 'los lunes 07:00-08:30': a weekly slot as the clash messages name it. */
export const slotText = (dia: number, inicio: string, fin: string) =>
  `los ${DIAS[dia] ?? ''} ${inicio.slice(0, 5)}-${fin.slice(0, 5)}`;

export const AULA_MSG = {
  aulaNotFound: 'El aula no existe',
  nombreRequired: 'El nombre del aula es obligatorio',
  nombreTaken: 'Ya existe un aula con ese nombre',
  edificioTooLong: 'El edificio admite hasta 64 caracteres',
  capacidadInvalid: 'La capacidad debe ser un número entero entre 1 y 10000',
  tipoInvalid: 'El tipo debe ser aula, laboratorio o auditorio',
  aulaInUse: 'El aula no se puede borrar: hay horarios que la usan',
  horarioAulaNotFound: 'El aula elegida no existe',
  aulaClash: (aula: string, slot: string, otra: string) => `El aula ${aula} está ocupada ${slot} por ${otra}`,
  profesorClash: (profesor: string, slot: string, otra: string) => `${profesor} ya dicta ${otra} ${slot}`,
  overrideAdminOnly: 'Solo un administrador puede compartir un aula ocupada, indicando el motivo',
  capacidadExcedida: (aula: string, capacidad: number, cupo: number) =>
    `El cupo (${cupo}) supera la capacidad del aula ${aula} (${capacidad})`,
  libresRangoInvalid: 'La hora de fin debe ser posterior a la de inicio',
  diaInvalid: 'Elija un día de la semana',
  periodoRequired: 'Elija un periodo',
  horaInvalid: 'La hora no es válida',
  importTitle: 'Aulas',
  aulaGuardada: 'Aula guardada',
  aulaBorrada: 'Aula borrada',
};

export const CALENDARIO_MSG = {
  periodoNotFound: 'El periodo no existe',
  fechaRequired: 'La fecha es obligatoria',
  nombreRequired: 'El nombre del día es obligatorio',
  fechaFueraDelPeriodo: (inicio: string, fin: string) =>
    `La fecha debe estar entre el inicio (${inicio}) y el fin de clases (${fin}) del periodo`,
  fechaTaken: 'Esa fecha ya está marcada como día sin clases',
  diaNotFound: 'Esa fecha no está marcada como día sin clases',
  /** The professor's plan page: planned sessions on a day without classes. */
  planificadasEnFeriado: (n: number) =>
    n === 1
      ? 'Una clase planificada cae en un día sin clases: muévala o revísela'
      : `${n} clases planificadas caen en días sin clases: muévalas o revíselas`,
};
