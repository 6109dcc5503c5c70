import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zIdParams,
  zIdReply,
  zMateria,
  zMateriaFormData,
  zMateriaListRequest,
  zMateriaPage,
  zMateriaSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as subjects from './subjects.service.js';

const STAFF = ['structure:manage'] as const;

/** The subject catalogue (`/api/materias`): staff only (DOMAIN.md section 2). */
export const subjectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/materias/all',
    {
      config: { access: STAFF },
      schema: {
        tags: ['materias'],
        summary: 'Lista de materias',
        body: zMateriaListRequest,
        response: { 200: zMateriaPage },
      },
    },
    async (request) => subjects.list(db, request.body),
  );

  app.get(
    '/materias/form_data',
    {
      config: { access: STAFF },
      schema: {
        tags: ['materias'],
        summary: 'Carreras para el formulario de materia',
        response: { 200: zMateriaFormData },
      },
    },
    async () => subjects.formData(db),
  );

  app.get(
    '/materias/:id',
    {
      config: { access: STAFF },
      schema: { tags: ['materias'], summary: 'Una materia', params: zIdParams, response: { 200: zMateria } },
    },
    async (request) => subjects.get(db, request.params.id),
  );

  app.post(
    '/materias',
    {
      config: { access: STAFF },
      schema: {
        tags: ['materias'],
        summary: 'Guardar una materia (nueva sin id)',
        body: zMateriaSave,
        response: { 200: zIdReply },
      },
    },
    async (request) => subjects.save(db, currentUser(request), request.body),
  );

  app.delete(
    '/materias/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: ['materias'],
        summary: 'Borrar una materia que ninguna malla usa',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await subjects.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
