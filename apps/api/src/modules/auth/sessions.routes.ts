import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionEndpoints as e } from '@arandu/shared';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import { clientOf } from './session-client.js';
import * as sessions from './sessions.service.js';

/** 'Mis sesiones' (issue 32): one's own open sessions, and staff's view of a user's from the user's record. */
export const sessionsRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, { db }) => {
  serve(app, e.mine, async (request) => ({ items: await sessions.mySessions(db, currentUser(request)) }));
  serve(app, e.endMine, async (request) => {
    await sessions.endMySession(db, currentUser(request), request.params.sessionId, clientOf(request));
  });
  serve(app, e.endMyOthers, async (request) => ({
    ended: await sessions.endMyOtherSessions(db, currentUser(request), clientOf(request)),
  }));
  serve(app, e.ofUser, async (request) => ({
    items: await sessions.userSessions(db, currentUser(request), request.params.id),
  }));
  serve(app, e.endAllOfUser, async (request) => ({
    ended: await sessions.endUserSessions(db, currentUser(request), request.params.id, null, clientOf(request)),
  }));
  serve(app, e.endOneOfUser, async (request) => ({
    ended: await sessions.endUserSessions(
      db,
      currentUser(request),
      request.params.id,
      request.params.sessionId,
      clientOf(request),
    ),
  }));
};
