import * as shared from '@arandu/shared';
import {
  authEndpoints,
  queryString,
  ROLE_INFO,
  Role,
  type CallInput,
  type CallReply,
  type EndpointDef,
  type EndpointSchema,
  type UrlValues,
} from '@arandu/shared';
import { vi } from 'vitest';
import { safeParse } from 'zod/v4/core';
import type { ApiErrorBody } from '../lib/api-client';
import type { StoredUser } from '../lib/session';

/*
 * The component tests' API, answered from the contract (packages/shared/src/contract, issue 42 item 4): a test
 * names the endpoint it mocks, `mockApi(on(userEndpoints.get, { params: { id: 9 } }, user))`, so the method and
 * path come from the contract (a renamed or removed endpoint breaks the test when it is compiled) and the reply
 * is typed by the endpoint's reply (a wrong field fails `npm run typecheck`). A call no mock answers throws; a
 * call the contract does not know fails the test (see `mockApi`).
 */

/** A raw JSON Response, for the api client's own test (`stubFetch`), which is about the transport, not a route. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * What a mock answers besides the endpoint's typed reply: a failure, an empty reply, a body cut off. Its private
 * field keeps a reply object from passing for it, so a typed reply cannot be smuggled out of its type.
 */
export class Canned {
  readonly #make: () => Response;

  constructor(
    make: () => Response,
    /** A failure: the server refused the call, so the call's input is not held to the contract's schemas. */
    readonly refused: boolean,
  ) {
    this.#make = make;
  }

  response(): Response {
    return this.#make();
  }
}

/** The server's refusal: `{ error, errors? }` with its status (zError), or another body (a proxy's HTML page). */
export function fail(status: number, body: ApiErrorBody | string): Canned {
  return new Canned(() => (typeof body === 'string' ? new Response(body, { status }) : json(body, status)), true);
}

/** A 204 without a body, where the endpoint's reply may also be absent (the logout of a password session). */
export function noContent(): Canned {
  return new Canned(() => new Response(null, { status: 204 }), false);
}

/** A 200 whose body breaks off after its first bytes, as when the connection drops or the page is left. */
export function cutOff(firstBytes = '{"isAuthenticated":tr'): Canned {
  return new Canned(() => cutOffResponse(firstBytes), true);
}

function cutOffResponse(firstBytes: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(firstBytes));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

export const PUBLIC_SETTINGS = { appName: 'Arandu', appVersion: '1.2.0', appEnv: 'Test', buildNumber: '42' };

export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The call's params and query, as `call(endpoint, input)` takes them: a mock answers exactly that call. */
export type Where<E extends EndpointDef> = Omit<CallInput<E>, 'body'>;

/**
 * Where the endpoint has params or a query, the mock names them (as the old 'METHOD /api/users/9' key did);
 * for one without, `{}` may stand there.
 */
type WhereArgs<E extends EndpointDef> = E['params'] extends EndpointSchema
  ? [where: Where<E>]
  : E['query'] extends EndpointSchema
    ? [where: Where<E>]
    : [] | [where: Where<E>];

export interface MockRequest {
  /** The path's params and the query, as the URL carries them (strings). */
  params: Record<string, string>;
  query: Record<string, string>;
  init: RequestInit;
}

/** A mock's answer: the endpoint's reply (a Blob for a file, nothing for an empty reply) or a canned one. */
export type Answer<E extends EndpointDef> = CallReply<E> | Canned;

/** The body is the web's, typed as the contract's input. */
export type Handler<E extends EndpointDef> = (
  body: CallInput<E>['body'],
  request: MockRequest,
) => Answer<E> | Promise<Answer<E>>;

export interface MockRoute {
  readonly endpoint: EndpointDef;
  readonly where: Where<EndpointDef> | undefined;
  readonly handler: (body: unknown, request: MockRequest) => unknown;
}

/**
 * Answers the endpoint's call (the one its params and query name, where it has them) with `answer`: the reply
 * itself, or a handler that makes it from the call. The endpoint alone fixes the types (NoInfer), so the
 * reply is checked against the endpoint's. A reply given as such is checked for extra fields too, which
 * TypeScript does not do for an object a function returns: give the reply itself where it does not depend
 * on the call or change during the test.
 */
export function on<E extends EndpointDef>(
  endpoint: E,
  ...args: NoInfer<[...WhereArgs<E>, answer: Answer<E> | Handler<E>]>
): MockRoute {
  const answer = args[args.length - 1];
  const where = args.length > 1 ? (args[0] as Where<EndpointDef>) : undefined;
  const handler = typeof answer === 'function' ? (answer as MockRoute['handler']) : () => answer;
  return { endpoint, where, handler };
}

