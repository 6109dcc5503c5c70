import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { currentUser } from '../../plugins/auth.js';
import { sendAcademicStatusXlsx } from './academic-status.xlsx.js';
import { sendAlumnosXlsx, sendInscriptosXlsx, sendPorMateriaXlsx } from './reports.export.js';
import * as reports from './reports.service.js';

const TAGS = ['reportes'];
/** Staff: every report (DOMAIN.md section 2). */
const STAFF = ['reports:any'] as const;
/** Staff, and professors for the subject-periods they teach. */
const SUBJECT_LISTS = ['reports:any', 'reports:own-subjects'] as const;
/** Staff, and a student for their own record. */
const ACADEMIC_STATUS = ['reports:any', 'reports:own-status'] as const;

/**
 * The reports of spec 03 sections 2.15 and 7. Each list has its `_download` (the same body, paging
 * ignored, streamed as xlsx) and its `_grafico` (the figures of the chart beside the list).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/reports/reporte_inscriptos',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Reporte de alumnos inscriptos: una página por periodo y alumno',
        body: zInscriptosRequest,
        response: { 200: zInscriptosPage, 400: zError },
      },
    },
    async (request) => reports.inscriptosPage(db, request.body),
  );
  app.post(
    '/reports/reporte_inscriptos_download',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Descargar Alumnos-Inscriptos.xlsx', body: zInscriptosRequest },
    },
    async (request, reply) => sendInscriptosXlsx(reply, db, request.body.filters ?? {}),
  );
  app.post(
    '/reports/reporte_inscriptos_grafico',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Inscripciones por semestre (gráfico)',
        body: zInscriptosRequest,
        response: { 200: zInscriptosChart, 400: zError },
      },
    },
    async (request) => reports.inscriptosChart(db, request.body.filters),
  );

  app.post(
    '/reports/reporte_alumnos_por_materia',
    {
      config: { access: SUBJECT_LISTS },
      schema: {
        tags: TAGS,
        summary: 'Reporte de Asistencias y Pruebas Parciales de una materia',
        body: zPorMateriaRequest,
        response: { 200: zPorMateriaPage, 400: zError, 404: zError },
      },
    },
    async (request) => reports.porMateriaPage(db, currentUser(request), request.body),
  );
  app.post(
    '/reports/reporte_alumnos_por_materia_download',
    {
      config: { access: SUBJECT_LISTS },
      schema: { tags: TAGS, summary: 'Descargar Reporte de Asistencia y PP.xlsx', body: zPorMateriaRequest },
    },
    async (request, reply) => {
      await reports.checkMateria(db, currentUser(request), request.body.filters);
      return sendPorMateriaXlsx(reply, db, request.body.filters);
    },
  );
  app.post(
    '/reports/reporte_alumnos_por_materia_grafico',
    {
      config: { access: SUBJECT_LISTS },
      schema: {
        tags: TAGS,
        summary: 'Alumnos por rango de % Asistencia y % PP (gráfico)',
        body: zPorMateriaRequest,
        response: { 200: zPorMateriaChart, 400: zError, 404: zError },
      },
    },
    async (request) => reports.porMateriaChart(db, currentUser(request), request.body.filters),
  );

  app.post(
    '/reports/reporte_alumnos',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Reporte general de alumnos',
        body: zAlumnosRequest,
        response: { 200: zAlumnosReportPage, 400: zError },
      },
    },
    async (request) => reports.alumnosPage(db, request.body),
  );
  app.post(
    '/reports/reporte_alumnos_download',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Descargar Alumnos.xlsx', body: zAlumnosRequest },
    },
    async (request, reply) => sendAlumnosXlsx(reply, db, request.body.filters ?? {}),
  );
  app.post(
    '/reports/reporte_alumnos_grafico',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Alumnos por carrera y género (gráfico)',
        body: zAlumnosRequest,
        response: { 200: zAlumnosChart, 400: zError },
      },
    },
    async (request) => reports.alumnosChart(db, request.body.filters),
  );

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
