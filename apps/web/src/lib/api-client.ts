import { MSG_CORE } from '@arandu/shared';
import { clearSession, getSession } from './session';
import { csrfHeader } from './csrf';

/** The server's error reply: `{ error }`, plus `errors` (field -> message) for invalid input. */
export interface ApiErrorBody {
  error: string;
  errors?: Record<string, string>;
}

/** Every failed call: the HTTP status (0 when the server could not be reached) and the parsed reply. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error || MSG_CORE.errorGeneric);
    this.name = 'ApiError';
  }

  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

/**
 * True for the 401 of an ended session. The app is already on its way to '/' with one toast, so a screen
 * should not also show its own load error for it.
 */
export function endedSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  /**
   * False where a 401 is an answer rather than an expired session (the login itself, the session check):
   * the caller handles it and the stored user is left alone.
   */
  redirectOnUnauthorized?: boolean;
}

/** `message` is null when no session was sent: a first visit has no session to call expired. */
type UnauthorizedHandler = (message: string | null) => void;

let unauthorizedHandler: UnauthorizedHandler = () => {
  window.location.assign('/');
};

/** The app registers how to send the user to '/' with a toast (it owns the router and the toasts). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && !!(value as ApiErrorBody).error;
}

/**
 * Reads a reply's body. A body cut off on its way (the connection dropped, or the page was left while it was
 * arriving) is a call that did not reach its end: status 0, like a call that never left, not an error of
 * the reply's own; and an aborted call stays an abort.
 */
async function readBody<T>(response: Response, read: (response: Response) => Promise<T>, signal?: AbortSignal) {
  try {
    return await read(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null);
  }
}

async function readJson(response: Response, signal?: AbortSignal): Promise<unknown> {
  const text = await readBody(response, (r) => r.text(), signal);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `{ error }` of a failed reply, or null: its status already says what happened if the body is cut off. */
async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  const data = await readJson(response).catch(() => undefined);
  return isErrorBody(data) ? data : null;
}

/**
 * The one api client (DESIGN.md web conventions, spec 01 section 7): base /api, the session in its HttpOnly
 * cookie (the browser sends it; no script holds the token, docs/decisions/027-session-cookie.md) and the
 * CSRF header on every call that changes something, JSON in and out, 204 empty. A reply carrying `error` is
 * a failure; 400 throws the parsed body with its status; 401 clears the stored user and sends the user to
 * '/'; any other non-OK status throws.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, responseType = 'json', redirectOnUnauthorized = true } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (method !== 'GET') for (const [name, value] of Object.entries(csrfHeader())) headers.set(name, value);
  // Whether a session was there to end: a first visit's 401 is not an expired session.
  const hadSession = getSession() !== null;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null);
  }

  if (response.status === 401) {
    const errorBody = await readErrorBody(response);
    if (redirectOnUnauthorized) {
      clearSession();
      unauthorizedHandler(hadSession ? errorBody?.error || MSG_CORE.unauthorized : null);
    }
    throw new ApiError(401, errorBody);
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await readBody(response, (r) => r.blob(), signal)) as T;

  const data = await readJson(response, signal);
  if (isErrorBody(data)) throw new ApiError(response.status, data);
  return data as T;
}
