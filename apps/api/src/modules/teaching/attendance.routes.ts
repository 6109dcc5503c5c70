import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAsistencia,
  zAsistenciaFormData,
  zAsistenciaList,
  zAsistenciaListRequest,
  zAsistenciaSave,
  zIdParams,
  zIdReply,
  zMarkAllReply,
  zPresenceReply,
  zPresenceSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as attendance from './attendance.service.js';
import { TEACHING } from './homework.routes.js';

const TAGS = ['asistencias'];

/** Attendance sessions and marks under `/api/assistances` (spec 03 section 7, {attendance}). */
export const attendanceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/assistances/form-data/:id',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Datos del formulario de asistencia (id de la materia por periodo)',
        params: zIdParams,
        response: { 200: zAsistenciaFormData },
      },
    },
    async (request) => attendance.formData(db, currentUser(request), request.params.id),
  );

  app.post(
    '/assistances/:id/all',
    {
      // A student enrolled in the subject reads their own row only.
      config: { access: [...TEACHING, 'teaching:read-own-results'] },
      schema: {
        tags: TAGS,
        summary: 'Grilla de asistencias de una materia por periodo',
        params: zIdParams,
        body: zAsistenciaListRequest,
        response: { 200: zAsistenciaList },
      },
    },
    async (request) => attendance.list(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/assistances',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Guardar una asistencia', body: zAsistenciaSave, response: { 200: zIdReply } },
    },
    async (request) => attendance.save(db, currentUser(request), request.body),
  );

  app.get(
    '/assistances/:id',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Una asistencia con la marca de cada alumno',
        params: zIdParams,
        response: { 200: zAsistencia },
      },
    },
    async (request) => attendance.get(db, currentUser(request), request.params.id),
  );

  app.delete(
    '/assistances/:id',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Borrar una asistencia', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await attendance.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/assistances/:id/update-presence',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Marcar presente, ausente o sin tomar a un alumno (studentId: la inscripción)',
        params: zIdParams,
        body: zPresenceSave,
        response: { 200: zPresenceReply },
      },
    },
    async (request) => attendance.updatePresence(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/assistances/:id/mark-all-present',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Marcar presentes a los alumnos sin marca (nunca cambia una marca guardada)',
        params: zIdParams,
        response: { 200: zMarkAllReply },
      },
    },
    async (request) => attendance.markAll(db, currentUser(request), request.params.id),
  );
};
