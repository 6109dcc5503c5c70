import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG_CONFIG, configurationEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { uploadedFile } from '../../lib/upload.js';
import { currentUser } from '../../plugins/auth.js';
import * as configuration from './configuration.service.js';

const LOGO_UPLOAD = { field: 'files', choose: MSG_CONFIG.logoChoose, tooLarge: MSG_CONFIG.logoTooLarge };

/** 'Configuración' (issue 30): the academic figures and the letterhead, for administrators. */
export const configurationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.get, () => configuration.readConfiguracion(db));
  serve(app, e.save, (request) => configuration.saveConfiguracion(db, currentUser(request), request.body));
  serve(app, e.membrete, () => configuration.membrete(db));
  serve(app, e.logo, async (_request, reply) => {
    const png = await configuration.requireLogo(db);
    return reply.header('content-type', 'image/png').header('cache-control', 'no-cache').send(png);
  });
  serve(app, e.uploadLogo, async (request) => {
    await configuration.saveLogo(db, currentUser(request), await uploadedFile(request, LOGO_UPLOAD));
  });
  serve(app, e.removeLogo, async (request) => {
    await configuration.removeLogo(db, currentUser(request));
  });
};
