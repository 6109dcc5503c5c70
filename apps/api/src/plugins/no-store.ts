import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from '../lib/api-url.js';

/**
 * API replies carry personal data (fichas, grades, lists of people): no cache, shared or the browser's own
 * disk on a lab computer, may keep them. A route that chose its own policy (photos, revalidated in the
 * user's browser) keeps it.
 */
export const noStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
