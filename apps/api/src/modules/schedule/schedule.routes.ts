import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { horarioEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { linksKey } from './feed-links.js';
import * as feeds from './feed.service.js';
import * as schedule from './schedule.service.js';

/** Where the API answers, for the feed's link: PUBLIC_URL when set, else the address the request came to. */
const baseOf = (request: FastifyRequest, publicUrl: string | undefined) =>
  publicUrl ?? `${request.protocol}://${request.host}`;

/** 'Mi horario' and the calendar feed (issue 45). */
export const scheduleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string | undefined;
  feedKey: Buffer | undefined;
}> = async (app, { db, publicUrl, feedKey }) => {
  const deps = async () => ({ db, key: await linksKey(db, feedKey) });
  serve(app, e.mio, (request) => schedule.mio(db, currentUser(request), request.query));
  serve(app, e.of, (request) =>
    schedule.of(db, currentUser(request), request.params.titular, request.params.id, request.query),
  );
  serve(app, e.enlace, async (request) => feeds.enlace(await deps(), currentUser(request), baseOf(request, publicUrl)));
  serve(app, e.renovarEnlace, async (request) =>
    feeds.renovarEnlace(await deps(), currentUser(request), baseOf(request, publicUrl)),
  );
  serve(app, e.feed, async (request, reply) => {
    const body = await feeds.feed(await deps(), request.params.archivo, request.ip);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="horario.ics"')
      .send(body);
  });
};
