import type { z } from 'zod';
import type { Permission } from '../permissions.js';

/**
 * The contract of one API endpoint (docs/decisions/025-endpoint-contract.md): the API registers its Fastify
 * route from it (`serve` in apps/api/src/lib/serve.ts) and the web calls it through it (`call` in
 * apps/web/src/lib/call.ts), so a path, a field or a reply type cannot drift between the two.
 */

/**
 * A zod schema, classic or zod/mini: the login page's forms are zod/mini's (schemas/login.ts), so that page
 * loads no classic zod, and the server validates the login with the same schemas.
 */
export type EndpointSchema = z.core.$ZodType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, declared on every one (deny by default: a route without it does not boot).
 * - 'public': anyone;
 * - 'authenticated': any signed-in user (the service then checks the object);
 * - a list of permissions: the user must hold at least one.
 */
export type Access = 'public' | 'authenticated' | readonly Permission[];

/** The error statuses an endpoint documents; each replies `{ error, errors? }` (zError). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Under `/api`, with Fastify's `:name` params (the spec's path where the spec shows one). */
  readonly path: string;
  readonly access: Access;
  /** For the OpenAPI page (/api/docs), in Spanish. */
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: EndpointSchema;
  readonly query?: EndpointSchema;
  readonly body?: EndpointSchema;
  /**
   * The success reply's schema, validated by the server before it is sent; null when the reply has no JSON body
   * (204, a redirect, a file).
   */
  readonly reply: EndpointSchema | null;
  /** The success status; 200 unless said. */
  readonly status?: 200 | 201 | 204 | 302;
  /** The reply is a file (PDF, XLSX, an image): the web reads it as a Blob. */
  readonly download?: true;
  /** The body is multipart (a file upload): the web sends a FormData and the server reads it itself. */
  readonly multipart?: true;
  readonly errors?: readonly ErrorStatus[];
  /** Calls a user who must still set a new password may make (DOMAIN.md section 1). */
  readonly allowFirstLogin?: true;
  /** Calls staff who must still turn their second factor on may make (issue 32). */
  readonly allowMfaSetup?: true;
  /** A GET that changes state (kept for the spec's contract): a cookie session's call needs its CSRF token. */
  readonly changesState?: true;
}

/** Declares an endpoint, keeping its literal types (method, path and schemas) for the two sides. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type Input<S> = S extends EndpointSchema ? z.input<S> : never;

/** What a caller sends: the path's params, the query and the body, each only where the endpoint has one. */
export type CallInput<E extends EndpointDef> = (E['params'] extends EndpointSchema
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends EndpointSchema ? { query: Input<E['query']> } : { query?: undefined }) &
  (E['multipart'] extends true
    ? { body: FormData }
    : E['body'] extends EndpointSchema
      ? { body: Input<E['body']> }
      : { body?: undefined });

/** True when the endpoint takes nothing, so `call(endpoint)` needs no input. */
export type TakesNothing<E extends EndpointDef> = E['params'] extends EndpointSchema
  ? false
  : E['query'] extends EndpointSchema
    ? false
    : E['body'] extends EndpointSchema
      ? false
      : E['multipart'] extends true
        ? false
        : true;

/** What the caller receives: the reply schema's output, a Blob for a file, nothing for an empty reply. */
export type CallReply<E extends EndpointDef> = E['download'] extends true
  ? Blob
  : E['reply'] extends EndpointSchema
    ? z.output<E['reply']>
    : void;

/** A value of a path's params or of a query: scalars only (the schemas of params and queries are flat). */
export type UrlValues = Record<string, string | number | boolean | null | undefined>;

/** The endpoint's path with its `:name` params filled in (each value URI-encoded). */
export function pathOf(def: Pick<EndpointDef, 'path'>, params?: UrlValues): string {
  return def.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Falta el parámetro ${name} de ${def.path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a URL's search part ('' for none); undefined and null values are left out. */
export function queryString(query?: UrlValues): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
