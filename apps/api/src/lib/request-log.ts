import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The request as every log line shows it: Fastify's own fields, the URL without its query. A query can carry
 * what must not sit in a log file: the provider's authorization `code` and `state` on the institutional
 * sign-in's callback (issue 41), a search for a person's document number. Nor does a calendar feed's token,
 * which is the whole of its access (issue 45): it is written as '…'.
 */
export function requestLogValue(request: FastifyRequest) {
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  return {
    method: request.method,
    url: path.replace(/^(\/api\/calendario\/)(?!enlace\/?$)[^/]+$/i, '$1…'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with that serializer, the caller's (tests pass a stream and a level) or the default. */
export function withRequestLog(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof options !== 'object') return options;
  return { ...options, serializers: { ...options.serializers, req: requestLogValue } };
}
