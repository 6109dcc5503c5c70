import { z } from 'zod';
import { zIdParams } from '../schemas/common.js';
import {
  zAlumnoMateria,
  zAlumnosMateriaPage,
  zAlumnosMateriaRequest,
  zMallaMaterias,
  zMateriaPeriodo,
  zMateriaPeriodoFormData,
  zMateriaPeriodoListRequest,
  zMateriaPeriodoPage,
  zMateriaPeriodoSave,
  zMateriaPeriodoSaveReply,
  zMoveInscripcion,
  zMoveInscripcionReply,
  zMoveSectionData,
  zNotasSave,
} from '../schemas/subject-periods.js';
import { zRectificacionMateria, zRectificacionMateriaSave } from '../schemas/subject-rectifications.js';
import { MATERIA_REPORTS, TEACHING } from './access.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['materias por periodo'] as const;

/** Subjects per period (`/api/MateriasPeriodo`), their grades list and moving students between sections. */
export const materiaPeriodoEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo/all',
    access: STAFF,
    tags,
    summary: 'Lista de materias por periodo',
    body: zMateriaPeriodoListRequest,
    reply: zMateriaPeriodoPage,
  }),
  formData: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/form_data',
    access: STAFF,
    tags,
    summary: 'Mallas, periodos, profesores, tipos de actividad y días para el formulario',
    reply: zMateriaPeriodoFormData,
  }),
  mallaSubjects: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/subjects/:id',
    access: STAFF,
    tags,
    summary: 'Materias de una malla (id de la malla)',
    params: zIdParams,
    reply: zMallaMaterias,
  }),
  moveData: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/inscription-students/:id',
    access: STAFF,
    tags,
    summary: 'Alumnos inscriptos y secciones destino para mover de sección',
    params: zIdParams,
    reply: zMoveSectionData,
  }),
  move: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo/move-inscription',
    access: STAFF,
    tags,
    summary: 'Mover alumnos a otra sección (subjectId: la sección destino)',
    body: zMoveInscripcion,
    reply: zMoveInscripcionReply,
  }),
  get: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/:id',
    access: TEACHING,
    tags,
    summary: 'Una materia por periodo',
    params: zIdParams,
    reply: zMateriaPeriodo,
  }),
  save: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo',
    access: STAFF,
    tags,
    summary: 'Guardar una materia por periodo con sus profesores y horarios',
    body: zMateriaPeriodoSave,
    reply: zMateriaPeriodoSaveReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/MateriasPeriodo/:id',
    access: STAFF,
    tags,
    summary: 'Borrar una materia por periodo sin alumnos inscriptos',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
  alumnos: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo/:id/alumnos',
    access: TEACHING,
    tags,
    summary: 'Alumnos de la materia con % PP y % Asistencia',
    params: zIdParams,
    body: zAlumnosMateriaRequest,
    reply: zAlumnosMateriaPage,
  }),
  // The spec lists this call under studentSubjects; what it saves belongs to the subject-period's grades.
  saveNotas: endpoint({
    method: 'POST',
    path: '/studentsubjects/actualizar_notas',
    access: TEACHING,
    tags,
    summary: 'Guardar % PP y/o % Asistencia de un alumno en una materia',
    body: zNotasSave,
    reply: zAlumnoMateria,
  }),
  alumnosDownload: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/:id/alumnos-download',
    access: MATERIA_REPORTS,
    tags,
    summary: 'Descargar lista: Alumnos.xlsx',
    params: zIdParams,
    reply: null,
    download: true,
  }),
  /** Rectifications of a sealed subject-period's record (issue 30), beside the actas rectificativas of exams. */
  rectificar: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo/:id/rectificaciones',
    access: ['actas:rectificar'],
    tags,
    summary: 'Rectificar el % PP o el % Asistencia de un alumno en una materia sellada',
    params: zIdParams,
    body: zRectificacionMateriaSave,
    reply: zRectificacionMateria,
  }),
  /** Who sees the subject-period's grades sees their rectifications: staff, or its professors. */
  rectificaciones: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/:id/rectificaciones',
    access: TEACHING,
    tags,
    summary: 'Rectificaciones del registro de una materia sellada',
    params: zIdParams,
    reply: z.array(zRectificacionMateria),
  }),
};
