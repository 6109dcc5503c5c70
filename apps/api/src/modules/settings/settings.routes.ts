import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { saveSecondFactorSetting, secondFactorSetting } from './second-factor-setting.js';

/** The settings an administrator changes from the app (DOMAIN.md: `configuracion`, editable by an administrator). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; mfaConfigured: boolean }> = async (app, deps) => {
  serve(app, e.secondFactor, () => secondFactorSetting(deps.db, deps.mfaConfigured));
  serve(app, e.saveSecondFactor, (request) =>
    saveSecondFactorSetting(deps.db, currentUser(request), request.body.segundoFactorObligatorio, deps.mfaConfigured),
  );
};
