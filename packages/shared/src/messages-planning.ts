/**
 * Spanish texts of the planning wizard (spec 03 sections 2.4, 5 and 8), quoted exactly, typos included.
 * Texts the spec does not give are written in the same voice.
 */
export const MSG_PLANNING = {
  // validation (spec 03 section 5)
  valueRequired: 'Debe ingresar un valor',
  objetivoListRequired: 'Debe agregar un objetivo',
  objetivoRequired: 'Debe ingresar el objetivo',
  cronogramaListRequired: 'Debe agregar un cronograma',
  contenidosRequired: 'Debe ingresar los contenidos',
  fechaInvalid: 'Debe ingresar una fecha valida',
  profesorRequired: 'Debe seleccionar un profesor',
  profesorNotStaff: 'Debe seleccionar el profesor encaregado o auxiliar',
  unidadRequired: 'Debe ingresar la unidad',
  actividadRequired: 'Debe ingresar la actividad',
  descripcionRequired: 'Debe ingresar la descripcion',
  duracionRequired: 'Debe seleccionar una duracion',
  beneficiariosRequired: 'Debe ingresar los beneficiarios',
  fechasRequired: 'Debe ingresar las fechas',
  cantidadHorasRequired: 'Debe ingresar la cantidad de horas',
  hoursRange: 'Debe ingresar un valor entre 0 y 10000',
  tooManyRows: 'La lista admite hasta 200 filas',

  // replies (spec 03 section 8)
  notFound: 'La planeamiento no existe',
  loadFailed: 'Error al intentar cargar los datos del planeamiento',
  downloadFailed: 'Error al intentar descargar el planeamiento',
  saveFailed: 'Ocurió un error al intentar guardar el planeamiento',
  saved: 'Datos de planeamiento guardado exitosamente',
  downloaded: 'Planeamiento descargado exitosamente',

  // server refusals (not in the spec)
  notEditable: 'El planeamiento ya no puede modificarse: venció la fecha límite o la materia está sellada',
  alreadyExists: 'La materia ya tiene un planeamiento: no puede crearse ni copiarse otro',
  copySourceNotFound: 'El planeamiento a copiar no existe o no es de la misma materia',
  rowNotFound: 'Una fila enviada no pertenece a este planeamiento',

  // wizard (spec 03 section 2.4)
  title: 'Datos del planeamiento',
  previous: 'Anterior',
  next: 'Siguiente',
  download: 'Descargar planeamiento',
  deadline: 'Fecha Límite cargar planeamiento',
  create: 'Crear Planeamiento',
  createNew: 'Crear Nuevo Planeamiento',
  copyFrom: (anho: number, seccion: string) => `Copiar Planeamiento ${anho}/${seccion}`,
  confirmCreateTitle: 'Crear Planeamiento',
  confirmCreateText: '¿Desea crear un nuevo planeamiento para esta materia?',
  confirmCopyText: (anho: number, seccion: string) =>
    `¿Desea copiar el planeamiento ${anho}/${seccion}? Se copian todos los textos y filas; las fechas del cronograma se trasladan a este periodo.`,
  confirmCreate: 'Si, Crear',
  confirmCopy: 'Si, Copiar',
  confirmNo: 'No',
  created: 'Planeamiento creado exitosamente',
  copied: 'Planeamiento copiado exitosamente',
  unsavedTitle: 'Hay cambios sin guardar',
  unsavedText: '¿Deseas guardar los cambios antes de continuar?',
  unsavedSave: 'Si, guardar',
  unsavedDiscard: 'No, continuar',
  // moving between steps keeps unsaved work; Guardar saves every changed step (issue 34 item 21)
  save: 'Guardar',
  stepsNav: 'Pasos del planeamiento',
  stepUnsaved: 'Cambios sin guardar',
  stepInvalid: 'Revise los datos de este paso',
  unsavedSteps: (steps: string) => `Cambios sin guardar en: ${steps}.`,
  stepsNotSaved: (steps: string, first: string, saved: string) =>
    `${saved ? `Se guardó ${saved}. ` : ''}No se guardó ${steps}: ${first}`,
  notCreatedYet: 'Esta materia todavía no tiene planeamiento.',
  readOnly: 'El planeamiento es de solo lectura.',
  draftRestored: 'Se recuperaron cambios sin guardar de esta página (guardados en este navegador).',
  draftDiscard: 'Descartar cambios recuperados',
  addRow: 'Agregar',
  deleteRow: 'Quitar fila',
  emptyList: 'No hay filas cargadas.',
} as const;

/** The nine steps of the wizard, in order (spec 03 section 2.4). */
export const PLANNING_STEPS = [
  'Identificación',
  'Fundamentación / Contribución',
  'Objetivos',
  'Valores / Metodología / Estrategias',
  'Cronograma de clases',
  'Cuadro de prácticas de laboratorios',
  'Proyectos o/y trabajos prácticos',
  'Actividades complementarias',
  'Bibliografía básica / complementaria',
] as const;
