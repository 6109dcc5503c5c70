import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, periodoEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as subjectPeriods from './subject-periods.service.js';

/**
 * The subject-periods of one period (`/api/periodos/...`, the period form's 'Detalle de materias'): served
 * here, not by the periods module, so periods need not know subject-periods (a subject-period belongs to
 * a period, not the other way round).
 */
export const periodoMateriasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.listMaterias, (request) => subjectPeriods.ofPeriodo(db, request.params.id, request.body));
  serve(app, e.removeMateria, async (request) => {
    await subjectPeriods.remove(db, currentUser(request), request.params.id, MSG.materiaNotFound);
  });
};
