import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  zAcademicStatus,
  zAlumnosChart,
  zAlumnosReportPage,
  zAlumnosRequest,
  zError,
  zIdParams,
  zInscriptosChart,
  zInscriptosPage,
  zInscriptosRequest,
  zPorMateriaChart,
  zPorMateriaPage,
  zPorMateriaRequest,
  zReportFormData,
  zReportFormDataQuery,
  zStudentReportList,
  zStudentReportQuery,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser, type Access } from '../../plugins/auth.js';
import type { AuthUser } from '../auth/auth-user.js';
import { sendAcademicStatusXlsx } from './academic-status.xlsx.js';
import { sendAlumnosXlsx, sendInscriptosXlsx, sendPorMateriaXlsx } from './reports.export.js';
import * as reports from './reports.service.js';

const TAGS = ['reportes'];
/** Staff: every report (DOMAIN.md section 2). */
const STAFF: Access = ['reports:any'];
/** Staff, and professors for the subject-periods they teach. */
const SUBJECT_LISTS: Access = ['reports:any', 'reports:own-subjects'];
/** Staff, and a student for their own record. */
const ACADEMIC_STATUS: Access = ['reports:any', 'reports:own-status'];

/** A list report's three calls (spec 03 section 7): the page, its `_download` and its `_grafico`. */
interface ListReport<B extends z.ZodType<{ filters?: unknown }>, P extends z.ZodType, C extends z.ZodType> {
  path: string;
  access: Access;
  body: B;
  page: P;
  chart: C;
  summaries: { list: string; download: string; chart: string };
  list: (user: AuthUser, body: z.infer<B>) => Promise<z.infer<P>>;
  download: (reply: FastifyReply, user: AuthUser, body: z.infer<B>) => Promise<FastifyReply> | FastifyReply;
  figures: (user: AuthUser, body: z.infer<B>) => Promise<z.infer<C>>;
}

/**
 * Registers one list report. `app` is taken without its zod type provider (a generic schema defeats its
 * inference): the schemas still validate and serialise, and each caller is type-checked against its own.
 */
function listReport<B extends z.ZodType<{ filters?: unknown }>, P extends z.ZodType, C extends z.ZodType>(
  app: FastifyInstance,
  r: ListReport<B, P, C>,
) {
  const errors = { 400: zError, 404: zError };
  app.post(
    r.path,
    {
      config: { access: r.access },
      schema: { tags: TAGS, summary: r.summaries.list, body: r.body, response: { 200: r.page, ...errors } },
    },
    async (request) => r.list(currentUser(request), request.body as z.infer<B>),
  );
  app.post(
    `${r.path}_download`,
    { config: { access: r.access }, schema: { tags: TAGS, summary: r.summaries.download, body: r.body } },
    async (request, reply) => r.download(reply, currentUser(request), request.body as z.infer<B>),
  );
  app.post(
    `${r.path}_grafico`,
    {
      config: { access: r.access },
      schema: { tags: TAGS, summary: r.summaries.chart, body: r.body, response: { 200: r.chart, ...errors } },
    },
    async (request) => r.figures(currentUser(request), request.body as z.infer<B>),
  );
}

/**
 * The reports of spec 03 sections 2.15 and 7. Each list has its `_download` (the same body, paging
 * ignored, streamed as xlsx) and its `_grafico` (the figures of the chart beside the list).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  listReport(app, {
    path: '/reports/reporte_inscriptos',
    access: STAFF,
    body: zInscriptosRequest,
    page: zInscriptosPage,
    chart: zInscriptosChart,
    summaries: {
      list: 'Reporte de alumnos inscriptos: una página por periodo y alumno',
      download: 'Descargar Alumnos-Inscriptos.xlsx',
      chart: 'Inscripciones por semestre (gráfico)',
    },
    list: (_user, body) => reports.inscriptosPage(db, body),
    download: (reply, _user, body) => sendInscriptosXlsx(reply, db, body.filters ?? {}),
    figures: (_user, body) => reports.inscriptosChart(db, body.filters),
  });

  listReport(app, {
    path: '/reports/reporte_alumnos_por_materia',
    access: SUBJECT_LISTS,
    body: zPorMateriaRequest,
    page: zPorMateriaPage,
    chart: zPorMateriaChart,
    summaries: {
      list: 'Reporte de Asistencias y Pruebas Parciales de una materia',
      download: 'Descargar Reporte de Asistencia y PP.xlsx',
      chart: 'Alumnos por rango de % Asistencia y % PP (gráfico)',
    },
    list: (user, body) => reports.porMateriaPage(db, user, body),
    download: async (reply, user, body) => {
      await reports.checkMateria(db, user, body.filters);
      return sendPorMateriaXlsx(reply, db, body.filters);
    },
    figures: (user, body) => reports.porMateriaChart(db, user, body.filters),
  });

  listReport(app, {
    path: '/reports/reporte_alumnos',
    access: STAFF,
    body: zAlumnosRequest,
    page: zAlumnosReportPage,
    chart: zAlumnosChart,
    summaries: {
      list: 'Reporte general de alumnos',
      download: 'Descargar Alumnos.xlsx',
      chart: 'Alumnos por carrera y género (gráfico)',
    },
    list: (_user, body) => reports.alumnosPage(db, body),
    download: (reply, _user, body) => sendAlumnosXlsx(reply, db, body.filters ?? {}),
    figures: (_user, body) => reports.alumnosChart(db, body.filters),
  });

  app.get(
    '/reports/form_data',
    {
      config: { access: SUBJECT_LISTS },
      schema: {
        tags: TAGS,
        summary: 'Datos de los filtros: periodos, carreras, mallas, semestres y materias del periodo',
        querystring: zReportFormDataQuery,
        response: { 200: zReportFormData, 400: zError },
      },
    },
    async (request) => reports.formData(db, currentUser(request), request.query.periodoId),
  );

  app.get(
    '/reports/reporte-academic-status-student/:id',
    {
      config: { access: ACADEMIC_STATUS },
      schema: {
        tags: TAGS,
        summary: 'Estado académico de un alumno (id de la ficha)',
        params: zIdParams,
        response: { 200: zAcademicStatus, 404: zError },
      },
    },
    async (request) => reports.academicStatus(db, currentUser(request), request.params.id),
  );
  app.get(
    '/reports/academic-status-own',
    {
      config: { access: ['reports:own-status'] },
      schema: {
        tags: TAGS,
        summary: 'Estado académico del alumno que llama',
        response: { 200: zAcademicStatus, 404: zError },
      },
    },
    async (request) => reports.ownAcademicStatus(db, currentUser(request)),
  );
  app.get(
    '/reports/download-reporte-academic-status-student/:id',
    {
      config: { access: ACADEMIC_STATUS },
      schema: { tags: TAGS, summary: 'Descargar Reporte Estado Academico.xlsx', params: zIdParams },
    },
    async (request, reply) =>
      sendAcademicStatusXlsx(reply, await reports.academicStatus(db, currentUser(request), request.params.id)),
  );

  app.get(
    '/students/reporte_alumnos',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Alumnos para abrir su estado académico (hasta 20, por legajo o nombre)',
        querystring: zStudentReportQuery,
        response: { 200: zStudentReportList, 400: zError },
      },
    },
    async (request) => reports.studentOptions(db, request.query.search),
  );
};
