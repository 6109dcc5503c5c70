import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import * as attendance from './attendance.service.js';

/** Attendance sessions and marks under `/api/assistances` (spec 03 section 7, {attendance}). */
export const attendanceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.formData, (request) => attendance.formData(db, currentUser(request), request.params.id));
  serve(app, e.list, (request) => attendance.list(db, currentUser(request), request.params.id, request.body));
  serve(app, e.save, (request) => attendance.save(db, currentUser(request), request.body));
  serve(app, e.get, (request) => attendance.get(db, currentUser(request), request.params.id));
  serve(app, e.remove, async (request) => {
    await attendance.remove(db, currentUser(request), request.params.id);
  });
  serve(app, e.updatePresence, (request) =>
    attendance.updatePresence(db, currentUser(request), request.params.id, request.body),
  );
  serve(app, e.markAllPresent, (request) => attendance.markAll(db, currentUser(request), request.params.id));
};
