import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zIdParams,
  zRectificacion,
  zRectificacionSave,
  zRectificacionVerificacion,
  zVerifyParams,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as rectifications from './rectifications.service.js';

const TAGS = ['exámenes'];
/** Who sees an exam sees its rectifications: staff, or a professor on the exams they score. */
const SCORES = ['exams:manage', 'exam-scores:any', 'exam-scores:own'] as const;

/** Actas rectificativas of sealed exams (issue 30). */
export const rectificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/exams/:id/rectificaciones',
    {
      config: { access: ['actas:rectificar'] },
      schema: {
        tags: TAGS,
        summary: 'Rectificar el acta sellada de un alumno (acta rectificativa)',
        params: zIdParams,
        body: zRectificacionSave,
        response: { 200: zRectificacion },
      },
    },
    async (request) => rectifications.rectificar(db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/exams/:id/rectificaciones',
    {
      config: { access: SCORES },
      schema: {
        tags: TAGS,
        summary: 'Actas rectificativas de un examen',
        params: zIdParams,
        response: { 200: z.array(zRectificacion) },
      },
    },
    async (request) => rectifications.list(db, currentUser(request), request.params.id),
  );

  app.get(
    '/exams/verify-rectificacion/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Verificar un acta rectificativa por su código',
        params: zVerifyParams,
        response: { 200: zRectificacionVerificacion },
      },
    },
    async (request) => rectifications.verifyRectificacion(db, request.params.code),
  );
};
