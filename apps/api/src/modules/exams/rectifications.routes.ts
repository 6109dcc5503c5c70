import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examenEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as rectifications from './rectifications.service.js';

/** Actas rectificativas of sealed exams (issue 30). */
export const rectificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.rectificar, (request) =>
    rectifications.rectificar(db, currentUser(request), request.params.id, request.body),
  );
  serve(app, e.rectificaciones, (request) => rectifications.list(db, currentUser(request), request.params.id));
  serve(app, e.verifyRectificacion, (request) => rectifications.verifyRectificacion(db, request.params.code));
};
