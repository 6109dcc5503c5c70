import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zIdParams, zRectificacionMateria, zRectificacionMateriaSave } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as rectifications from './subject-rectifications.service.js';

const TAGS = ['materias por periodo'];
/** Who sees the subject-period's grades sees their rectifications: staff, or its professors. */
const TEACHING = ['teaching:any', 'teaching:own'] as const;

/** Rectifications of a sealed subject-period's record (issue 30), beside the actas rectificativas of exams. */
export const subjectRectificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/MateriasPeriodo/:id/rectificaciones',
    {
      config: { access: ['actas:rectificar'] },
      schema: {
        tags: TAGS,
        summary: 'Rectificar el % PP o el % Asistencia de un alumno en una materia sellada',
        params: zIdParams,
        body: zRectificacionMateriaSave,
        response: { 200: zRectificacionMateria },
      },
    },
    async (request) => rectifications.rectificar(db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/MateriasPeriodo/:id/rectificaciones',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Rectificaciones del registro de una materia sellada',
        params: zIdParams,
        response: { 200: z.array(zRectificacionMateria) },
      },
    },
    async (request) => rectifications.list(db, currentUser(request), request.params.id),
  );
};
