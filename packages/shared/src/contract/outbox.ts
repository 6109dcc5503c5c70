import { zOutboxPage, zOutboxQuery } from '../schemas/outbox.js';
import { endpoint } from './endpoint.js';

/**
 * The 'Correos' screen (issue 34 item 24): an administrator reads the outbox in the browser, as `npm run
 * outbox` prints it; a temporary password shows only while it is still the user's current, unused one.
 */
export const outboxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/outbox',
    access: ['settings:manage'],
    tags: ['usuarios'],
    summary: 'Bandeja de salida de correos (administradores), la más reciente primero',
    query: zOutboxQuery,
    reply: zOutboxPage,
    errors: [400],
  }),
};
