import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG_ALERTS, alertsEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import type { AlertsJob } from './alerts-job.js';
import * as service from './alerts.service.js';

/** Early warnings (issue 30): a subject-period's list, the student's own, the administrator's 'run now' and its screen (issue 44). */
export const alertsRoutes: FastifyPluginAsyncZod<{ db: Db; job: AlertsJob; clock: Clock }> = async (
  app,
  { db, job, clock },
) => {
  serve(app, e.ofMateriaPeriodo, (request) =>
    service.listOfMateriaPeriodo(db, currentUser(request), request.params.id),
  );
  serve(app, e.mine, (request) => service.listOwn(db, currentUser(request)));

  serve(app, e.runNow, async (request) => {
    const result = await job.runNow(currentUser(request).id);
    if (!result) throw AppError.conflict(MSG_ALERTS.runInProgress);
    return result;
  });
  serve(app, e.lastRun, (request) => service.lastRun(db, clock.now(), request.query));
};
