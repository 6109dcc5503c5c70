import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { periodoEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as periods from './periods.service.js';

/** Periods (`/api/periodos`) and the subjects they offer: staff only (DOMAIN.md section 2). */
export const periodosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => periods.list(db, request.body));
  serve(app, e.formData, () => periods.formData(db));
  serve(app, e.editSubjectsFormData, (request) => periods.editMateriasFormData(db, request.params.id));
  serve(app, e.subjectsBySemesters, (request) =>
    periods.materiasBySemesters(db, request.params.periodoId, request.params.carreraId),
  );
  serve(app, e.saveSubjects, async (request) => {
    await periods.saveMaterias(db, currentUser(request), request.body);
  });
  serve(app, e.get, (request) => periods.get(db, request.params.id));
  serve(app, e.save, (request) => periods.save(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await periods.remove(db, currentUser(request), request.params.id);
  });
};
