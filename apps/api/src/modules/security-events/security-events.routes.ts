import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityEventEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as events from './security-events.service.js';

/** The identity events (issue 41): one's own sign-ins in 'Mis sesiones', a user's 'Seguridad' tab for staff. */
export const securityEventsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.mySignIns, async (request) => ({ items: await events.mySignIns(db, currentUser(request)) }));
  serve(app, e.ofUser, (request) =>
    events.userSecurityEvents(db, currentUser(request), request.params.id, request.body),
  );
};
