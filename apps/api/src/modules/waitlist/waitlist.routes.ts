import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listaEsperaEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as waitlist from './waitlist.service.js';

/** Waiting lists of full subject-periods (issue 29): the student's own, and staff's in order. */
export const listaEsperaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.mine, (request) => waitlist.mine(db, currentUser(request)));

  serve(app, e.leave, async (request) => {
    await waitlist.leave(db, currentUser(request), request.params.materiaPeriodoId);
    // A declined offer passes to the next in line.
    app.waitlist.kick();
  });

  serve(app, e.accept, (request) => waitlist.accept(db, currentUser(request), request.params.materiaPeriodoId));
  serve(app, e.staffList, (request) => waitlist.staffList(db, request.params.id));
  serve(app, e.move, (request) => waitlist.move(db, currentUser(request), request.params.id, request.body));
  serve(app, e.openParallel, (request) => waitlist.openParallel(db, currentUser(request), request.params.id));
};
