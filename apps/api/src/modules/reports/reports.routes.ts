import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { sendAcademicStatusXlsx } from './academic-status.xlsx.js';
import { sendAlumnosXlsx, sendInscriptosXlsx, sendPorMateriaXlsx } from './reports.export.js';
import * as reports from './reports.service.js';

/**
 * The reports of spec 03 sections 2.15 and 7. Each list has its `_download` (the same body, paging
 * ignored, streamed as xlsx) and its `_grafico` (the figures of the chart beside the list).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.inscriptos, (request) => reports.inscriptosPage(db, request.body));
  serve(app, e.inscriptosDownload, (request, reply) => sendInscriptosXlsx(reply, db, request.body.filters ?? {}));
  serve(app, e.inscriptosChart, (request) => reports.inscriptosChart(db, request.body.filters));

  serve(app, e.porMateria, (request) => reports.porMateriaPage(db, currentUser(request), request.body));
  serve(app, e.porMateriaDownload, async (request, reply) => {
    await reports.checkMateria(db, currentUser(request), request.body.filters);
    return sendPorMateriaXlsx(reply, db, request.body.filters);
  });
  serve(app, e.porMateriaChart, (request) => reports.porMateriaChart(db, currentUser(request), request.body.filters));

  serve(app, e.alumnos, (request) => reports.alumnosPage(db, request.body));
  serve(app, e.alumnosDownload, (request, reply) => sendAlumnosXlsx(reply, db, request.body.filters ?? {}));
  serve(app, e.alumnosChart, (request) => reports.alumnosChart(db, request.body.filters));

  serve(app, e.formData, (request) => reports.formData(db, currentUser(request), request.query.periodoId));
  serve(app, e.academicStatus, (request) => reports.academicStatus(db, currentUser(request), request.params.id));
  serve(app, e.academicStatusOwn, (request) => reports.ownAcademicStatus(db, currentUser(request)));
  serve(app, e.academicStatusDownload, async (request, reply) =>
    sendAcademicStatusXlsx(reply, await reports.academicStatus(db, currentUser(request), request.params.id)),
  );
  serve(app, e.studentOptions, (request) => reports.alumnoOptions(db, request.query.search));
};
