import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verificationEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import { verify } from './verification.service.js';

/** The public verification of every document Arandu issues (issue 30): the page a QR code opens asks here. */
export const verificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.verify, (request) => verify(db, request.params.codigo, request.ip));
};
