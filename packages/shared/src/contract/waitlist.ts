import { z } from 'zod';
import { zIdParams } from '../schemas/common.js';
import { zInscripcionLine } from '../schemas/enrolments.js';
import { zListaEsperaMover, zListaEsperaStaff, zMateriaPeriodoIdParams, zMiListaEspera } from '../schemas/seats.js';
import { endpoint } from './endpoint.js';

const OWN = ['enrolment:own'] as const;
const STAFF = ['structure:manage'] as const;
const tags = ['lista de espera'] as const;

/** Waiting lists of full subject-periods (issue 29): the student's own, and staff's in order. */
export const listaEsperaEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/studentsubjects/lista-espera',
    access: OWN,
    tags,
    summary: 'Mis listas de espera: posición y oferta abierta',
    reply: zMiListaEspera,
  }),
  leave: endpoint({
    method: 'DELETE',
    path: '/studentsubjects/lista-espera/:materiaPeriodoId',
    access: OWN,
    tags,
    summary: 'Salir de la lista de espera (rechaza una oferta abierta)',
    params: zMateriaPeriodoIdParams,
    reply: null,
    status: 204,
    errors: [404],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/studentsubjects/lista-espera/:materiaPeriodoId/aceptar',
    access: OWN,
    tags,
    summary: 'Aceptar el lugar ofrecido: inscribe con las reglas verificadas otra vez',
    params: zMateriaPeriodoIdParams,
    reply: zInscripcionLine,
    errors: [400],
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/MateriasPeriodo/:id/lista-espera',
    access: STAFF,
    tags,
    summary: 'Lista de espera de una materia por periodo, en orden',
    params: zIdParams,
    reply: zListaEsperaStaff,
  }),
  move: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo/:id/lista-espera/mover',
    access: STAFF,
    tags,
    summary: 'Mover a un alumno de posición en la lista de espera, con motivo (auditado)',
    params: zIdParams,
    body: zListaEsperaMover,
    reply: zListaEsperaStaff,
  }),
  openParallel: endpoint({
    method: 'POST',
    path: '/MateriasPeriodo/:id/seccion-paralela',
    access: STAFF,
    tags,
    summary: 'Abrir sección paralela: misma materia y periodo, cupo copiado, lista de espera en orden',
    params: zIdParams,
    reply: z.object({ id: z.number().int(), seccion: z.string() }),
  }),
};
