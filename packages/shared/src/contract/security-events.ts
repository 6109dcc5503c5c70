import { zIdParams } from '../schemas/common.js';
import { zSecurityEventPage, zSecurityEventsRequest, zSignInList } from '../schemas/security-events.js';
import { endpoint } from './endpoint.js';

/** The identity events of `eventos_seguridad` (issue 41): one's own sign-ins, and a user's whole record for staff. */
export const securityEventEndpoints = {
  mySignIns: endpoint({
    method: 'GET',
    path: '/users/sessions/sign_ins',
    access: 'authenticated',
    tags: ['sesión'],
    summary: 'Mis sesiones: mis últimos ingresos (método, navegador, dirección, fecha)',
    reply: zSignInList,
  }),
  ofUser: endpoint({
    method: 'POST',
    path: '/users/:id/security_events',
    access: ['users:manage'],
    tags: ['usuarios'],
    summary: 'Seguridad de un usuario: sus ingresos, rechazos, bloqueos, cambios de segundo factor y sesiones cerradas',
    params: zIdParams,
    body: zSecurityEventsRequest,
    reply: zSecurityEventPage,
    errors: [400, 403, 404],
  }),
};
