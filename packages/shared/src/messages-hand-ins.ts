/** Spanish texts of homework handed in through Arandu (issue 46). */
export const MSG_ENTREGAS = {
  entregaNotFound: 'La entrega no existe',
  archivoNotFound: 'El archivo no existe',
  tareaSinEntrega: 'Esta tarea no se entrega por Arandu',
  elegirArchivos: 'Elija uno o más archivos para entregar (campo archivos)',
  archivoVacio: (nombre: string) => `El archivo ${nombre} está vacío`,
  demasiadosArchivos: (max: number) => `Se admiten hasta ${max} archivos por entrega`,
  archivoMuyGrande: (nombre: string, maxMB: number) => `El archivo ${nombre} supera los ${maxMB} MB admitidos`,
  tipoNoAdmitido: (nombre: string, encontrado: string, admitidos: string) =>
    `El archivo ${nombre} es ${encontrado}: se admiten ${admitidos}`,
  nombreMuyLargo: 'El nombre de un archivo admite hasta 255 caracteres',
  cerrada: (cierre: string) => `La entrega cerró el ${cierre}`,
  virus: (nombre: string, hallazgo: string) => `El archivo ${nombre} fue rechazado por el antivirus (${hallazgo})`,
  muchasEntregas: 'Están llegando muchas entregas a la vez; vuelva a intentarlo en un minuto',
  antivirusNoResponde: 'No se pudo revisar el archivo con el antivirus; vuelva a intentarlo en unos minutos',
  noInscripto: 'No está inscripto en esta materia',
  hastaRequired: 'Indique la fecha y hora de cierre de la entrega',
  instanteInvalido: 'La fecha y hora no es válida',
  tiposRequired: 'Elija al menos un tipo de archivo admitido',
  maxArchivosInvalid: 'La cantidad de archivos debe estar entre 1 y 10',
  maxMBInvalid: 'El tamaño máximo debe estar entre 1 y 100 MB',
  atrasoAntesDeCierre: 'El plazo para entregas con atraso debe terminar después del cierre',
  devolucionTooLong: 'La devolución admite hasta 4000 caracteres',
  devolucionGuardada: 'Devolución guardada',
  elegirArchivoDevolucion: 'Elija el archivo que devuelve con la devolución (campo archivo)',
  unArchivoDevolucion: 'Se devuelve un solo archivo por alumno',
  devolucionArchivoGuardado: 'Archivo de la devolución guardado',
  devolucionArchivoQuitado: 'Archivo de la devolución quitado',
  devolucionesPublicadas: 'Devoluciones publicadas: los alumnos ya pueden verlas',
  entregaRecibida: 'Entrega recibida',
} as const;

/** The kinds of file a homework may accept, as the professor chooses them. */
export const TIPOS_ENTREGA = ['pdf', 'imagen', 'office', 'zip'] as const;
export type TipoEntrega = (typeof TIPOS_ENTREGA)[number];

export const TIPO_ENTREGA_LABELS: Record<TipoEntrega, string> = {
  pdf: 'PDF',
  imagen: 'Imágenes (JPEG, PNG, HEIC, WebP)',
  office: 'Documentos de Office (Word, Excel, PowerPoint, OpenDocument)',
  zip: 'Archivos ZIP',
};
