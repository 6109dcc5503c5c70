import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI built from the routes' zod schemas; the UI at /api/docs lists every route. */
export const swaggerPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Arandu API', description: 'Sistema de gestión académica', version: opts.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
