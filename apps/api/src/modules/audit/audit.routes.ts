import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints as e } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { serve } from '../../lib/serve.js';
import * as audit from './audit.service.js';

/** 'Auditoría de cambios' (spec 03 sections 2.14 and 7): staff only (DOMAIN.md section 2). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, e.list, (request) => audit.listAudit(db, request.body));
  serve(app, e.history, (request) => audit.listHistory(db, request.body));
};
