import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';

export const LOGIN_ROUTE = '/api/users/login';

/**
 * What IT staff watch (issue 16): requests and latency per route, logins by outcome, 429s, the database
 * pool, and Node's own figures (memory, event-loop lag, GC). One registry per app, so tests that build
 * several apps in one process do not share counters.
 */
export function createMetrics(app: FastifyInstance, database: Database): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'arandu_' });

  const requests = new Counter({
    name: 'arandu_http_requests_total',
    help: 'Requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'arandu_http_request_duration_seconds',
    help: 'Time from the request arriving to the reply being sent, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const logins = new Counter({
    name: 'arandu_logins_total',
    help: 'Login attempts by outcome: ok, refused (wrong credentials or bad input), throttled (429)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'arandu_http_throttled_total',
    help: 'Requests answered 429 (rate limit, login throttling, a full hashing or photo queue), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  const { pool } = database;
  if (pool) {
    new Gauge({
      name: 'arandu_db_pool_connections',
      help: "PostgreSQL pool: connections by state ('waiting' counts queries waiting for one)",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The template, not the URL: one series per route, whatever the ids (unknown paths share one).
    const route = request.routeOptions.url ?? 'sin ruta';
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status === 429) throttled.inc({ route });
    if (route === LOGIN_ROUTE && request.method === 'POST') {
      logins.inc({ outcome: status === 200 ? 'ok' : status === 429 ? 'throttled' : 'refused' });
    }
  });
  return registry;
}
