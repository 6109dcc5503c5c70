import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG_IDENTITY,
  zError,
  zIdParams,
  zLoginReply,
  zMessageReply,
  zMfaCodeBody,
  zMfaLogin,
  zMfaReset,
  zMfaSetupReply,
  zMfaStatus,
  zRecoveryCodesReply,
} from '@arandu/shared';
import { currentUser } from '../../plugins/auth.js';
import type { AuthDeps } from './auth.service.js';
import { completeMfaLogin } from './mfa-login.js';
import * as mfa from './mfa.service.js';
import { clientOf } from './session-client.js';

const errors = { 400: zError, 401: zError, 409: zError, 429: zError };

/** The second factor (TOTP with recovery codes, issue 32): 'Seguridad' in the profile and the login's step. */
export const mfaRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.post(
    '/users/login/mfa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sesión'],
        summary: 'Completar el ingreso con el código del segundo factor (o un código de recuperación)',
        body: zMfaLogin,
        response: { 200: zLoginReply, ...errors },
      },
    },
    async (request) => completeMfaLogin(deps, request.body.mfaToken, request.body.code, clientOf(request)),
  );

  app.get(
    '/users/mfa',
    {
      config: { access: 'authenticated', allowMfaSetup: true },
      schema: { tags: ['sesión'], summary: 'Seguridad: estado del segundo factor', response: { 200: zMfaStatus } },
    },
    async (request) => mfa.mfaStatus(deps, currentUser(request)),
  );

  app.post(
    '/users/mfa/setup',
    {
      config: { access: 'authenticated', allowMfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Activar segundo factor: un secreto nuevo, su URL otpauth:// y su QR (aún sin activar)',
        response: { 200: zMfaSetupReply, ...errors },
      },
    },
    async (request) => mfa.setupMfa(deps, currentUser(request)),
  );

  app.post(
    '/users/mfa/enable',
    {
      config: { access: 'authenticated', allowMfaSetup: true },
      schema: {
        tags: ['sesión'],
        summary: 'Confirmar el segundo factor con un código; responde los 10 códigos de recuperación (una vez)',
        body: zMfaCodeBody,
        response: { 200: zRecoveryCodesReply, ...errors },
      },
    },
    async (request) => mfa.enableMfa(deps, currentUser(request), request.body.code, request.ip),
  );

  app.post(
    '/users/mfa/disable',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['sesión'],
        summary: 'Desactivar el segundo factor con un código actual',
        body: zMfaCodeBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await mfa.disableMfa(deps, currentUser(request), request.body.code, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/mfa/recovery_codes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['sesión'],
        summary: 'Generar nuevos códigos de recuperación (los anteriores dejan de valer)',
        body: zMfaCodeBody,
        response: { 200: zRecoveryCodesReply, ...errors },
      },
    },
    async (request) => mfa.regenerateRecoveryCodes(deps, currentUser(request), request.body.code, request.ip),
  );

  app.post(
    '/users/:id/mfa/reset',
    {
      config: { access: ['users:manage'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Restablecer el segundo factor de un usuario (con motivo; queda en la auditoría)',
        params: zIdParams,
        body: zMfaReset,
        response: { 200: zMessageReply, 403: zError, 404: zError, 409: zError },
      },
    },
    async (request) => {
      await mfa.resetUserMfa(deps, currentUser(request), request.params.id, request.body.motivo);
      return { message: MSG_IDENTITY.mfaResetDone };
    },
  );
};
