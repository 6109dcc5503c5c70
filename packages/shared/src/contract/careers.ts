import { zIdParams } from '../schemas/common.js';
import { zIdReply } from '../schemas/options.js';
import { zCarrera, zCarreraListRequest, zCarreraPage, zCarreraSave } from '../schemas/careers.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['carreras'] as const;

/** Careers (`/api/carreras`): staff only (DOMAIN.md section 2). */
export const carreraEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/carreras/all',
    access: STAFF,
    tags,
    summary: 'Lista de carreras',
    body: zCarreraListRequest,
    reply: zCarreraPage,
  }),
  get: endpoint({
    method: 'GET',
    path: '/carreras/:id',
    access: STAFF,
    tags,
    summary: 'Una carrera',
    params: zIdParams,
    reply: zCarrera,
  }),
  save: endpoint({
    method: 'POST',
    path: '/carreras',
    access: STAFF,
    tags,
    summary: 'Guardar una carrera (nueva sin id)',
    body: zCarreraSave,
    reply: zIdReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/carreras/:id',
    access: STAFF,
    tags,
    summary: 'Borrar una carrera sin mallas ni materias',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
};