interface Parsed {
  params: Record<string, string>;
  query: Record<string, string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The endpoint's params in `url` (its method aside), or null when the URL is not one of its paths. */
function parse(endpoint: Pick<EndpointDef, 'path'>, url: string): Parsed | null {
  const [path = '', search = ''] = url.split('?');
  const names: string[] = [];
  const pattern = escapeRegExp(endpoint.path).replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^/api${pattern}$`).exec(path);
  if (!found) return null;
  const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
  return { params, query: Object.fromEntries(new URLSearchParams(search)) };
}

function sameValues(expected: UrlValues | undefined, actual: Record<string, string>): boolean {
  const wanted = Object.fromEntries(new URLSearchParams(queryString(expected)));
  const keys = new Set([...Object.keys(wanted), ...Object.keys(actual)]);
  return [...keys].every((key) => wanted[key] === actual[key]);
}

/** The endpoint's call `method url`, with the params `where` pins, or null. */
function pinned(endpoint: EndpointDef, where: Where<EndpointDef> | undefined, method: string, url: string) {
  if (endpoint.method !== method) return null;
  const parsed = parse(endpoint, url);
  if (!parsed) return null;
  const params = (where?.params ?? {}) as UrlValues;
  return Object.entries(params).every(([name, value]) => parsed.params[name] === String(value)) ? parsed : null;
}

/** The call `url` is the one `where` names: every param it pins, and exactly its query (none when it has none). */
function matches(endpoint: EndpointDef, where: Where<EndpointDef> | undefined, method: string, url: string) {
  const parsed = pinned(endpoint, where, method, url);
  return parsed && sameValues(where?.query, parsed.query) ? parsed : null;
}

/** The endpoints in a group of the contract, by name; a group may nest (the planning's `page[1]` to `page[9]`). */
function endpointsIn(name: string, value: unknown): [string, EndpointDef][] {
  if (typeof value !== 'object' || value === null) return [];
  if ('method' in value && 'path' in value) return [[name, value as EndpointDef]];
  return Object.entries(value).flatMap(([key, inner]) => endpointsIn(`${name}.${key}`, inner));
}

/** Every endpoint of the contract, named as the web imports it ('userEndpoints.get'). */
function contractEndpoints(): [string, EndpointDef][] {
  return Object.entries(shared).flatMap(([group, value]) =>
    group.endsWith('Endpoints') ? endpointsIn(group, value) : [],
  );
}

/**
 * The contract's endpoint that answers `method url`, or undefined: then the web calls what the API does not
 * have. A path without params wins, as in Fastify ('/users/sessions' is not the user 'sessions').
 */
export function contractEndpointOf(method: string, url: string): string | undefined {
  const found = contractEndpoints().filter(([, def]) => def.method === method && parse(def, url));
  return (found.find(([, def]) => !def.path.includes(':')) ?? found[0])?.[0];
}

/** Input the server would refuse (400): a mock that answers it with a success would hide a broken call. */
function refusedInput(endpoint: EndpointDef, parsed: Parsed, body: unknown): string | null {
  const checks: [string, EndpointSchema | undefined, unknown][] = [
    ['params', endpoint.params, parsed.params],
    ['query', endpoint.query, parsed.query],
    ['body', endpoint.multipart ? undefined : endpoint.body, body],
  ];
  for (const [part, schema, value] of checks) {
    if (!schema) continue;
    const result = safeParse(schema, value);
    if (!result.success) return `${part} ${JSON.stringify(value)}: ${result.error.message}`;
  }
  return null;
}

async function respond(endpoint: EndpointDef, answer: unknown): Promise<Response> {
  if (answer instanceof Canned) return answer.response();
  // jsdom's Blob is not one fetch's Response takes: its bytes are.
  if (answer instanceof Blob) return new Response(await answer.arrayBuffer(), { status: endpoint.status ?? 200 });
  if (answer === undefined) return new Response(null, { status: endpoint.status ?? 204 });
  return json(answer, endpoint.status ?? 200);
}

/** Calls that are wrong whenever they are made, since the last check; `setup.ts` fails the test that made them. */
const unexpected: string[] = [];

/** The wrong calls of the test that ends, emptied for the next one. */
export function takeUnexpectedCalls(): string[] {
  return unexpected.splice(0);
}

/** Throws, as a failed call, and notes the call for the test's end: the screen may take the error for a failed load. */
function refuse(message: string): never {
  unexpected.push(message);
  throw new Error(message);
}

/** Public settings answer, and the session check answers for the stored user (401 without one). */
const DEFAULTS: MockRoute[] = [
  on(authEndpoints.publicSettings, PUBLIC_SETTINGS),
  // The session cookie stands for itself here: a stored user is signed in.
  on(authEndpoints.loginStatus, () => {
    const user = localStorage.getItem('arandu.user');
    if (!user) return fail(401, { error: 'No autenticado' });
    const { publicSettings, ...rest } = JSON.parse(user) as StoredUser;
    return {
      isAuthenticated: true as const,
      user: { ...rest, publicSettings: { ...PUBLIC_SETTINGS, ...publicSettings } },
    };
  }),
];

/**
 * Replaces fetch with the mocks `routes` (made with `on`), the first that names the call answering it; public
 * settings and the session check answer by default. A call the contract has no endpoint for, or whose input
 * the contract refuses while a mock answers it with a success, fails the test. A call of the contract no mock
 * answers fails as a call (fetch throws), as before: screens a test passes through (a dashboard after the
 * login) load with it failing, and such a call may come from the screen of the test before, whose router
 * still finishes loading, so failing the test for it would fail tests by their timing.
 */
export function mockApi(...routes: MockRoute[]) {
  unexpected.length = 0;
  const table = [...routes, ...DEFAULTS];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = urlOf(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    for (const route of table) {
      const parsed = matches(route.endpoint, route.where, method, url);
      if (!parsed) continue;
      const answer = await route.handler(body, { ...parsed, init });
      if (!(answer instanceof Canned && answer.refused)) {
        const refused = refusedInput(route.endpoint, parsed, body);
        if (refused) refuse(`${method} ${url} is answered with a success, but the server would refuse its ${refused}`);
      }
      return respond(route.endpoint, answer);
    }
    const known = contractEndpointOf(method, url);
    if (known) throw new Error(`Unexpected call: ${method} ${url} (${known}) has no mock`);
    return refuse(`Unexpected call: the contract has no endpoint ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type FetchMock = ReturnType<typeof mockApi>;

/** What a test reads back names the params where the endpoint has them; a query, if given, exactly. */
type SentArgs<E extends EndpointDef> = E['params'] extends EndpointSchema ? [where: Where<E>] : [where?: Where<E>];

/** The calls a fetch mock made to the endpoint (the one `where` names, any query unless it names one), in order. */
export function callsTo<E extends EndpointDef>(fetchMock: FetchMock, endpoint: E, ...[where]: NoInfer<SentArgs<E>>) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const [method, url] = [init?.method ?? 'GET', urlOf(input)];
    if (!pinned(endpoint, where, method, url)) return false;
    return where?.query === undefined || matches(endpoint, where, method, url) !== null;
  });
}

