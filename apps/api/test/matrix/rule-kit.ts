import type { FixtureName, RoleCaller } from './fixtures.js';

/**
 * Who may call each API route: the route x role matrix (route-matrix.test.ts) calls every route in Fastify's
 * table as each caller and compares with this table. A route without a row fails the test, so a new route
 * cannot ship unchecked: add ONE line here, keyed `METHOD /api/path/:param` exactly as Fastify registers it.
 *
 * - `allow`: who gets past the door: 'public' (anyone), 'signed-in' (any role; the service then checks the
 *   object) or the roles. Nobody and a made-up token get 401; a user who must still set a new password 403.
 * - `ownOnly`: roles that reach only their own objects (their user, record, subject-periods they teach): on
 *   another's they get 404 (DOMAIN.md section 2). Rows with it are called on an own and an other object.
 * - `refused`: the status of a signed-in role outside `allow` (403 unless said).
 * - `params`: which fixture fills each `:param` (fixtures.ts; `fresh*` make a new object per call, for deletes).
 * - `bodyFirst`: the body is validated before the object is looked up, so the matrix's empty body may answer
 *   400 where another's object would answer 404 (still not a leak; the route's own tests cover the 404).
 */
export interface Rule {
  allow: 'public' | 'signed-in' | readonly RoleCaller[];
  ownOnly?: readonly RoleCaller[];
  refused?: 403 | 404;
  firstLogin?: true;
  params?: Record<string, FixtureName>;
  endsSession?: true;
  bodyFirst?: true;
}

export const STAFF = ['admin', 'funcionario'] as const;
export const TEACHING = ['admin', 'funcionario', 'profesor'] as const;
export const PUBLIC: Rule = { allow: 'public' };
export const staff = (params?: Rule['params']): Rule => ({ allow: STAFF, ...(params ? { params } : {}) });
export const adminOnly = (params?: Rule['params']): Rule => ({ allow: ['admin'], ...(params ? { params } : {}) });
/** Any signed-in user on their own object; staff on anyone's; the others get 404 on someone else's. */
export const ownUser: Rule = { allow: 'signed-in', ownOnly: ['profesor', 'alumno'], params: { id: 'user' } };
/** Staff on any subject-period, a professor on those they teach; students refused. */
export const teachingOwn = (param = 'id'): Rule => ({
  allow: TEACHING,
  ownOnly: ['profesor'],
  params: { [param]: 'materiaPeriodo' },
});
