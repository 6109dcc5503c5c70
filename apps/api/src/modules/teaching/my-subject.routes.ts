import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zIdParams, zMateriaAlumno, zMyHomeworkPage, zMyHomeworkRequest } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as my from './my-subject.service.js';

const OWN = ['teaching:read-own-results'] as const;
const TAGS = ['materias del alumno'];

/** The student's side of a subject (spec 02 sections 2 and 7): only their own enrolment, else 404. */
export const mySubjectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/MateriasPeriodo/my/:id',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Detalle de una materia del alumno (id de la materia por periodo)',
        params: zIdParams,
        response: { 200: zMateriaAlumno },
      },
    },
    async (request) => my.mySubject(db, currentUser(request), request.params.id),
  );

  app.post(
    '/exams/:id/homework/my',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Tareas de una materia con el puntaje propio (id de la materia por periodo)',
        params: zIdParams,
        body: zMyHomeworkRequest,
        response: { 200: zMyHomeworkPage },
      },
    },
    async (request) => my.myHomework(db, currentUser(request), request.params.id, request.body),
  );
};
