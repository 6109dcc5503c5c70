import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { materiaPeriodoEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as rectifications from './subject-rectifications.service.js';

/** Rectifications of a sealed subject-period's record (issue 30), beside the actas rectificativas of exams. */
export const materiaRectificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.rectificar, (request) =>
    rectifications.rectificar(db, currentUser(request), request.params.id, request.body),
  );
  serve(app, e.rectificaciones, (request) => rectifications.list(db, currentUser(request), request.params.id));
};
