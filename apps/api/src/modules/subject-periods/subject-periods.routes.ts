import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { materiaPeriodoEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { sendAlumnosXlsx } from './subject-periods.export.js';
import * as subjectPeriods from './subject-periods.service.js';

/** Subjects per period (`/api/MateriasPeriodo`), their grades list and moving students between sections. */
export const materiasPeriodoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => subjectPeriods.list(db, request.body));
  serve(app, e.formData, () => subjectPeriods.formData(db));
  serve(app, e.mallaSubjects, (request) => subjectPeriods.mallaMaterias(db, request.params.id));
  serve(app, e.moveData, (request) => subjectPeriods.moveData(db, request.params.id));

  serve(app, e.move, async (request) => {
    const moved = await subjectPeriods.move(db, currentUser(request), request.body);
    app.waitlist.kick();
    return moved;
  });

  serve(app, e.get, (request) => subjectPeriods.get(db, currentUser(request), request.params.id));

  serve(app, e.save, async (request) => {
    const { id, avisos } = await subjectPeriods.save(db, currentUser(request), request.body);
    // A raised cap or a first schedule may open seats for the waiting list.
    app.waitlist.kick();
    return { id, avisos };
  });

  serve(app, e.remove, async (request) => {
    await subjectPeriods.remove(db, currentUser(request), request.params.id);
  });

  serve(app, e.alumnos, (request) => subjectPeriods.alumnos(db, currentUser(request), request.params.id, request.body));
  serve(app, e.saveNotas, (request) => subjectPeriods.saveNotas(db, currentUser(request), request.body));
  serve(app, e.alumnosDownload, (request, reply) =>
    sendAlumnosXlsx(reply, db, currentUser(request), request.params.id),
  );
};
