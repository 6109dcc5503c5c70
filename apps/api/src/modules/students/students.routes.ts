import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alumnoEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as students from './students.service.js';

/** Student records (spec 01 section 7, spec 02 section 7): staff manage them; a student reads their own. */
export const alumnosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => students.listAlumnos(db, request.body));
  serve(app, e.mallas, () => students.mallas(db));
  serve(app, e.selectValues, (request) => students.selectValues(db, request.query));
  serve(app, e.get, (request) => students.getAlumno(db, currentUser(request), request.params.id));
  serve(app, e.save, (request) => students.saveAlumno(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await students.deleteAlumno(db, currentUser(request), request.params.id);
  });
};
