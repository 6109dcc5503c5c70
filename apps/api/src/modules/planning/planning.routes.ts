import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLANNING_STEPS,
  zId,
  zIdParams,
  zIdReply,
  zOldPlanning,
  zPlanningCreation,
  zPlanningFormData,
  zPlanningPage,
  zPlanningSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { sendPlanningXlsx } from './planning.export.js';
import * as planning from './planning.service.js';

/** Staff, or a professor for the subject-periods they teach (the service checks which). */
const TEACHING = ['teaching:any', 'teaching:own'] as const;
const TAGS = ['planeamiento'];

/**
 * The planning wizard (`/api/planning`, spec 03 section 7). `{id}` is the subject-period's id; each of the
 * nine pages has its own GET and save, so every body and reply is documented with its own schema.
 */
export const planningRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/planning/form-data',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Opciones de duración de actividad', response: { 200: zPlanningFormData } },
    },
    async () => planning.formData(),
  );

  app.get(
    '/planning/list-old-plannings/:materiaMallaId',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Planeamientos de la misma materia de la malla, para copiar (id: la materia periodo)',
        params: z.object({ materiaMallaId: zId }),
        response: { 200: z.array(zOldPlanning) },
      },
    },
    async (request) => planning.oldPlannings(db, currentUser(request), request.params.materiaMallaId),
  );

  app.get(
    '/planning/download/:id',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Descargar planeamiento: Planeamiento.xlsx', params: zIdParams },
    },
    async (request, reply) => sendPlanningXlsx(reply, db, currentUser(request), request.params.id),
  );

  for (const n of planning.PAGE_NUMBERS) {
    const step = PLANNING_STEPS[n - 1];
    app.get(
      `/planning/:id/page-${n}`,
      {
        config: { access: TEACHING },
        schema: {
          tags: TAGS,
          summary: `Paso ${n}: ${step}${n === 1 ? ' (solo cuatro claves si aún no hay planeamiento)' : ''}`,
          params: zIdParams,
          response: { 200: n === 1 ? z.union([zPlanningPage[1], zPlanningCreation]) : zPlanningPage[n] },
        },
      },
      async (request) => planning.page(db, currentUser(request), request.params.id, n),
    );

    app.post(
      `/planning/page${n}`,
      {
        config: { access: TEACHING },
        schema: {
          tags: TAGS,
          summary: `Guardar el paso ${n}: ${step}${n === 1 ? ' (crea o copia el planeamiento si no existe)' : ''}`,
          body: zPlanningSave[n],
          response: { 200: zIdReply },
        },
      },
      async (request) => planning.savePage(db, currentUser(request), n, request.body),
    );
  }
};
