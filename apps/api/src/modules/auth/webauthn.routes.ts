import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webauthnEndpoints as e } from '@arandu/shared';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import { clientOf } from './session-client.js';
import { openBrowserSession, type BrowserSessionDeps } from './session-cookie.js';
import { relyingPartyOf } from './webauthn.js';
import { completeWebauthnLogin, loginMethods, loginOptions } from './webauthn-login.js';
import * as keys from './webauthn.service.js';

type Deps = AuthDeps & BrowserSessionDeps;

/** Security keys and passkeys (WebAuthn, issue 41 item 7): 'Seguridad' in the profile and the login's step. */
export const webauthnRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const rp = (request: FastifyRequest) => relyingPartyOf(deps.publicUrl, request, deps.publicSettings.appName);

  serve(app, e.list, async (request) => ({ items: await keys.listPasskeys(deps, currentUser(request)) }));
  serve(app, e.registerOptions, (request) => keys.startRegistration(deps, currentUser(request), rp(request)));
  serve(app, e.registerVerify, (request) =>
    keys.finishRegistration(deps, currentUser(request), rp(request), request.body, clientOf(request)),
  );
  serve(app, e.confirmOptions, (request) => keys.startConfirmation(deps, currentUser(request), rp(request)));
  serve(app, e.remove, async (request) => {
    await keys.removePasskey(
      deps,
      currentUser(request),
      rp(request),
      request.params.id,
      request.body,
      clientOf(request),
    );
  });

  serve(app, e.loginMethods, (request) => loginMethods(deps, request.body.mfaToken));
  serve(app, e.loginOptions, (request) => loginOptions(deps, rp(request), request.body.mfaToken));
  serve(app, e.loginVerify, async (request, reply) =>
    openBrowserSession(
      deps,
      request,
      reply,
      await completeWebauthnLogin(deps, rp(request), request.body.mfaToken, request.body.response, clientOf(request)),
    ),
  );
};
