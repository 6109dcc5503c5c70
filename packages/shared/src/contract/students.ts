import { zIdParams } from '../schemas/common.js';
import {
  zAlumnoDetail,
  zAlumnoListRequest,
  zAlumnoMallas,
  zAlumnoPage,
  zAlumnoSave,
  zAlumnoSelectQuery,
  zAlumnoSelectValues,
} from '../schemas/students.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['alumnos'] as const;

/** Student records (spec 01 section 7, spec 02 section 7): staff manage them; a student reads their own. */
export const alumnoEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/students/all',
    access: STAFF,
    tags,
    summary: 'Alumnos del Sistema: una página, con búsqueda',
    body: zAlumnoListRequest,
    reply: zAlumnoPage,
  }),
  mallas: endpoint({
    method: 'GET',
    path: '/students/mallas',
    access: STAFF,
    tags,
    summary: 'Mallas activas (Malla - Carrera)',
    reply: zAlumnoMallas,
  }),
  selectValues: endpoint({
    method: 'GET',
    path: '/students/select_values',
    access: STAFF,
    tags,
    summary: 'Alumnos sin ficha para elegir, por texto (hasta 20)',
    query: zAlumnoSelectQuery,
    reply: zAlumnoSelectValues,
  }),
  get: endpoint({
    method: 'GET',
    path: '/students/:id',
    access: 'authenticated',
    tags,
    summary: 'Una ficha de alumno',
    params: zIdParams,
    reply: zAlumnoDetail,
  }),
  save: endpoint({
    method: 'POST',
    path: '/students',
    access: STAFF,
    tags,
    summary: 'Guardar una ficha de alumno (nueva sin id)',
    body: zAlumnoSave,
    reply: zAlumnoDetail,
    errors: [400],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/students/:id',
    access: STAFF,
    tags,
    summary: 'Borrar una ficha de alumno sin inscripciones',
    params: zIdParams,
    reply: null,
    status: 204,
    errors: [400],
  }),
};
