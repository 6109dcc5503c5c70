import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mallaEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { grantException, listExceptions } from './correlatives.js';
import * as mallas from './mallas.service.js';

/** Curricula (`/api/mallas`) and their subject tables: staff only (DOMAIN.md section 2). */
export const mallasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => mallas.list(db, request.body));
  serve(app, e.formData, () => mallas.formData(db));
  serve(app, e.get, (request) => mallas.get(db, request.params.id));
  serve(app, e.save, (request) => mallas.save(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await mallas.remove(db, currentUser(request), request.params.id);
  });
  serve(app, e.listMaterias, (request) => mallas.listMaterias(db, request.params.id, request.body));
  serve(app, e.saveMateria, (request) => mallas.saveMateria(db, currentUser(request), request.params.id, request.body));
  serve(app, e.grantException, (request) =>
    grantException(db, currentUser(request), request.params.id, request.params.materiaMallaId, request.body),
  );
  serve(app, e.listExceptions, (request) => listExceptions(db, request.params.id, request.params.materiaMallaId));
  serve(app, e.removeMateria, async (request) => {
    await mallas.removeMateria(db, currentUser(request), request.params.id);
  });
};
