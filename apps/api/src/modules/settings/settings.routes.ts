import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zError, zSecondFactorSetting, zSecondFactorSettingSave } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { saveSecondFactorSetting, secondFactorSetting } from './second-factor-setting.js';

/** The settings an administrator changes from the app (DOMAIN.md: `configuracion`, editable by an administrator). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; mfaConfigured: boolean }> = async (app, deps) => {
  app.get(
    '/settings/second-factor',
    {
      config: { access: ['settings:manage'] },
      schema: {
        tags: ['configuración'],
        summary: 'Segundo factor obligatorio para administradores y funcionarios: estado',
        response: { 200: zSecondFactorSetting },
      },
    },
    async () => secondFactorSetting(deps.db, deps.mfaConfigured),
  );

  app.put(
    '/settings/second-factor',
    {
      config: { access: ['settings:manage'] },
      schema: {
        tags: ['configuración'],
        summary: 'Segundo factor obligatorio para administradores y funcionarios: activar o desactivar',
        body: zSecondFactorSettingSave,
        response: { 200: zSecondFactorSetting, 400: zError, 409: zError },
      },
    },
    async (request) =>
      saveSecondFactorSetting(deps.db, currentUser(request), request.body.segundoFactorObligatorio, deps.mfaConfigured),
  );
};
