import { z } from 'zod';
import { zIdParams } from '../schemas/common.js';
import { zIdReply } from '../schemas/options.js';
import {
  zAula,
  zAulaListRequest,
  zAulaOption,
  zAulaPage,
  zAulaSave,
  zAulasLibres,
  zAulasLibresQuery,
} from '../schemas/aulas.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['aulas'] as const;

/** Rooms (`/api/aulas`, issue 45): staff only. */
export const aulaEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/aulas/all',
    access: STAFF,
    tags,
    summary: 'Lista de aulas',
    body: zAulaListRequest,
    reply: zAulaPage,
  }),
  options: endpoint({
    method: 'GET',
    path: '/aulas/opciones',
    access: STAFF,
    tags,
    summary: 'Aulas para elegir en un horario',
    reply: z.array(zAulaOption),
  }),
  libres: endpoint({
    method: 'GET',
    path: '/aulas/libres',
    access: STAFF,
    tags,
    summary: 'Aulas libres un día de la semana entre dos horas de un periodo',
    query: zAulasLibresQuery,
    reply: zAulasLibres,
  }),
  get: endpoint({
    method: 'GET',
    path: '/aulas/:id',
    access: STAFF,
    tags,
    summary: 'Un aula',
    params: zIdParams,
    reply: zAula,
  }),
  save: endpoint({
    method: 'POST',
    path: '/aulas',
    access: STAFF,
    tags,
    summary: 'Guardar un aula (nueva sin id)',
    body: zAulaSave,
    reply: zIdReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/aulas/:id',
    access: STAFF,
    tags,
    summary: 'Borrar un aula que ningún horario usa',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
};
