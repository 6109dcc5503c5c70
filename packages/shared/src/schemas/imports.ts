import { z } from 'zod';
import { zText } from './text.js';

/**
 * What a faculty brings in from its spreadsheets (issue 31; careers since issue 44, rooms since issue 45). The
 * order is the one an import's advisory lock numbers them by: a new kind goes at the end.
 */
export const TIPOS_IMPORTACION = ['alumnos', 'profesores', 'mallas', 'carreras', 'aulas'] as const;
export type TipoImportacion = (typeof TIPOS_IMPORTACION)[number];

/**
 * The order a new faculty brings its data in: a malla names its career, a student his malla. Rooms name
 * nothing; they come last, before the sections' schedules that name them.
 */
export const TIPOS_IMPORTACION_ORDEN: readonly TipoImportacion[] = [
  'carreras',
  'mallas',
  'profesores',
  'alumnos',
  'aulas',
];

export const TIPO_IMPORTACION_LABEL: Record<TipoImportacion, string> = {
  alumnos: 'Alumnos',
  profesores: 'Profesores',
  mallas: 'Mallas',
  carreras: 'Carreras',
  aulas: 'Aulas',
};

/** Limits of one file: above them the file is refused whole, before any row is read into the database. */
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_FORMATOS = ['xlsx', 'csv'] as const;

/** What the file picker accepts: the formats the import reads (xlsx, ods, csv), by extension and type. */
export const IMPORT_ACCEPT =
  '.xlsx,.ods,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet';
export type ImportFormato = (typeof IMPORT_FORMATOS)[number];

export const MSG_IMPORT = {
  chooseFile: 'Debe seleccionar un archivo xlsx, ods o csv',
  tooLarge: 'El archivo supera los 10 MB: divídalo en archivos más pequeños',
  tooManyRows: `El archivo supera las ${IMPORT_MAX_ROWS.toLocaleString('es-PY')} filas: divídalo en archivos más pequeños`,
  unreadable: 'No se pudo leer el archivo: debe ser una planilla xlsx u ods, o un archivo csv',
  empty: 'El archivo no tiene filas de datos',
  /** The template's example row, left in the file (its document is a placeholder nobody has). */
  exampleRow: 'Es la fila de ejemplo de la plantilla: reemplácela por los datos de una persona o bórrela',
  exampleRowAula: 'Es la fila de ejemplo de la plantilla: reemplácela por los datos de un aula o bórrela',
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
  /** The first row of a value repeated further down: both rows are marked (issue 44). */
  repeatedBelow: (fila: number) => `Repetido: también figura en la fila ${fila}`,
  emailOfAnother: 'El correo pertenece a otra persona registrada',
  /** A change listed on its own in the dry run: the account's resets go to the new address. */
  emailChange: 'Cambia el correo',
  documentoAmbiguous: 'Hay más de un usuario con ese documento: corríjalo desde Usuarios',
  carreraUnknown: (text: string) =>
    `No existe la carrera ${text}: impórtela antes (Importar datos, Carreras) o créela en Carreras`,
  mallaUnknown: (text: string) => `La carrera no tiene una malla ${text}`,
  noDefaultMalla: 'La carrera no tiene una malla por defecto: indique la malla',
  paisUnknown: (text: string) => `No existe el país ${text}`,
  materiaUnknown: (codigo: string) => `No existe la materia de código ${codigo}`,
  escalafonUnknown: (text: string) => `No existe el escalafón ${text}`,
  categoriaFormat: 'Cada categoría lleva código de materia, escalafón y notas separados por dos puntos',
  vigenciaDiffers: (fila: number) => `La vigencia no coincide con la de la misma malla en la fila ${fila}`,
  /** Careers (issue 44). */
  carreraNombreOfAnother: 'Otra carrera ya tiene ese nombre',
  activoInvalid: "Indique 'Sí' o 'No'",
  /** The mallas' 'Correlativas' column (issue 44). */
  correlativaFormat: (entry: string) =>
    `'${entry}' no se entiende: escriba el código y la condición entre paréntesis, regularizada o aprobada, p. ej. CB-101 (regularizada); CB-102 (aprobada)`,
  correlativaUnknown: (codigo: string) => `La correlativa ${codigo} no es una materia de esta malla`,
  /** Credential letters (issue 44). */
  credencialesGone:
    'Las cartas de credenciales ya se descargaron o vencieron: para obtenerlas de nuevo restablezca esas contraseñas',
  credencialesNotFound: 'Las cartas de credenciales no existen',
  credencialesWithSmtp:
    "Con servidor de correo, restablezca las contraseñas desde Usuarios ('Restablecer contraseña'): la nueva va al correo de cada persona",
  credencialesNoneLeft:
    'Todas esas cuentas ya ingresaron y cambiaron su contraseña: no hay contraseñas temporales que restablecer',
} as const;

/**
 * Credential letters (issue 44): without SMTP, an apply that creates accounts answers this, and the person
 * who applied downloads the letters once with it. `clave` is the key the passwords are encrypted with: the
 * server does not keep it.
 */
export const zCredencialesEntrega = z.object({
  id: z.number().int(),
  clave: z.string(),
  cuentas: z.number().int(),
  /** Until when the letters can be downloaded (ISO timestamp). */
  vence: z.string(),
});
export type CredencialesEntrega = z.infer<typeof zCredencialesEntrega>;

export const zCredencialesParams = z.object({
  id: z.coerce.number({ error: 'El identificador no es válido' }).int().positive(),
});
export const zCredencialesDescarga = z.strictObject({
  clave: zText().trim().min(1, 'Falta la clave de las cartas').max(100, 'La clave de las cartas no es válida'),
});
export const zCredencialesRestablecidas = zCredencialesEntrega.extend({
  /** Accounts of the import whose owner already chose a password: left as they are. */
  omitidas: z.number().int(),
});
export type CredencialesRestablecidas = z.infer<typeof zCredencialesRestablecidas>;

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
  /** For a row in error: the file's value of each column an error names, beside its message (issue 44). */
  valores: z.record(z.string(), z.string()).optional(),
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
  /** An apply that created accounts without SMTP: their credential letters, to download once (issue 44). */
  credenciales: zCredencialesEntrega.optional(),
});
export type ImportReport = z.infer<typeof zImportReport>;
