import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (the content security policy among them) on every reply. Helmet's middleware is
 * built once here: @fastify/helmet 13 builds it again for every request, parsing the policy's directives
 * each time, a cost every call paid (issue 16's login storm counts the main thread's CPU a login takes).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet's middlewares only set headers: they call back without an error.
    setHeaders(request.raw, reply.raw, () => done());
  });
});
