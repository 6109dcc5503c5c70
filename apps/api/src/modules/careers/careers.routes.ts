import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zCarrera, zCarreraListRequest, zCarreraPage, zCarreraSave, zIdParams, zIdReply } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as careers from './careers.service.js';

const STAFF = ['structure:manage'] as const;

/** Careers (`/api/carreras`): staff only (DOMAIN.md section 2). */
export const careersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/carreras/all',
    {
      config: { access: STAFF },
      schema: {
        tags: ['carreras'],
        summary: 'Lista de carreras',
        body: zCarreraListRequest,
        response: { 200: zCarreraPage },
      },
    },
    async (request) => careers.list(db, request.body),
  );

  app.get(
    '/carreras/:id',
    {
      config: { access: STAFF },
      schema: { tags: ['carreras'], summary: 'Una carrera', params: zIdParams, response: { 200: zCarrera } },
    },
    async (request) => careers.get(db, request.params.id),
  );

  app.post(
    '/carreras',
    {
      config: { access: STAFF },
      schema: {
        tags: ['carreras'],
        summary: 'Guardar una carrera (nueva sin id)',
        body: zCarreraSave,
        response: { 200: zIdReply },
      },
    },
    async (request) => careers.save(db, currentUser(request), request.body),
  );

  app.delete(
    '/carreras/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: ['carreras'],
        summary: 'Borrar una carrera sin mallas ni materias',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await careers.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
