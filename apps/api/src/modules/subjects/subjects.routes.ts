import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { materiaEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as subjects from './subjects.service.js';

/** The subject catalogue (`/api/materias`): staff only (DOMAIN.md section 2). */
export const materiasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => subjects.list(db, request.body));
  serve(app, e.formData, () => subjects.formData(db));
  serve(app, e.get, (request) => subjects.get(db, request.params.id));
  serve(app, e.save, (request) => subjects.save(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await subjects.remove(db, currentUser(request), request.params.id);
  });
};
