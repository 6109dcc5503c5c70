import {
  zCalendarioEnlace,
  zCalendarioFeedParams,
  zHorarioSemana,
  zHorarioParams,
  zHorarioRango,
} from '../schemas/schedule.js';
import { endpoint } from './endpoint.js';

const tags = ['horario'] as const;

/**
 * 'Mi horario' and the calendar feed (issue 45): one computation of the dated classes and exams of a range.
 * A student or a professor reads their own week; staff read anyone's and a room's (the service checks).
 */
export const horarioEndpoints = {
  mio: endpoint({
    method: 'GET',
    path: '/horario/mio',
    access: 'authenticated',
    tags,
    summary: 'Las clases y exámenes propios entre desde y hasta (aaaa-mm-dd, a lo sumo 190 días)',
    query: zHorarioRango,
    reply: zHorarioSemana,
    errors: [400],
  }),
  of: endpoint({
    method: 'GET',
    path: '/horario/:titular/:id',
    access: ['structure:manage', 'reports:own-status', 'teaching:own'],
    tags,
    summary:
      'Las clases y exámenes de un alumno (id del alumno), un profesor (id de usuario) o un aula entre desde y hasta',
    params: zHorarioParams,
    query: zHorarioRango,
    reply: zHorarioSemana,
    errors: [400, 404],
  }),
  enlace: endpoint({
    method: 'GET',
    path: '/calendario/enlace',
    access: 'authenticated',
    tags,
    summary: 'El enlace privado del calendario (.ics) de quien llama; se crea en el primer uso',
    reply: zCalendarioEnlace,
  }),
  renovarEnlace: endpoint({
    method: 'POST',
    path: '/calendario/enlace',
    access: 'authenticated',
    tags,
    summary: 'Genera otro enlace del calendario; el anterior deja de funcionar enseguida',
    reply: zCalendarioEnlace,
  }),
  feed: endpoint({
    method: 'GET',
    path: '/calendario/:archivo',
    access: 'public',
    tags,
    summary: 'El calendario (RFC 5545) de la persona del enlace: /calendario/{token}.ics, sin sesión',
    params: zCalendarioFeedParams,
    reply: null,
    download: true,
    errors: [404, 429],
  }),
};
