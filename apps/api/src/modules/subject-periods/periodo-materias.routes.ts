import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, zIdParams, zPeriodoMateriaListRequest, zPeriodoMateriaPage } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as subjectPeriods from './subject-periods.service.js';

const STAFF = ['structure:manage'] as const;
const TAGS = ['periodos'];

/**
 * The subject-periods of one period (`/api/periodos/...`, the period form's 'Detalle de materias'): served
 * here, not by the periods module, so periods need not know subject-periods (a subject-period belongs to
 * a period, not the other way round).
 */
export const periodoMateriasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/periodos/:id/materias/all',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Detalle de materias del periodo',
        params: zIdParams,
        body: zPeriodoMateriaListRequest,
        response: { 200: zPeriodoMateriaPage },
      },
    },
    async (request) => subjectPeriods.ofPeriodo(db, request.params.id, request.body),
  );

  app.delete(
    '/periodos/materias/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Quitar una materia del periodo (id de la materia por periodo)',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await subjectPeriods.remove(db, currentUser(request), request.params.id, MSG.materiaNotFound);
      return reply.status(204).send(null);
    },
  );
};