/** The JSON bodies a fetch mock sent to the endpoint (as `callsTo` finds its calls), in order. */
export function bodiesSentTo<E extends EndpointDef>(fetchMock: FetchMock, endpoint: E, ...where: NoInfer<SentArgs<E>>) {
  return callsTo(fetchMock, endpoint, ...where).map(([, init]) =>
    typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  );
}

/** A made-up call of the api client's own test and its reply, which is any Response the transport must read. */
export interface StubbedCall {
  method: string;
  url: string;
  reply: (body: unknown) => Response | Canned;
}

/**
 * Replaces fetch with `calls` for the api client's own test (lib/api-client.test.ts): it checks how any reply
 * is read (a 204, a 502 page, a cut-off body) on a made-up path no endpoint has, so it cannot name the
 * contract. Every other test mocks with `mockApi` (test/api-mock-strings.test.ts keeps it so).
 */
export function stubFetch(...calls: StubbedCall[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = urlOf(input);
    const call = calls.find((c) => c.method === method && c.url === url);
    if (!call) return refuse(`Unexpected call: ${method} ${url}`);
    const answer = call.reply(typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body);
    return answer instanceof Canned ? answer.response() : answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A stored user; its `roles` follow the role flags unless given. */
export function makeUser(overrides: Partial<StoredUser> = {}): StoredUser {
  const user: StoredUser = {
    id: 1,
    fullName: 'Ana Benítez',
    email: 'ana@fiuna.edu.py',
    isAuthenticated: true,
    esAlumno: false,
    esProfesor: false,
    esFuncionario: false,
    esAdmin: false,
    esAdminRoot: false,
    firstLogin: false,
    roles: [],
    publicSettings: { appName: 'Arandu', appVersion: '1.2.0' },
    ...overrides,
  };
  if (!overrides.roles) {
    const held: [boolean, Role][] = [
      [user.esAlumno, Role.Alumno],
      [user.esProfesor, Role.Profesor],
      [user.esFuncionario, Role.Funcionario],
      [user.esAdmin, Role.Admin],
    ];
    user.roles = held.filter(([flag]) => flag).map(([, role]) => ({ role, title: ROLE_INFO[role].title }));
  }
  return user;
}

/** Stores a user as a login would. */
export function storeUser(user: StoredUser): void {
  localStorage.setItem('arandu.user', JSON.stringify(user));
}
