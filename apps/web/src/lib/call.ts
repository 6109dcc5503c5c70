import {
  pathOf,
  queryString,
  type CallInput,
  type CallReply,
  type EndpointDef,
  type TakesNothing,
  type UrlValues,
} from '@arandu/shared';
import { request, type RequestOptions } from './api-client';

export type CallOptions = Pick<RequestOptions, 'signal' | 'redirectOnUnauthorized'>;

type CallArgs<E extends EndpointDef> =
  TakesNothing<E> extends true
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls an endpoint of the contract (packages/shared/src/contract, docs/decisions/025-endpoint-contract.md):
 * its method and path, the params filled in, the query and body typed from the schemas the server validates
 * with, and the reply typed from the schema the server validates its reply with. A file comes back as a Blob.
 */
export function call<E extends EndpointDef>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<CallReply<E>> {
  return send(endpoint, input, options);
}

/** An endpoint's method and path alone, written where its schemas must not be loaded (see `callRoute`). */
export type Route<E extends EndpointDef> = Pick<E, 'method' | 'path'>;

/**
 * `call` for the modules of the login page and of the app's entry, which must not load zod (issue 16,
 * decision 014) and so cannot import an endpoint, whose schemas are zod's: they import it as a type only
 * and write out its method and path, which must equal the endpoint's, so a drifted path is still a type
 * error. The input and the reply are typed from the endpoint as in `call`.
 */
export function callRoute<E extends EndpointDef>(
  route: Route<E>,
  ...[input, options]: CallArgs<E>
): Promise<CallReply<E>> {
  return send(route, input, options);
}

function send<E extends EndpointDef>(
  endpoint: Route<E> & Pick<EndpointDef, 'download'>,
  input: CallInput<E> | undefined,
  options: CallOptions | undefined,
): Promise<CallReply<E>> {
  // The params' and query's schemas are flat objects of scalars (UrlValues), whatever each endpoint names them.
  const params = input?.params as UrlValues | undefined;
  const query = input?.query as UrlValues | undefined;
  return request<CallReply<E>>(pathOf(endpoint, params) + queryString(query), {
    ...options,
    method: endpoint.method,
    body: input?.body,
    responseType: endpoint.download ? 'blob' : 'json',
  });
}
