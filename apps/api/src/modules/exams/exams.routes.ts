import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examenEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { sendAlumnosMateria, sendCalificacionReport } from './exams.export.js';
import * as repo from './exams.repository.js';
import * as exams from './exams.service.js';
import { throttleVerification } from '../verification/verification.service.js';

/** Exams (`/api/exams`): list, form, stamping, reopening, actas and their downloads. */
export const examenesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => exams.list(db, currentUser(request), request.body));
  serve(app, e.formData, () => exams.formData(db, undefined));
  serve(app, e.formDataOf, (request) => exams.formData(db, request.params.id));
  serve(app, e.verify, async (request) => {
    await throttleVerification(db, request.ip);
    return exams.verify(db, request.params.code);
  });
  serve(app, e.actaFinal, (request) => exams.acta(db, currentUser(request), request.params.id, 'final'));
  serve(app, e.acta, (request) => exams.acta(db, currentUser(request), request.params.id, request.params.extra));
  serve(app, e.scoreReportDownload, (request, reply) =>
    sendCalificacionReport(reply, db, currentUser(request), request.params.id),
  );
  serve(app, e.alumnosMateriaDownload, (request, reply) =>
    sendAlumnosMateria(reply, db, currentUser(request), request.params.id),
  );
  serve(app, e.alumnosMateria, async (request) => {
    await exams.loadFor(db, currentUser(request), request.params.id);
    return repo.alumnosMateria(db, request.params.id, request.body.filters?.search);
  });
  serve(app, e.subjectsSchedule, (request) => exams.horarios(db, request.params.id));
  serve(app, e.stamp, (request) => exams.stamp(db, currentUser(request), request.body.id));
  serve(app, e.open, (request) =>
    exams.open(db, currentUser(request), request.body.id, request.body.motivo, request.body.resolucion),
  );
  serve(app, e.get, (request) => exams.get(db, currentUser(request), request.params.id));
  serve(app, e.save, (request) => exams.save(db, currentUser(request), request.body));
  serve(app, e.remove, async (request) => {
    await exams.remove(db, currentUser(request), request.params.id);
  });
};
