import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarioEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as calendario from './calendario.service.js';

/** The academic calendar (`/api/periodos/{id}/dias-sin-clases`, issue 45): staff only. */
export const calendarioRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.get, (request) => calendario.get(db, request.params.id));
  serve(app, e.add, (request) => calendario.add(db, currentUser(request), request.params.id, request.body));
  serve(app, e.remove, async (request) => {
    await calendario.remove(db, currentUser(request), request.params.id, request.params.fecha);
  });
};
