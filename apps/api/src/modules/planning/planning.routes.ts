import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planningEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { sendPlanningXlsx } from './planning.export.js';
import * as planning from './planning.service.js';

/**
 * The planning wizard (`/api/planning`, spec 03 section 7). `{id}` is the subject-period's id; each of the
 * nine pages has its own GET and save, each declared in the contract with its own schemas.
 */
export const planningRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.formData, () => planning.formData());
  serve(app, e.oldPlannings, (request) =>
    planning.oldPlannings(db, currentUser(request), request.params.materiaMallaId),
  );
  serve(app, e.download, (request, reply) => sendPlanningXlsx(reply, db, currentUser(request), request.params.id));

  for (const n of planning.PAGE_NUMBERS) {
    serve(app, e.page[n], (request) => planning.page(db, currentUser(request), request.params.id, n));
    serve(app, e.savePage[n], (request) => planning.savePage(db, currentUser(request), n, request.body));
  }
};
