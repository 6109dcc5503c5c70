import { zIdParams } from '../schemas/common.js';
import { zIdReply } from '../schemas/options.js';
import {
  zAsistencia,
  zAsistenciaFormData,
  zAsistenciaList,
  zAsistenciaListRequest,
  zAsistenciaSave,
  zCalificaciones,
  zEstadoReply,
  zMarkAllReply,
  zMateriaAlumno,
  zMateriaPeriodoRef,
  zMyHomeworkPage,
  zMyHomeworkRequest,
  zPresenceReply,
  zPresenceSave,
  zPuntajeReply,
  zPuntajeSave,
  zTareaDetail,
  zTareaFormData,
  zTareaListRequest,
  zTareaPage,
  zTareaSave,
  zUsesPercentWeight,
} from '../schemas/teaching.js';
import { TEACHING } from './access.js';
import { endpoint } from './endpoint.js';

/** A student, for the subjects they are enrolled in (else 404). */
const OWN = ['teaching:read-own-results'] as const;

const homeworkTags = ['tareas'] as const;

/** Homework, scores, publish and seal under `/api/homework` (spec 03 section 7, {homework}). */
export const homeworkEndpoints = {
  formData: endpoint({
    method: 'GET',
    path: '/homework/homework/form_data',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Tipos de tarea',
    reply: zTareaFormData,
  }),
  get: endpoint({
    method: 'GET',
    path: '/homework/homework/:id',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Una tarea con el puntaje de cada alumno',
    params: zIdParams,
    reply: zTareaDetail,
  }),
  save: endpoint({
    method: 'POST',
    path: '/homework/homework',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Guardar una tarea',
    body: zTareaSave,
    reply: zIdReply,
  }),
  updateScore: endpoint({
    method: 'POST',
    path: '/homework/homework/update-score',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Guardar el puntaje de un alumno (autoguardado; secuencia opcional ordena los guardados)',
    body: zPuntajeSave,
    reply: zPuntajeReply,
  }),
  list: endpoint({
    method: 'POST',
    path: '/homework/:id/homework/all',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Tareas de una materia por periodo (id de la materia por periodo)',
    params: zIdParams,
    body: zTareaListRequest,
    reply: zTareaPage,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/homework/homework/:id',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Borrar una tarea que ningún alumno entregó',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
  usesPercentWeight: endpoint({
    method: 'PUT',
    path: '/homework/uses-percent-weight/:id',
    access: TEACHING,
    tags: homeworkTags,
    summary: "'Utiliza Porcentaje Peso' de la materia por periodo",
    params: zIdParams,
    body: zUsesPercentWeight,
    reply: zUsesPercentWeight,
  }),
  publish: endpoint({
    method: 'PUT',
    path: '/homework/publish/:id',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Publicar la materia (Preliminar -> Publicado)',
    params: zIdParams,
    body: zMateriaPeriodoRef,
    reply: zEstadoReply,
  }),
  stamp: endpoint({
    method: 'PUT',
    path: '/homework/stamp/:id',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Sellar la materia (Publicado -> Sellado)',
    params: zIdParams,
    body: zMateriaPeriodoRef,
    reply: zEstadoReply,
  }),
  calificaciones: endpoint({
    method: 'GET',
    path: '/homework/:id/calificaciones',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Calificaciones: puntaje de cada tarea, % PP y % Asistencia de cada alumno',
    params: zIdParams,
    reply: zCalificaciones,
  }),
  calificacionesDownload: endpoint({
    method: 'GET',
    path: '/homework/alumnos-materia-download/:id',
    access: TEACHING,
    tags: homeworkTags,
    summary: 'Descargar calificaciones: Alumnos.xlsx',
    params: zIdParams,
    reply: null,
    download: true,
  }),
};

const attendanceTags = ['asistencias'] as const;

/** Attendance sessions and marks under `/api/assistances` (spec 03 section 7, {attendance}). */
export const attendanceEndpoints = {
  formData: endpoint({
    method: 'GET',
    path: '/assistances/form-data/:id',
    access: TEACHING,
    tags: attendanceTags,
    summary: 'Datos del formulario de asistencia (id de la materia por periodo)',
    params: zIdParams,
    reply: zAsistenciaFormData,
  }),
  list: endpoint({
    method: 'POST',
    path: '/assistances/:id/all',
    // A student enrolled in the subject reads their own row only.
    access: [...TEACHING, ...OWN],
    tags: attendanceTags,
    summary: 'Grilla de asistencias de una materia por periodo',
    params: zIdParams,
    body: zAsistenciaListRequest,
    reply: zAsistenciaList,
  }),
  save: endpoint({
    method: 'POST',
    path: '/assistances',
    access: TEACHING,
    tags: attendanceTags,
    summary: 'Guardar una asistencia',
    body: zAsistenciaSave,
    reply: zIdReply,
  }),
  get: endpoint({
    method: 'GET',
    path: '/assistances/:id',
    access: TEACHING,
    tags: attendanceTags,
    summary: 'Una asistencia con la marca de cada alumno',
    params: zIdParams,
    reply: zAsistencia,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/assistances/:id',
    access: TEACHING,
    tags: attendanceTags,
    summary: 'Borrar una asistencia',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
  updatePresence: endpoint({
    method: 'POST',
    path: '/assistances/:id/update-presence',
    access: TEACHING,
    tags: attendanceTags,
    summary: 'Marcar presente, ausente o sin tomar a un alumno (studentId: la inscripción)',
    params: zIdParams,
    body: zPresenceSave,
    reply: zPresenceReply,
  }),
  markAllPresent: endpoint({
    method: 'POST',
    path: '/assistances/:id/mark-all-present',
    access: TEACHING,
    tags: attendanceTags,
    summary: 'Marcar presentes a los alumnos sin marca (nunca cambia una marca guardada)',
    params: zIdParams,
    reply: zMarkAllReply,
  }),
};

const myMateriaTags = ['materias del alumno'] as const;

/** The student's side of a subject (spec 02 sections 2 and 7): only their own enrolment, else 404. */
export const myMateriaEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/my/:id',
    access: OWN,
    tags: myMateriaTags,
    summary: 'Detalle de una materia del alumno (id de la materia por periodo)',
    params: zIdParams,
    reply: zMateriaAlumno,
  }),
  homework: endpoint({
    method: 'POST',
    path: '/exams/:id/homework/my',
    access: OWN,
    tags: myMateriaTags,
    summary: 'Tareas de una materia con el puntaje propio (id de la materia por periodo)',
    params: zIdParams,
    body: zMyHomeworkRequest,
    reply: zMyHomeworkPage,
  }),
};
