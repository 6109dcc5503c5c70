import { zAuditHistoryRequest, zAuditListRequest, zAuditPage } from '../schemas/audit.js';
import { endpoint } from './endpoint.js';

const tags = ['auditoría'] as const;

/** 'Auditoría de cambios' (spec 03 sections 2.14 and 7) and a record's 'Historial': staff only (DOMAIN.md s. 2). */
export const auditEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/users/all_auditlog',
    access: ['audit:read'],
    tags,
    summary: 'Auditoría de cambios: una página, por tipo, usuario, tabla y fechas',
    body: zAuditListRequest,
    reply: zAuditPage,
  }),
  history: endpoint({
    method: 'POST',
    path: '/users/auditlog_history',
    access: ['audit:read'],
    tags,
    summary: 'Historial de un registro: sus cambios por tabla y claves, del más nuevo al más viejo',
    body: zAuditHistoryRequest,
    reply: zAuditPage,
  }),
};
