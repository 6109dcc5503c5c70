import {
  zProfesorDashboard,
  zProfesorFormData,
  zProfesorMateriasPage,
  zProfesorMateriasRequest,
  zToggleDashboard,
  zToggleDashboardReply,
} from '../schemas/professors.js';
import { TEACHING } from './access.js';
import { endpoint } from './endpoint.js';

const tags = ['profesores'] as const;

/** A professor's subjects and dashboard (`/api/Professors`). */
export const profesorEndpoints = {
  formData: endpoint({
    method: 'GET',
    path: '/Professors/form_data',
    access: TEACHING,
    tags,
    summary: 'Periodos para el selector de Materias asignadas',
    reply: zProfesorFormData,
  }),
  list: endpoint({
    method: 'POST',
    path: '/Professors/subjects/all',
    access: TEACHING,
    tags,
    summary: 'Materias asignadas',
    body: zProfesorMateriasRequest,
    reply: zProfesorMateriasPage,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/Professors/all_subjects_dashboard',
    access: TEACHING,
    tags,
    summary: 'Materias favoritas del tablero',
    reply: zProfesorDashboard,
  }),
  toggleDashboard: endpoint({
    method: 'POST',
    path: '/Professors/add_subject_dashboard',
    access: TEACHING,
    tags,
    summary: 'Agregar o quitar una materia del tablero (estrella)',
    body: zToggleDashboard,
    reply: zToggleDashboardReply,
  }),
};
