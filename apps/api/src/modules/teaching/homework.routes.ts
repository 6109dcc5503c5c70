import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeworkEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { sendCalificacionesXlsx } from './calificaciones.export.js';
import * as homework from './homework.service.js';
import { transition } from './publish.service.js';

/** Homework, scores, publish and seal under `/api/homework` (spec 03 section 7, {homework}). */
export const homeworkRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  serve(app, e.formData, () => homework.formData());
  serve(app, e.get, (request) => homework.get(db, currentUser(request), request.params.id));
  serve(app, e.save, (request) => homework.save(db, currentUser(request), request.body));
  serve(app, e.updateScore, (request) => homework.updatePuntaje(db, currentUser(request), request.body));
  serve(app, e.list, (request) => homework.list(db, currentUser(request), request.params.id, request.body));
  serve(app, e.remove, async (request) => {
    await homework.remove(db, currentUser(request), request.params.id);
  });
  serve(app, e.usesPercentWeight, (request) =>
    homework.usesPercentWeight(db, currentUser(request), request.params.id, request.body.allow),
  );
  serve(app, e.publish, (request) => transition(db, mailer, currentUser(request), request.params.id, 'publish'));
  serve(app, e.stamp, (request) => transition(db, mailer, currentUser(request), request.params.id, 'stamp'));
  serve(app, e.calificaciones, async (request) => {
    const { tareas, alumnos } = await homework.calificaciones(db, currentUser(request), request.params.id);
    return { tareas, alumnos };
  });
  serve(app, e.calificacionesDownload, (request, reply) =>
    sendCalificacionesXlsx(reply, db, currentUser(request), request.params.id),
  );
};
