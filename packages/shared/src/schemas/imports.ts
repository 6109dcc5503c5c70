import { z } from 'zod';

/** What a faculty brings in from its spreadsheets (issue 31). */
export const TIPOS_IMPORTACION = ['alumnos', 'profesores', 'mallas'] as const;
export type TipoImportacion = (typeof TIPOS_IMPORTACION)[number];

export const TIPO_IMPORTACION_LABEL: Record<TipoImportacion, string> = {
  alumnos: 'Alumnos',
  profesores: 'Profesores',
  mallas: 'Mallas',
};

/** Limits of one file: above them the file is refused whole, before any row is read into the database. */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_FORMATOS = ['xlsx', 'csv'] as const;
export type ImportFormato = (typeof IMPORT_FORMATOS)[number];

export const MSG_IMPORT = {
  chooseFile: 'Debe seleccionar un archivo xlsx o csv',
  tooLarge: 'El archivo supera los 10 MB: divídalo en archivos más pequeños',
  tooManyRows: `El archivo supera las ${IMPORT_MAX_ROWS.toLocaleString('es-PY')} filas: divídalo en archivos más pequeños`,
  unreadable: 'No se pudo leer el archivo: debe ser una planilla xlsx o un archivo csv',
  empty: 'El archivo no tiene filas de datos',
  /** The template's example row, left in the file (its document is a placeholder nobody has). */
  exampleRow: 'Es la fila de ejemplo de la plantilla: reemplácela por los datos de una persona o bórrela',
  busy: (tipo: TipoImportacion) =>
    `Ya se está importando un archivo de ${TIPO_IMPORTACION_LABEL[tipo].toLowerCase()}: espere a que termine e intente de nuevo`,
  refused: 'El archivo tiene errores: no se importó ninguna fila. Corríjalos y vuelva a intentarlo',
  applied: 'Importación realizada exitosamente',
  missingColumns: (columns: string[]) =>
    columns.length === 1
      ? `Falta la columna ${columns[0]} en la primera fila del archivo`
      : `Faltan las columnas ${columns.join(', ')} en la primera fila del archivo`,
  raced: 'Otro usuario guardó al mismo tiempo datos de estas filas: no se importó nada. Vuelva a intentarlo',
  repeated: (fila: number) => `Repetido: ya figura en la fila ${fila}`,
  emailOfAnother: 'El correo pertenece a otra persona registrada',
  /** A change listed on its own in the dry run: the account's resets go to the new address. */
  emailChange: 'Cambia el correo',
  documentoAmbiguous: 'Hay más de un usuario con ese documento: corríjalo desde Usuarios',
  carreraUnknown: (text: string) => `No existe la carrera ${text}`,
  mallaUnknown: (text: string) => `La carrera no tiene una malla ${text}`,
  noDefaultMalla: 'La carrera no tiene una malla por defecto: indique la malla',
  paisUnknown: (text: string) => `No existe el país ${text}`,
  materiaUnknown: (codigo: string) => `No existe la materia de código ${codigo}`,
  escalafonUnknown: (text: string) => `No existe el escalafón ${text}`,
  categoriaFormat: 'Cada categoría lleva código de materia, escalafón y notas separados por dos puntos',
  vigenciaDiffers: (fila: number) => `La vigencia no coincide con la de la misma malla en la fila ${fila}`,
} as const;

export const zTipoImportacionParams = z.object({
  tipo: z.enum(TIPOS_IMPORTACION, { error: 'El tipo de importación no es válido' }),
});

export const zImportModo = z.object({
  modo: z.enum(['prueba', 'aplicar'], { error: 'El modo debe ser prueba o aplicar' }).default('prueba'),
});

export const zPlantillaQuery = z.object({
  formato: z.enum(IMPORT_FORMATOS, { error: 'El formato debe ser xlsx o csv' }).default('xlsx'),
});

export const ACCIONES_IMPORTACION = ['crear', 'actualizar', 'sin cambios', 'error'] as const;

/** One row of the file as the dry run judges it; `errores` and `cambios` name the columns of the template. */
export const zImportFila = z.object({
  /** The row's number in the spreadsheet (the header is row 1). */
  fila: z.number().int(),
  accion: z.enum(ACCIONES_IMPORTACION),
  /** What identifies the row: the document for people, 'malla / código' for a malla's subject. */
  clave: z.string(),
  errores: z.record(z.string(), z.string()),
  /** For 'actualizar': the columns whose value changes. */
  cambios: z.array(z.string()),
});
export type ImportFila = z.infer<typeof zImportFila>;

export const zImportResumen = z.object({
  crear: z.number().int(),
  actualizar: z.number().int(),
  sinCambios: z.number().int(),
  errores: z.number().int(),
});
export type ImportResumen = z.infer<typeof zImportResumen>;

export const zImportReport = z.object({
  resumen: zImportResumen,
  filas: z.array(zImportFila),
  /** Columns of the file that are not the import's, left aside. */
  columnasIgnoradas: z.array(z.string()),
  /** True only when the rows were written (modo=aplicar without errors). */
  aplicado: z.boolean(),
});
export type ImportReport = z.infer<typeof zImportReport>;
