import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { attendanceRoutes } from './attendance.routes.js';
import { homeworkRoutes } from './homework.routes.js';
import { myMateriaRoutes } from './my-subject.routes.js';

/** Teaching (issue 10): homework, attendance, publish and seal, and the student's view of a subject. */
export const teachingRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, opts) => {
  await app.register(homeworkRoutes, opts);
  await app.register(attendanceRoutes, { db: opts.db });
  await app.register(myMateriaRoutes, { db: opts.db });
};
