import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myMateriaEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as my from './my-subject.service.js';

/** The student's side of a subject (spec 02 sections 2 and 7): only their own enrolment, else 404. */
export const myMateriaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.get, (request) => my.myMateria(db, currentUser(request), request.params.id));
  serve(app, e.homework, (request) => my.myHomework(db, currentUser(request), request.params.id, request.body));
};
