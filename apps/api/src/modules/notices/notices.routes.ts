import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zAvisosPreferencia } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { writeTx } from '../../db/tx.js';
import { currentUser } from '../../plugins/auth.js';
import { readPreference, writePreference } from './notices.service.js';

const TAGS = ['avisos'];

/** 'Recibir avisos por correo' of the profile (issue 30): one's own setting only. */
export const noticesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/users/profile/avisos',
    {
      config: { access: ['profile:own'] },
      schema: { tags: TAGS, summary: 'Mi preferencia de avisos por correo', response: { 200: zAvisosPreferencia } },
    },
    async (request) => ({ recibirAvisosCorreo: await readPreference(db, currentUser(request).id) }),
  );

  app.put(
    '/users/profile/avisos',
    {
      config: { access: ['profile:own'] },
      schema: {
        tags: TAGS,
        summary: 'Activar o desactivar mis avisos por correo',
        body: zAvisosPreferencia,
        response: { 200: zAvisosPreferencia },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Through the audit trigger of `usuarios`: who turned their notices off, and when.
      await writeTx(db, user.id, (tx) => writePreference(tx, user.id, request.body.recibirAvisosCorreo));
      return { recibirAvisosCorreo: request.body.recibirAvisosCorreo };
    },
  );
};
