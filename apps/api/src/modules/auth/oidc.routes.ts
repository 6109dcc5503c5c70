import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zError, zLoginOutcome, zOidcLogin } from '@arandu/shared';
import { finishOidc, loginWithTicket, startOidc, type OidcDeps } from './oidc-login.js';
import { clientOf } from './session-client.js';

type Deps = Omit<OidcDeps, 'log'> & { publicUrl: string | undefined };

/** The address the provider sends the browser back to: PUBLIC_URL, else the one the request came to. */
export function baseUrlOf(publicUrl: string | undefined, request: { protocol: string; host: string }): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Institutional sign-in (OpenID Connect, authorization code with PKCE; issue 32). */
export const oidcRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const withLog = { ...deps, log: app.log };
  const baseOf = (request: { protocol: string; host: string }) => baseUrlOf(deps.publicUrl, request);

  app.get(
    '/auth/oidc/start',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Ingresar con cuenta institucional: redirige al proveedor (OpenID Connect)',
        response: { 302: z.null(), 404: zError },
      },
    },
    async (request, reply) => reply.redirect(await startOidc(withLog, baseOf(request)), 302),
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Vuelta del proveedor institucional: lleva a la página de ingreso con un ticket o el motivo',
        response: { 302: z.null(), 404: zError },
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      return reply.redirect(await finishOidc(withLog, baseOf(request), query), 302);
    },
  );

  app.post(
    '/users/login/oidc',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Canjear el ticket del ingreso institucional por una sesión (o saber que falta el código)',
        body: zOidcLogin,
        response: { 200: zLoginOutcome, 401: zError },
      },
    },
    async (request) => loginWithTicket(deps, request.body.ticket, clientOf(request)),
  );
};
