import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zError, zId, zIdParams, zSessionList, zSessionsEnded } from '@arandu/shared';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import * as sessions from './sessions.service.js';

const MANAGE = ['users:manage'] as const;
const zSessionParams = z.object({ sessionId: zId });

/** 'Mis sesiones' (issue 32): one's own open sessions, and staff's view of a user's from the user's record. */
export const sessionsRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, { db }) => {
  app.get(
    '/users/sessions',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['sesión'], summary: 'Mis sesiones: las sesiones abiertas', response: { 200: zSessionList } },
    },
    async (request) => ({ items: await sessions.mySessions(db, currentUser(request)) }),
  );

  app.delete(
    '/users/sessions/:sessionId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['sesión'],
        summary: 'Cerrar otra de mis sesiones',
        params: zSessionParams,
        response: { 204: z.null(), 400: zError, 404: zError },
      },
    },
    async (request, reply) => {
      await sessions.endMySession(db, currentUser(request), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['sesión'],
        summary: 'Cerrar todas mis sesiones menos la actual',
        response: { 200: zSessionsEnded },
      },
    },
    async (request) => ({ ended: await sessions.endMyOtherSessions(db, currentUser(request)) }),
  );

  app.get(
    '/users/:id/sessions',
    {
      config: { access: MANAGE },
      schema: {
        tags: ['usuarios'],
        summary: 'Las sesiones abiertas de un usuario',
        params: zIdParams,
        response: { 200: zSessionList, 403: zError, 404: zError },
      },
    },
    async (request) => ({ items: await sessions.userSessions(db, currentUser(request), request.params.id) }),
  );

  app.delete(
    '/users/:id/sessions',
    {
      config: { access: MANAGE },
      schema: {
        tags: ['usuarios'],
        summary: 'Cerrar todas las sesiones de un usuario (queda en la auditoría)',
        params: zIdParams,
        response: { 200: zSessionsEnded, 403: zError, 404: zError },
      },
    },
    async (request) => ({
      ended: await sessions.endUserSessions(db, currentUser(request), request.params.id, null),
    }),
  );

  app.delete(
    '/users/:id/sessions/:sessionId',
    {
      config: { access: MANAGE },
      schema: {
        tags: ['usuarios'],
        summary: 'Cerrar una sesión de un usuario (queda en la auditoría)',
        params: zIdParams.extend({ sessionId: zId }),
        response: { 200: zSessionsEnded, 403: zError, 404: zError },
      },
    },
    async (request) => ({
      ended: await sessions.endUserSessions(db, currentUser(request), request.params.id, request.params.sessionId),
    }),
  );
};
