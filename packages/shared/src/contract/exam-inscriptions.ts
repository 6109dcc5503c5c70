import { zIdParams } from '../schemas/common.js';
import {
  zAvailableRequest,
  zDerechoExamenPage,
  zExamenInscripcionFormData,
  zFormDataParams,
  zInscribir,
  zInscribirme,
  zInscripcionesSave,
  zInscripcionesSaveReply,
  zInscripcionExamen,
  zMiExamenPage,
  zMyExamenesRequest,
  zUpdateCalificacion,
} from '../schemas/exams.js';
import { EXAMEN_CALIFICACIONES } from './access.js';
import { endpoint } from './endpoint.js';

const MANAGE = ['exams:manage'] as const;
const OWN = ['exams:own'] as const;
const tags = ['inscripciones a examen'] as const;

/** Exam enrolments (`/api/inscripcionexamen`, the spec's `examInscriptions`) and the student's exam rights. */
export const examenInscripcionEndpoints = {
  formData: endpoint({
    method: 'GET',
    path: '/inscripcionexamen/form_data',
    access: MANAGE,
    tags,
    summary: 'Escala de calificaciones',
    reply: zExamenInscripcionFormData,
  }),
  formDataOf: endpoint({
    method: 'GET',
    path: '/inscripcionexamen/form_data/:examId/:loadStudents',
    access: EXAMEN_CALIFICACIONES,
    tags,
    summary: 'Examen, alumnos de la materia y escala de calificaciones',
    params: zFormDataParams,
    reply: zExamenInscripcionFormData,
  }),
  myExams: endpoint({
    method: 'POST',
    path: '/inscripcionexamen/my-exams',
    access: OWN,
    tags,
    summary: 'Mis exámenes',
    body: zMyExamenesRequest,
    reply: zMiExamenPage,
  }),
  available: endpoint({
    method: 'POST',
    path: '/inscripcionexamen/available',
    access: OWN,
    tags,
    summary: 'Exámenes disponibles para el alumno, con su instancia o motivo de bloqueo',
    body: zAvailableRequest,
    reply: zMiExamenPage,
  }),
  inscribirme: endpoint({
    method: 'POST',
    path: '/inscripcionexamen/inscribirme',
    access: OWN,
    tags,
    summary: 'Inscribirme a un examen',
    body: zInscribirme,
    reply: zInscripcionExamen,
  }),
  inscribir: endpoint({
    method: 'POST',
    path: '/inscripcionexamen/inscribir',
    access: MANAGE,
    tags,
    summary: 'Inscripción y/o nota de un alumno',
    body: zInscribir,
    reply: zInscripcionExamen,
  }),
  updateScore: endpoint({
    method: 'POST',
    path: '/inscripcionexamen/update-score',
    access: EXAMEN_CALIFICACIONES,
    tags,
    summary: 'Guardar asistencia y/o notas (la calificación la calcula el servidor)',
    body: zUpdateCalificacion,
    reply: zInscripcionExamen,
  }),
  saveMany: endpoint({
    method: 'POST',
    path: '/inscripcionexamen',
    access: MANAGE,
    tags,
    summary: 'Agregar o quitar alumnos de un examen',
    body: zInscripcionesSave,
    reply: zInscripcionesSaveReply,
  }),
  get: endpoint({
    method: 'GET',
    path: '/inscripcionexamen/:id',
    access: [...EXAMEN_CALIFICACIONES, ...OWN],
    tags,
    summary: 'Una inscripción a examen',
    params: zIdParams,
    reply: zInscripcionExamen,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inscripcionexamen/:id',
    access: MANAGE,
    tags,
    summary: 'Borrar una inscripción a examen',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
  misDerechos: endpoint({
    method: 'POST',
    path: '/studentsubjects/mis_derechos_a_examenes',
    access: OWN,
    tags,
    summary: 'Mis derechos a examen por materia',
    body: zAvailableRequest,
    reply: zDerechoExamenPage,
  }),
};
