import { z } from 'zod';
import { zId, zIdParams } from '../schemas/common.js';
import { zSessionList, zSessionsEnded } from '../schemas/identity.js';
import { endpoint } from './endpoint.js';

const MANAGE = ['users:manage'] as const;
const own = ['sesión'] as const;
const staff = ['usuarios'] as const;

/** 'Mis sesiones' (issue 32): one's own open sessions, and staff's view of a user's from the user's record. */
export const sessionEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/users/sessions',
    access: 'authenticated',
    tags: own,
    summary: 'Mis sesiones: las sesiones abiertas',
    reply: zSessionList,
  }),
  endMine: endpoint({
    method: 'DELETE',
    path: '/users/sessions/:sessionId',
    access: 'authenticated',
    tags: own,
    summary: 'Cerrar otra de mis sesiones',
    params: z.object({ sessionId: zId }),
    reply: null,
    status: 204,
    errors: [400, 404],
  }),
  endMyOthers: endpoint({
    method: 'DELETE',
    path: '/users/sessions',
    access: 'authenticated',
    tags: own,
    summary: 'Cerrar todas mis sesiones menos la actual',
    reply: zSessionsEnded,
  }),
  ofUser: endpoint({
    method: 'GET',
    path: '/users/:id/sessions',
    access: MANAGE,
    tags: staff,
    summary: 'Las sesiones abiertas de un usuario',
    params: zIdParams,
    reply: zSessionList,
    errors: [403, 404],
  }),
  endAllOfUser: endpoint({
    method: 'DELETE',
    path: '/users/:id/sessions',
    access: MANAGE,
    tags: staff,
    summary: 'Cerrar todas las sesiones de un usuario (queda en la auditoría)',
    params: zIdParams,
    reply: zSessionsEnded,
    errors: [403, 404],
  }),
  endOneOfUser: endpoint({
    method: 'DELETE',
    path: '/users/:id/sessions/:sessionId',
    access: MANAGE,
    tags: staff,
    summary: 'Cerrar una sesión de un usuario (queda en la auditoría)',
    params: zIdParams.extend({ sessionId: zId }),
    reply: zSessionsEnded,
    errors: [403, 404],
  }),
};
