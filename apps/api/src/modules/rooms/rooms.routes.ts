import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aulaEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as rooms from './rooms.service.js';

/** Rooms (`/api/aulas`, issue 45): staff only. */
export const aulasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => rooms.list(db, request.body));
  serve(app, e.options, () => rooms.options(db));
  serve(app, e.libres, (request) => rooms.libres(db, request.query));
  serve(app, e.get, (request) => rooms.get(db, request.params.id));
  serve(app, e.save, (request) => rooms.save(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await rooms.remove(db, currentUser(request), request.params.id);
  });
};
