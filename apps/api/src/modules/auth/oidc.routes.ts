import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oidcEndpoints as e } from '@arandu/shared';
import { serve } from '../../lib/serve.js';
import { finishOidc, loginWithTicket, startOidc, type OidcDeps } from './oidc-login.js';
import { clientOf } from './session-client.js';
import { openBrowserSession } from './session-cookie.js';

type Deps = Omit<OidcDeps, 'log'> & { publicUrl: string | undefined };

/** The address the provider sends the browser back to: PUBLIC_URL, else the one the request came to. */
export function baseUrlOf(publicUrl: string | undefined, request: { protocol: string; host: string }): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Institutional sign-in (OpenID Connect, authorization code with PKCE; issue 32). */
export const oidcRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const withLog = { ...deps, log: app.log };
  const baseOf = (request: { protocol: string; host: string }) => baseUrlOf(deps.publicUrl, request);

  serve(app, e.start, async (request, reply) => reply.redirect(await startOidc(withLog, baseOf(request)), 302));
  serve(app, e.callback, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    return reply.redirect(await finishOidc(withLog, baseOf(request), query), 302);
  });
  serve(app, e.login, async (request, reply) =>
    openBrowserSession(deps, request, reply, await loginWithTicket(deps, request.body.ticket, clientOf(request))),
  );
};
