import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { pingDatabase } from './health.repository.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio y de su base de datos',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: 'ok' as const, database: database.kind };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ error: 'La base de datos no responde' });
      }
    },
  );
};
