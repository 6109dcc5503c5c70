import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, authEndpoints as e } from '@arandu/shared';
import { replySent } from '../../lib/background.js';
import { serve } from '../../lib/serve.js';
import { membrete } from '../settings/configuration.service.js';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import * as auth from './auth.service.js';
import { forgotPassword } from './password-reset.js';
import type { OidcClient } from './oidc.js';
import { baseUrlOf } from './oidc.routes.js';
import { clientOf } from './session-client.js';
import { closeBrowserSession, openBrowserSession } from './session-cookie.js';

type Deps = AuthDeps & { oidc: OidcClient | undefined; publicUrl: string | undefined };

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  // The institution's names and whether it has a logo come from 'Configuración' (issue 44): only what every
  // printed document shows anyway, read per request so a change shows on the next login page.
  serve(app, e.publicSettings, async () => {
    const { universidad, facultad, tieneLogo } = await membrete(deps.db);
    return { ...deps.publicSettings, universidad, facultad, tieneLogo };
  });
  serve(app, e.login, async (request, reply) =>
    openBrowserSession(
      deps,
      request,
      reply,
      await auth.login(deps, request.body.email, request.body.password, clientOf(request)),
    ),
  );
  serve(app, e.setNewPassword, async (request, reply) =>
    openBrowserSession(
      deps,
      request,
      reply,
      await auth.setNewPassword(deps, currentUser(request), request.body, clientOf(request)),
    ),
  );
  serve(app, e.loginStatus, async (request) => ({
    isAuthenticated: true as const,
    user: await auth.loginStatus(deps, currentUser(request)),
  }));
  // 204 without a body unless the session came from the institutional provider.
  serve(app, e.logout, async (request, reply) => {
    const endSessionUrl = await auth.logout(
      deps,
      currentUser(request),
      baseUrlOf(deps.publicUrl, request) + '/',
      clientOf(request),
    );
    closeBrowserSession(deps, request, reply);
    return endSessionUrl ? { endSessionUrl } : reply.status(204).send(null);
  });
  serve(app, e.forgotPassword, async (request, reply) => {
    await forgotPassword(deps, request.body.email, request.ip, replySent(reply));
    return { message: deps.mailer.delivers ? MSG.resetRequestSent : MSG.resetRequestHeld };
  });
};
