import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carreraEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as careers from './careers.service.js';

/** Careers (`/api/carreras`): staff only (DOMAIN.md section 2). */
export const carrerasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => careers.list(db, request.body));
  serve(app, e.get, (request) => careers.get(db, request.params.id));
  serve(app, e.save, (request) => careers.save(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await careers.remove(db, currentUser(request), request.params.id);
  });
};
