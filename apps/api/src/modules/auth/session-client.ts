import type { FastifyRequest } from 'fastify';
import type { SessionClient } from './auth.repository.js';

/** Where a login comes from: the address (behind a proxy, per TRUST_PROXY) and the browser's User-Agent. */
export function clientOf(request: FastifyRequest): SessionClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
