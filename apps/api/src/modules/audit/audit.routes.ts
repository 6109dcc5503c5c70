import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zAuditListRequest, zAuditPage } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import * as audit from './audit.service.js';

/** 'Auditoría de cambios' (spec 03 sections 2.14 and 7): staff only (DOMAIN.md section 2). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/users/all_auditlog',
    {
      config: { access: ['audit:read'] },
      schema: {
        tags: ['auditoría'],
        summary: 'Auditoría de cambios: una página, por tipo, usuario, tabla y fechas',
        body: zAuditListRequest,
        response: { 200: zAuditPage },
      },
    },
    async (request) => audit.listAudit(db, request.body),
  );
};
