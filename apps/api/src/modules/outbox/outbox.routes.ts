import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zError, zOutboxPage, zOutboxQuery } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { redactSecrets } from '../../lib/mail.js';
import { toPage } from '../../lib/search.js';
import { pageOutbox } from './outbox.repository.js';

/**
 * The 'Correos' screen (issue 34 item 24): an administrator reads the outbox in the browser, as `npm run
 * outbox` prints it, so a demo or a small installation without SMTP can hand a new user their temporary
 * password. The rule is the CLI's: a kept or pending mail shows its body as queued; once sent, the sender
 * stored it masked (masked here again, should an older row have kept it).
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/outbox',
    {
      config: { access: ['settings:manage'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Bandeja de salida de correos (administradores), la más reciente primero',
        querystring: zOutboxQuery,
        response: { 200: zOutboxPage, 400: zError },
      },
    },
    async (request) => {
      const page = toPage(await pageOutbox(db, request.query));
      return {
        ...page,
        items: page.items.map((m) => (m.estado === 'enviado' ? { ...m, cuerpo: redactSecrets(m.cuerpo) } : m)),
      };
    },
  );
};
