import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG_ALERTS, zAlertas, zAlertasRun, zIdParams, zMisAlertas } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import type { AlertsJob } from './alerts-job.js';
import * as service from './alerts.service.js';

const TAGS = ['alertas tempranas'];

/** Early warnings (issue 30): a subject-period's list, the student's own, and the administrator's 'run now'. */
export const alertsRoutes: FastifyPluginAsyncZod<{ db: Db; job: AlertsJob }> = async (app, { db, job }) => {
  app.get(
    '/MateriasPeriodo/:id/alertas',
    {
      config: { access: ['teaching:any', 'teaching:own'] },
      schema: {
        tags: TAGS,
        summary: 'Alertas tempranas de los alumnos de una materia por periodo',
        params: zIdParams,
        response: { 200: zAlertas },
      },
    },
    async (request) => service.listOfMateriaPeriodo(db, currentUser(request), request.params.id),
  );

  app.get(
    '/alertas/mias',
    {
      config: { access: ['teaching:read-own-results'] },
      schema: { tags: TAGS, summary: 'Mis alertas tempranas (materias en curso)', response: { 200: zMisAlertas } },
    },
    async (request) => service.listOwn(db, currentUser(request)),
  );

  app.post(
    '/operations/alertas/run',
    {
      config: { access: ['settings:manage'] },
      schema: {
        tags: TAGS,
        summary: 'Ejecutar ahora la revisión diaria de alertas tempranas (administrador)',
        response: { 200: zAlertasRun },
      },
    },
    async (request) => {
      const result = await job.runNow(currentUser(request).id);
      if (!result) throw AppError.conflict(MSG_ALERTS.runInProgress);
      return result;
    },
  );
};
