import { zIdParams } from '../schemas/common.js';
import {
  zCalendarioAcademico,
  zDiaSinClases,
  zDiaSinClasesSave,
  zPeriodoFechaParams,
} from '../schemas/academic-calendar.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['calendario académico'] as const;

/** The academic calendar of a period (issue 45): its days without classes. Staff only. */
export const calendarioEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/periodos/:id/dias-sin-clases',
    access: STAFF,
    tags,
    summary: 'Días sin clases de un periodo, con sus ventanas de inscripción y los días de examen',
    params: zIdParams,
    reply: zCalendarioAcademico,
  }),
  add: endpoint({
    method: 'POST',
    path: '/periodos/:id/dias-sin-clases',
    access: STAFF,
    tags,
    summary: 'Marcar un día sin clases { fecha, nombre }',
    params: zIdParams,
    body: zDiaSinClasesSave,
    reply: zDiaSinClases,
    status: 201,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/periodos/:id/dias-sin-clases/:fecha',
    access: STAFF,
    tags,
    summary: 'Quitar un día sin clases',
    params: zPeriodoFechaParams,
    reply: null,
    status: 204,
  }),
};
