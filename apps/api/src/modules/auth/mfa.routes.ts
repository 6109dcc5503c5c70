import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG_IDENTITY, mfaEndpoints as e } from '@arandu/shared';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import { completeMfaLogin } from './mfa-login.js';
import { disableMfa, resetUserMfa } from './mfa-removal.js';
import * as mfa from './mfa.service.js';
import { clientOf } from './session-client.js';
import { openBrowserSession, type BrowserSessionDeps } from './session-cookie.js';

/** The second factor (TOTP with recovery codes, issue 32): 'Seguridad' in the profile and the login's step. */
export const mfaRoutes: FastifyPluginAsyncZod<AuthDeps & BrowserSessionDeps> = async (app, deps) => {
  serve(app, e.login, async (request, reply) =>
    openBrowserSession(
      deps,
      request,
      reply,
      await completeMfaLogin(deps, request.body.mfaToken, request.body.code, clientOf(request)),
    ),
  );
  serve(app, e.status, (request) => mfa.mfaStatus(deps, currentUser(request)));
  serve(app, e.setup, (request) => mfa.setupMfa(deps, currentUser(request)));
  serve(app, e.enable, (request) => mfa.enableMfa(deps, currentUser(request), request.body.code, clientOf(request)));
  serve(app, e.disable, async (request) => {
    await disableMfa(deps, currentUser(request), request.body, clientOf(request));
  });
  serve(app, e.recoveryCodes, (request) =>
    mfa.regenerateRecoveryCodes(deps, currentUser(request), request.body.code, request.ip),
  );
  serve(app, e.reset, async (request) => {
    await resetUserMfa(deps, currentUser(request), request.params.id, request.body, clientOf(request));
    return { message: MSG_IDENTITY.mfaResetDone };
  });
};
