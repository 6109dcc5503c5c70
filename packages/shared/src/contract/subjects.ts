import { zIdParams } from '../schemas/common.js';
import { zIdReply } from '../schemas/options.js';
import { zMateria, zMateriaFormData, zMateriaListRequest, zMateriaPage, zMateriaSave } from '../schemas/subjects.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['materias'] as const;

/** The subject catalogue (`/api/materias`): staff only (DOMAIN.md section 2). */
export const materiaEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/materias/all',
    access: STAFF,
    tags,
    summary: 'Lista de materias',
    body: zMateriaListRequest,
    reply: zMateriaPage,
  }),
  formData: endpoint({
    method: 'GET',
    path: '/materias/form_data',
    access: STAFF,
    tags,
    summary: 'Carreras para el formulario de materia',
    reply: zMateriaFormData,
  }),
  get: endpoint({
    method: 'GET',
    path: '/materias/:id',
    access: STAFF,
    tags,
    summary: 'Una materia',
    params: zIdParams,
    reply: zMateria,
  }),
  save: endpoint({
    method: 'POST',
    path: '/materias',
    access: STAFF,
    tags,
    summary: 'Guardar una materia (nueva sin id)',
    body: zMateriaSave,
    reply: zIdReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/materias/:id',
    access: STAFF,
    tags,
    summary: 'Borrar una materia que ninguna malla usa',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
};
