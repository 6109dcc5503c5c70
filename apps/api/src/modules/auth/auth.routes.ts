import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  zError,
  zForgotPassword,
  zLogin,
  zLoginOutcome,
  zLoginReply,
  zLoginStatus,
  zLogoutReply,
  zMessageReply,
  zPublicSettings,
  zSetNewPassword,
} from '@arandu/shared';
import { replySent } from '../../lib/background.js';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import * as auth from './auth.service.js';
import { forgotPassword } from './password-reset.js';
import type { OidcClient } from './oidc.js';
import { baseUrlOf } from './oidc.routes.js';
import { clientOf } from './session-client.js';

type Deps = AuthDeps & { oidc: OidcClient | undefined; publicUrl: string | undefined };

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get(
    '/public/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Nombre, versión y entorno de la aplicación',
        response: { 200: zPublicSettings },
      },
    },
    async () => deps.publicSettings,
  );

  app.post(
    '/users/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Ingresar con correo y contraseña',
        body: zLogin,
        response: { 200: zLoginOutcome, 401: zError, 429: zError },
      },
    },
    async (request) => auth.login(deps, request.body.email, request.body.password, clientOf(request)),
  );

  app.post(
    '/users/set_new_password',
    {
      config: { access: 'authenticated', allowFirstLogin: true, allowMfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Establecer nueva contraseña',
        body: zSetNewPassword,
        response: { 200: zLoginReply, 400: zError, 429: zError },
      },
    },
    async (request) => auth.setNewPassword(deps, currentUser(request), request.body, clientOf(request)),
  );

  app.get(
    '/users/get_login_status',
    {
      config: { access: 'authenticated', allowFirstLogin: true, allowMfaSetup: true },
      schema: { tags: ['sesión'], summary: 'Estado de la sesión actual', response: { 200: zLoginStatus } },
    },
    async (request) => ({ isAuthenticated: true as const, user: await auth.loginStatus(deps, currentUser(request)) }),
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'authenticated', allowFirstLogin: true, allowMfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary:
          'Salir: termina la sesión en el servidor (y dice adónde ir para cerrarla en el proveedor institucional)',
        response: { 200: zLogoutReply, 204: z.null() },
      },
    },
    async (request, reply) => {
      const endSessionUrl = await auth.logout(deps, currentUser(request), baseUrlOf(deps.publicUrl, request) + '/');
      return endSessionUrl ? { endSessionUrl } : reply.status(204).send(null);
    },
  );

  app.post(
    '/users/forgot_password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: '¿Olvidaste tu Contraseña?: envía una contraseña temporal',
        body: zForgotPassword,
        response: { 200: zMessageReply, 429: zError },
      },
    },
    async (request, reply) => {
      await forgotPassword(deps, request.body.email, request.ip, replySent(reply));
      return { message: MSG.resetRequestSent };
    },
  );
};
