import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zAuditHistoryRequest, zAuditListRequest, zAuditPage } from '@arandu/shared';
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
  app.post(
    '/users/auditlog_history',
    {
      config: { access: ['audit:read'] },
      schema: {
        tags: ['auditoría'],
        summary: 'Historial de un registro: sus cambios por tabla y claves, del más nuevo al más viejo',
        body: zAuditHistoryRequest,
        response: { 200: zAuditPage },
      },
    },
    async (request) => audit.listHistory(db, request.body),
  );
};
