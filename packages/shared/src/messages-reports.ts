/** Spanish texts of the reports (spec 03 sections 5 and 8), quoted exactly, typos included. */
export const MSG_REPORTS = {
  downloaded: 'Reporte descargado exitosamente',
  downloadFailed: 'Ocurrió un error al intentar descargar el reporte',
  formDataLoadFailed: 'Error al intentar cargar los datos del formulario',
  studentNotFound: 'El alumno no existe',
  academicStatusLoadFailed: 'Error al intentar cargar el estado académico del alumno',
  studentListDownloadFailed: 'Error al intentar descargar la lista de alumnos',
  materiaRequired: 'Debe seleccionar una materia',
  materiaNotFound: 'La materia no existe',
  // Not given by the spec: same voice.
  listLoadFailed: 'Error al intentar cargar el reporte',
  chartLoadFailed: 'Error al intentar cargar el gráfico del reporte',
  studentSearchFailed: 'Error al intentar buscar alumnos',
} as const;

/** The spec's file names (spec 03 section 9). */
export const REPORT_FILES = {
  inscriptos: 'Alumnos-Inscriptos.xlsx',
  porMateria: 'Reporte de Asistencia y PP.xlsx',
  alumnos: 'Alumnos.xlsx',
  academicStatus: 'Reporte Estado Academico.xlsx',
} as const;
