import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profesorEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as professors from './professors.service.js';

/** A professor's subjects and dashboard (`/api/Professors`). */
export const profesoresRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.formData, () => professors.formData(db));
  serve(app, e.list, (request) => professors.list(db, currentUser(request), request.body));
  serve(app, e.dashboard, (request) => professors.dashboard(db, currentUser(request)));
  serve(app, e.toggleDashboard, (request) => professors.toggleDashboard(db, currentUser(request), request.body.id));
};
