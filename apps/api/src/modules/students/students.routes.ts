import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zError,
  zIdParams,
  zStudentDetail,
  zStudentListRequest,
  zStudentMallas,
  zStudentPage,
  zStudentSave,
  zStudentSelectQuery,
  zStudentSelectValues,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as students from './students.service.js';

const STAFF = ['structure:manage'] as const;

/** Student records (spec 01 section 7, spec 02 section 7): staff manage them; a student reads their own. */
export const studentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/students/all',
    {
      config: { access: STAFF },
      schema: {
        tags: ['alumnos'],
        summary: 'Alumnos del Sistema: una página, con búsqueda',
        body: zStudentListRequest,
        response: { 200: zStudentPage },
      },
    },
    async (request) => students.listStudents(db, request.body),
  );

  app.get(
    '/students/mallas',
    {
      config: { access: STAFF },
      schema: { tags: ['alumnos'], summary: 'Mallas activas (Malla - Carrera)', response: { 200: zStudentMallas } },
    },
    async () => students.mallas(db),
  );

  app.get(
    '/students/select_values',
    {
      config: { access: STAFF },
      schema: {
        tags: ['alumnos'],
        summary: 'Alumnos sin ficha para elegir, por texto (hasta 20)',
        querystring: zStudentSelectQuery,
        response: { 200: zStudentSelectValues },
      },
    },
    async (request) => students.selectValues(db, request.query),
  );

  app.get(
    '/students/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['alumnos'],
        summary: 'Una ficha de alumno',
        params: zIdParams,
        response: { 200: zStudentDetail },
      },
    },
    async (request) => students.getStudent(db, currentUser(request), request.params.id),
  );

  app.post(
    '/students',
    {
      config: { access: STAFF },
      schema: {
        tags: ['alumnos'],
        summary: 'Guardar una ficha de alumno (nueva sin id)',
        body: zStudentSave,
        response: { 200: zStudentDetail, 400: zError },
      },
    },
    async (request) => students.saveStudent(db, currentUser(request), request.body),
  );

  app.delete(
    '/students/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: ['alumnos'],
        summary: 'Borrar una ficha de alumno sin inscripciones',
        params: zIdParams,
        response: { 204: z.null(), 400: zError },
      },
    },
    async (request, reply) => {
      await students.deleteStudent(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
