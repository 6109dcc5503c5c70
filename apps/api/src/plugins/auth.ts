import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, MSG, type Permission } from '@arandu/shared';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { authenticate } from '../modules/auth/auth.service.js';

/**
 * Who may call a route, declared on every route (deny by default: a route without it does not boot).
 * - 'public': anyone;
 * - 'authenticated': any signed-in user (the service then checks the object);
 * - a list of permissions: the user must hold at least one.
 */
export type Access = 'public' | 'authenticated' | readonly Permission[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The few calls a user who must still set a new password may make (DOMAIN.md section 1). */
    allowFirstLogin?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{16,200})$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a request that passed the access check; throws if the route is public. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    if (route.config?.access === undefined) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara quién puede llamarla (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const token = bearerToken(request);
    const user = token ? await authenticate(opts.db, token) : null;
    if (!user) throw AppError.unauthorized();
    request.user = user;
    if (user.firstLogin && !request.routeOptions.config.allowFirstLogin) {
      throw AppError.forbidden(MSG.firstLoginRequired);
    }
    if (access !== 'authenticated' && !access.some((permission) => can(user, permission))) {
      throw AppError.forbidden();
    }
  });
});
