/** Spanish texts of the 'Configuración' screen, certificates and the public verification (issue 30). */
export const MSG_CONFIG = {
  loadFailed: 'No se pudo cargar la configuración',
  saved: 'Configuración guardada. Rige desde ahora.',
  weightsSum: 'Los pesos de PP y PF deben sumar 1 (por ejemplo 0,4 y 0,6)',
  logoSaved: 'Logo actualizado',
  logoRemoved: 'Logo quitado',
  logoChoose: 'Elija una imagen png o jpeg para el logo',
  logoTooLarge: 'El logo no puede superar 1 MB',
  logoType: 'El logo debe ser una imagen png o jpeg',
  logoMissing: 'No hay logo cargado',
  sitioInvalid: 'La página de la facultad debe ser una dirección https:// o http:// completa (o quedar vacía)',
} as const;

export const MSG_CERTIFICATES = {
  issued: 'Certificado emitido',
  issueFailed: 'No se pudo emitir el certificado',
  notFound: 'El certificado no existe',
  tipoInvalid: "El tipo debe ser 'alumno-regular' o 'estudios'",
  notEnrolled: 'El alumno no está inscripto en ninguna materia del periodo lectivo activo',
  noActivePeriod: 'No hay un periodo lectivo activo',
  studentNotFound: 'El alumno no existe',
  verifyUnknown: 'No se encontró ningún documento con ese código',
  verifyThrottled: 'Demasiadas verificaciones desde esta dirección. Espere un minuto e intente de nuevo.',
} as const;
