import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, MSG, MSG_IDENTITY, MSG_SECURITY, type Access } from '@arandu/shared';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { authenticate } from '../modules/auth/auth.service.js';
import { isApiUrl } from '../lib/api-url.js';
import { CSRF_HEADER, csrfMatches, sessionCookieOf } from '../modules/auth/session-cookie.js';

/** Who may call a route (declared on every route, in its endpoint's contract: packages/shared/src/contract). */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The few calls a user who must still set a new password may make (DOMAIN.md section 1). */
    allowFirstLogin?: boolean;
    /** The few calls staff who must still turn their second factor on may make (issue 32). */
    allowMfaSetup?: boolean;
    /** A GET that changes state (the spec's reset_password): guarded against CSRF like a POST. */
    changesState?: boolean;
  }
  interface FastifyRequest {
    /** The verified session's user, or null (no token, or one that is unknown or expired). */
    user: AuthUser | null;
    /** The session cookie's token when the cookie (not a bearer header) authenticated the call. */
    sessionCookie: string | undefined;
  }
}

/**
 * The token of an `Authorization: Bearer …` header. The scheme is case-insensitive and any run of spaces or
 * tabs may follow it (RFC 9110), so `bearer`, `BEARER` or a double space name the same token.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return /^Bearer[ \t]+(\S{16,200})[ \t]*$/i.exec(header)?.[1];
}

/** The signed-in user of a request that passed the access check; throws if the route is public. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A call the browser's session cookie authenticates must prove it comes from Arandu's own pages when it
 * changes anything (docs/decisions/027-session-cookie.md); a bearer header cannot be sent by another site.
 */
function csrfRefused(request: FastifyRequest): boolean {
  if (request.sessionCookie === undefined) return false;
  if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.changesState) return false;
  return !csrfMatches(request.sessionCookie, request.headers[CSRF_HEADER]);
}

/**
 * Two steps. `onRequest` resolves the token (a bearer header, else the browser's session cookie) to a session
 * and never refuses: the general rate limit (a route-level `onRequest`, so it runs after this) then counts by
 * the verified session, and a made-up token counts against its address. `preParsing` (after the rate limit,
 * before any body is read) checks access, and the CSRF token of a cookie session's state-changing call.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; mfaConfigured?: boolean }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionCookie', undefined);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    if (route.config?.access === undefined) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara quién puede llamarla (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiUrl(request.url)) return;
    const bearer = bearerToken(request.headers.authorization);
    const cookie = bearer ? undefined : sessionCookieOf(request);
    const token = bearer ?? cookie;
    if (!token) return;
    request.user = await authenticate(opts.db, token, opts.mfaConfigured);
    if (request.user) request.sessionCookie = cookie;
  });

  app.addHook('preParsing', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const user = request.user;
    if (!user) throw AppError.unauthorized();
    if (csrfRefused(request)) throw AppError.forbidden(MSG_SECURITY.csrfRefused);
    if (user.firstLogin && !request.routeOptions.config.allowFirstLogin) {
      throw AppError.forbidden(MSG.firstLoginRequired);
    }
    if (user.mfaSetupRequired && !request.routeOptions.config.allowMfaSetup) {
      throw AppError.forbidden(MSG_IDENTITY.mfaSetupRequired);
    }
    if (access !== 'authenticated' && !access.some((permission) => can(user, permission))) {
      throw AppError.forbidden();
    }
  });
});
