import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { toPage } from '../../lib/search.js';
import { mailsAsShown } from './mail-secrets.js';
import { pageOutbox } from './outbox.repository.js';

/**
 * The 'Correos' screen (issue 34 item 24): an administrator sees what Arandu sent or keeps, and why a mail
 * failed. Every temporary password in it is masked (`mailsAsShown`, issue 40): staff hand a new user their
 * password from the reply of the call that set it, once, when there is no SMTP.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, async (request) => {
    const page = toPage(await pageOutbox(db, request.query));
    return { ...page, items: mailsAsShown(page.items) };
  });
};
