import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, MSG_OPS } from '@arandu/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { bearerToken } from '../../plugins/auth.js';
import { keepAuditCountCurrent } from './audit-count.js';
import { serveBackups } from './backup.js';
import { createMetrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Operations (issue 16): `/api/metrics` in Prometheus text format, readable with the METRICS_TOKEN of the
 * configuration or an administrator's session, and the audit count's checkpoint kept current.
 */
export const operationsPlugin = fp(async (app: FastifyInstance, opts: { config: Config; database: Database }) => {
  const registry = createMetrics(app, opts.database);
  keepAuditCountCurrent(app, opts.database.db);
  const { pglite, dataDir } = opts.database;
  if (pglite && dataDir) serveBackups(app, pglite, dataDir);
  const token = opts.config.metricsToken;

  async function mayRead(request: FastifyRequest): Promise<void> {
    const presented = bearerToken(request.headers.authorization);
    // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
    if (presented && token && timingSafeEqual(digest(presented), digest(token))) return;
    // Otherwise a session, which the auth plugin has already resolved from the same header.
    const user = request.user;
    if (!user) throw AppError.unauthorized();
    if (user.firstLogin || !can(user, 'settings:manage')) throw AppError.forbidden(MSG_OPS.metricsForbidden);
  }

  app.get(
    '/api/metrics',
    {
      // Checked below: a Prometheus token is not a user session, which the shared access check expects.
      config: { access: 'public' },
      schema: { tags: ['sistema'], summary: 'Métricas en formato Prometheus (administrador o token de métricas)' },
    },
    async (request, reply) => {
      await mayRead(request);
      return reply
        .header('Content-Type', registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(await registry.metrics());
    },
  );
});
