import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  zProfesorDashboard,
  zProfesorFormData,
  zProfesorMateriasPage,
  zProfesorMateriasRequest,
  zToggleDashboard,
  zToggleDashboardReply,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as professors from './professors.service.js';

/** Professors and staff; the service keeps a professor to their own subject-periods. */
const TEACHING = ['teaching:any', 'teaching:own'] as const;
const TAGS = ['profesores'];

/** A professor's subjects and dashboard (`/api/Professors`). */
export const professorsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/Professors/form_data',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Periodos para el selector de Materias asignadas',
        response: { 200: zProfesorFormData },
      },
    },
    async () => professors.formData(db),
  );

  app.post(
    '/Professors/subjects/all',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Materias asignadas',
        body: zProfesorMateriasRequest,
        response: { 200: zProfesorMateriasPage },
      },
    },
    async (request) => professors.list(db, currentUser(request), request.body),
  );

  app.get(
    '/Professors/all_subjects_dashboard',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Materias favoritas del tablero', response: { 200: zProfesorDashboard } },
    },
    async (request) => professors.dashboard(db, currentUser(request)),
  );

  app.post(
    '/Professors/add_subject_dashboard',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Agregar o quitar una materia del tablero (estrella)',
        body: zToggleDashboard,
        response: { 200: zToggleDashboardReply },
      },
    },
    async (request) => professors.toggleDashboard(db, currentUser(request), request.body.id),
  );
};
