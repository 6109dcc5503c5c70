/** Spanish texts of 'Mi horario' and the calendar feed (issue 45). */
export const MSG_SCHEDULE = {
  desdeRequired: 'Indique la fecha desde (aaaa-mm-dd)',
  hastaRequired: 'Indique la fecha hasta (aaaa-mm-dd)',
  rangeOrder: 'La fecha hasta no puede ser anterior a la fecha desde',
  rangeTooLong: 'El rango de fechas no puede superar 190 días',
  alumnoNotFound: 'El alumno no existe',
  profesorNotFound: 'El profesor no existe',
  aulaNotFound: 'El aula no existe',
  feedNotFound: 'El enlace del calendario no existe o fue reemplazado',
  feedThrottled: 'Demasiadas solicitudes del calendario desde esta dirección. Espere un minuto e intente de nuevo.',
  feedTokenInvalid: 'El enlace del calendario no es válido',
  loadFailed: 'No se pudo cargar el horario',
  linkCopied: 'Enlace copiado',
  linkCopyFailed: 'No se pudo copiar el enlace: selecciónelo y cópielo a mano',
  linkRenewed: 'Se generó un enlace nuevo; el anterior ya no funciona',
  linkRenewConfirm:
    'El enlace anterior dejará de funcionar enseguida: los calendarios suscritos con él dejarán de actualizarse hasta que los suscriba con el nuevo. ¿Generar otro enlace?',
} as const;

/** The longest range one call answers: a semester and a little more, so a printout or a feed never walks years. */
export const HORARIO_MAX_DIAS = 190;
