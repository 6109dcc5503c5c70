import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oidcEndpoints as e } from '@arandu/shared';
import { serve } from '../../lib/serve.js';
import { finishOidc, loginWithTicket, startOidc, type OidcDeps } from './oidc-login.js';
import { currentUser } from '../../plugins/auth.js';
import { backchannelLogout } from './oidc-backchannel.js';
import { cuentaInstitucional, removeCuentaInstitucional } from './oidc-binding.js';
import { setOidcStateCookie, takeOidcStateCookie } from './oidc-state-cookie.js';
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

  serve(app, e.start, async (request, reply) => {
    const started = await startOidc(withLog, baseOf(request));
    setOidcStateCookie(reply, request, deps.publicUrl, started.browser);
    return reply.redirect(started.url, 302);
  });
  serve(app, e.callback, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const browser = takeOidcStateCookie(reply, request, deps.publicUrl);
    return reply.redirect(await finishOidc(withLog, baseOf(request), query, browser, clientOf(request)), 302);
  });
  serve(app, e.login, async (request, reply) =>
    openBrowserSession(deps, request, reply, await loginWithTicket(deps, request.body.ticket, clientOf(request))),
  );

  // The provider's server posts a form (Back-Channel Logout 1.0, section 2.5). The form parser is this route's
  // alone: elsewhere the API keeps refusing form posts, which a page of another site can send unasked.
  await app.register(async (provider) => {
    provider.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    serve(provider, e.backchannelLogout, (request) => backchannelLogout(withLog, request.body.logout_token));
  });
  serve(app, e.cuentaInstitucional, (request) => cuentaInstitucional(deps.db, currentUser(request), request.params.id));
  serve(app, e.removeCuentaInstitucional, (request) =>
    removeCuentaInstitucional(deps.db, currentUser(request), request.params.id),
  );
};
