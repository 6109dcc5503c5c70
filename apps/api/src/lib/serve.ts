import { zError, type EndpointDef, type EndpointSchema } from '@arandu/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends EndpointSchema ? z.output<S> : unknown;

/** The request a handler of endpoint E receives: params, query and body as its schemas parsed them. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/**
 * What a handler returns: the reply schema's input (the server validates it before sending), nothing for a
 * 204, or the `reply` itself once the handler has sent it (a file, a redirect).
 */
export type EndpointResult<E extends EndpointDef> = E['reply'] extends EndpointSchema
  ? z.input<E['reply']> | FastifyReply
  : FastifyReply | null | undefined | void;

export type EndpointHandler<E extends EndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>> | EndpointResult<E>;

/** Any Fastify instance, whatever its type provider: the route's types come from the endpoint instead. */
interface RouteTarget {
  route: FastifyInstance['route'];
}

/**
 * Registers the Fastify route of an endpoint of the contract (packages/shared/src/contract): method, path,
 * who may call it, its schemas and its success status all come from the one definition the web calls too
 * (docs/decisions/025-endpoint-contract.md). The handler receives the parsed input, typed from those schemas.
 */
export function serve<E extends EndpointDef>(app: RouteTarget, endpoint: E, handler: EndpointHandler<E>): void {
  const status = endpoint.status ?? 200;
  const response: Record<number, EndpointSchema> = {};
  if (endpoint.reply) response[status] = endpoint.reply;
  for (const error of endpoint.errors ?? []) response[error] = zError;

  const schema: FastifySchema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    // For the OpenAPI page: the upload is read by the handler (@fastify/multipart), not validated here.
    ...(endpoint.multipart && { consumes: ['multipart/form-data'] }),
    ...(Object.keys(response).length > 0 && { response }),
  };

  const options: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: endpoint.access,
      ...(endpoint.allowFirstLogin && { allowFirstLogin: true }),
      ...(endpoint.allowMfaSetup && { allowMfaSetup: true }),
      ...(endpoint.changesState && { changesState: true }),
    },
    schema,
    handler: async (request, reply) => {
      const result = await handler(request as EndpointRequest<E>, reply);
      if (reply.sent || result === reply) return reply;
      if (status !== 200) reply.status(status);
      // A 204 (or a success with nothing to say) has no body; Fastify refuses an async handler's undefined.
      return result === undefined ? reply.send(null) : result;
    },
  };
  app.route(options);
}
