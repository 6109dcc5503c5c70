import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticesEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { readPreference, writePreference } from './notices.service.js';

/** 'Recibir avisos por correo' of the profile (issue 30): one's own setting only. */
export const noticesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.get, async (request) => ({ recibirAvisosCorreo: await readPreference(db, currentUser(request).id) }));

  serve(app, e.save, async (request) => {
    const user = currentUser(request);
    // Through the audit trigger of `usuarios`: who turned their notices off, and when.
    await writeTx(db, user.id, (tx) => writePreference(tx, user.id, request.body.recibirAvisosCorreo));
    return { recibirAvisosCorreo: request.body.recibirAvisosCorreo };
  });
};
