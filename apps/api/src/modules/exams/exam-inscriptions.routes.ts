import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examenInscripcionEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as inscriptions from './exam-inscriptions.service.js';

/** Exam enrolments (`/api/inscripcionexamen`, the spec's `examInscriptions`) and the student's exam rights. */
export const examenInscripcionesRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  serve(app, e.formData, (request) => inscriptions.formData(db, currentUser(request), undefined, false));
  serve(app, e.formDataOf, (request) =>
    inscriptions.formData(db, currentUser(request), request.params.examId, request.params.loadStudents === 'true'),
  );
  serve(app, e.myExams, (request) => inscriptions.myExamenes(db, currentUser(request), request.body));
  serve(app, e.available, (request) => inscriptions.available(db, currentUser(request), request.body));
  serve(app, e.inscribirme, (request) => inscriptions.inscribirme(db, mailer, currentUser(request), request.body));
  serve(app, e.inscribir, (request) => inscriptions.inscribir(db, mailer, currentUser(request), request.body));
  serve(app, e.updateScore, (request) => inscriptions.updateCalificacion(db, currentUser(request), request.body));
  serve(app, e.saveMany, (request) => inscriptions.saveMany(db, mailer, currentUser(request), request.body));
  serve(app, e.get, (request) => inscriptions.get(db, currentUser(request), request.params.id));
  serve(app, e.remove, async (request) => {
    await inscriptions.remove(db, currentUser(request), request.params.id);
  });
  serve(app, e.misDerechos, (request) => inscriptions.misDerechos(db, currentUser(request), request.body));
};
