import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { toPage } from '../../lib/search.js';
import { currentUser } from '../../plugins/auth.js';
import { mailsAsShown } from './mail-secrets.js';
import { pageOutbox } from './outbox.repository.js';

/**
 * The 'Correos' screen (issue 34 item 24): an administrator reads the outbox in the browser, as `npm run
 * outbox` prints it, so a demo or a small installation without SMTP can hand a new user their temporary
 * password. A temporary password shows only while it is still the user's current, unused one (`mailsAsShown`,
 * the rule of GET /api/users/:id/mails too); once sent, the sender stored the body masked.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, async (request) => {
    const page = toPage(await pageOutbox(db, request.query));
    return { ...page, items: await mailsAsShown(db, currentUser(request), page.items) };
  });
};
