import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginOutcome } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { getSettings } from '../settings/settings.service.js';

/**
 * The browser's session (issue 41 item 6, docs/decisions/027-session-cookie.md): the token travels in an
 * HttpOnly cookie no script can read, and every state-changing call it authenticates carries the session's
 * CSRF token in a header, read by the page from a second, readable cookie. Bearer callers are untouched.
 */
export const SESSION_COOKIE = 'arandu_session';
export const CSRF_COOKIE = 'arandu_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface BrowserSessionDeps {
  db: Db;
  publicUrl: string | undefined;
}

/**
 * The session's CSRF token, derived from its token (a keyed hash, so it tells nothing of the token and differs
 * from the hash the sessions table keeps). Bound to the session, it cannot be planted: a sibling subdomain
 * that writes its own `arandu_csrf` cookie still does not know the value this session's header must carry.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', 'arandu-csrf').update(sessionToken).digest('base64url');
}

/** The `X-CSRF-Token` header of a request equals the session's CSRF token (compared in constant time). */
export function csrfMatches(sessionToken: string, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The session cookie's token, when it has a token's shape (as `bearerToken` asks of the header). */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && /^\S{16,200}$/.test(value) ? value : undefined;
}

/**
 * A browser's call: browsers send `Origin` on every POST (and `Sec-Fetch-Site` over https), scripts (curl,
 * Node's fetch, an OpenAPI client) send neither. Such a call gets its session in the cookie only.
 */
function fromBrowser(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined;
}

function cookieBase(deps: Pick<BrowserSessionDeps, 'publicUrl'>, request: FastifyRequest) {
  const https = request.protocol === 'https' || deps.publicUrl?.startsWith('https:') === true;
  // Strict: the app's own pages call the API with fetch, a same-site request; no link from another site ever
  // needs the session (and a state-changing GET such as the spec's reset_password cannot be set off by one).
  return { sameSite: 'strict' as const, secure: https };
}

/**
 * Opens a browser session on a login's reply: every login path (password, second factor, new password,
 * institutional) ends here. Sets the HttpOnly session cookie (Path=/api) and the readable CSRF cookie
 * (Path=/, so the page can read it), both living no longer than a session may (`sesionDuracionMaximaDias`).
 * Returns the body to send: a browser's has no token; a script's keeps it, for its bearer header.
 */
export async function openBrowserSession<T extends LoginOutcome>(
  deps: BrowserSessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: T,
): Promise<T> {
  if ('mfaRequired' in outcome || !outcome.token) return outcome;
  const { sesionDuracionMaximaDias } = await getSettings(deps.db);
  const options = { ...cookieBase(deps, request), maxAge: Math.floor(sesionDuracionMaximaDias * 86_400) };
  reply.setCookie(SESSION_COOKIE, outcome.token, { ...options, httpOnly: true, path: '/api' });
  reply.setCookie(CSRF_COOKIE, csrfTokenOf(outcome.token), { ...options, httpOnly: false, path: '/' });
  if (!fromBrowser(request)) return outcome;
  return { ...outcome, token: undefined };
}

/** 'Salir': both cookies go (same path and attributes, or the browser keeps them). */
export function closeBrowserSession(
  deps: Pick<BrowserSessionDeps, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const base = cookieBase(deps, request);
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true, path: '/api' });
  reply.clearCookie(CSRF_COOKIE, { ...base, path: '/' });
}
