import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One registered route as the quality gates see it (method, path with its `:params`, who may call it). */
export interface RouteEntry {
  method: string;
  url: string;
  access: unknown;
  allowFirstLogin: boolean;
  /** The route's input schemas (zod), for the gates that walk them (null bytes, fuzzing). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order: the route x role matrix test walks it, so no route goes unchecked. */
    routeTable: RouteEntry[];
  }
}

export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD routes are Fastify's automatic twins of GET routes: the GET row covers them.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({
        method,
        url: route.url,
        access: route.config?.access,
        allowFirstLogin: route.config?.allowFirstLogin === true,
        schema: { body: route.schema?.body, querystring: route.schema?.querystring, params: route.schema?.params },
      });
    }
  });
});
