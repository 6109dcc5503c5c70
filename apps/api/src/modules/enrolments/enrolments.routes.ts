import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENROL_MSG, enrolmentEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as enrolments from './enrolments.service.js';

/** Subject enrolment (spec 02 section 7, `studentSubjects`), the student's dashboard and 'Mi Malla'. */
export const enrolmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.subjectsBySemesters, (request) =>
    enrolments.materiasBySemesters(db, currentUser(request), request.params.perfilAlumnoId),
  );

  serve(app, e.saveInscription, async (request) => {
    const lines = await enrolments.saveInscripcion(db, currentUser(request), request.body);
    // A seat freed: the waiting list's first in line gets it offered.
    if (lines.some((l) => l.success === ENROL_MSG.lineUnenrolled)) app.waitlist.kick();
    return lines;
  });

  serve(app, e.validar, (request) => enrolments.validateInscripcion(db, currentUser(request), request.body));
  serve(app, e.listAll, (request) => enrolments.listAll(db, request.body));
  serve(app, e.listMine, (request) => enrolments.listMine(db, currentUser(request), request.body));
  serve(app, e.listFormData, (request) => enrolments.listFormData(db, currentUser(request)));
  serve(app, e.toggleTablero, (request) => enrolments.toggleTablero(db, currentUser(request), request.body.id));
  serve(app, e.newFormData, () => enrolments.formData(db));
  serve(app, e.editFormData, () => enrolments.formData(db));
  serve(app, e.mallaOffer, (request) => enrolments.allMaterias(db, request.params.mallaId));
  serve(app, e.myStudent, (request) => enrolments.myAlumno(db, currentUser(request)));
  serve(app, e.myMalla, (request) => enrolments.miMalla(db, currentUser(request)));
  serve(app, e.tablero, (request) => enrolments.tablero(db, currentUser(request)));
  serve(app, e.get, (request) => enrolments.get(db, currentUser(request), request.params.id));

  serve(app, e.save, async (request) => {
    const saved = await enrolments.save(db, currentUser(request), request.body);
    app.waitlist.kick(); // a moved enrolment frees a seat in its old section
    return saved;
  });

  serve(app, e.remove, async (request) => {
    await enrolments.remove(db, currentUser(request), request.params.id);
    app.waitlist.kick();
  });
};
