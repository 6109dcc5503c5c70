import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The institutional sign-in bound to the browser that started it (issue 41 item 1, login CSRF): its `state`,
 * `nonce` and PKCE verifier travel in this cookie, set by the start and read by the callback, which refuses a
 * state the cookie does not carry. A callback address copied from browser A signs nobody in in browser B.
 * HttpOnly (no script reads it), SameSite=Lax (the provider's redirect back is a top-level GET from another
 * site, which Lax lets through and Strict would not), Secure over https, and only under the sign-in's paths.
 */
export const OIDC_STATE_COOKIE = 'arandu_oidc';
const PATH = '/api/auth/oidc';
/** As long as the server keeps the start (`inicios_oidc`): the person's time at the provider's login page. */
const MAX_AGE_SECONDS = 10 * 60;

export interface OidcBrowserState {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** openid-client's random values are base64url: a dot cannot occur in them, so it separates the three. */
const SHAPE = /^([\w-]{16,128})\.([\w-]{16,128})\.([\w-]{43,128})$/;

/** Secure when Arandu is reached over https: its public URL says so, or the request came that way. */
function cookieOptions(publicUrl: string | undefined, request: FastifyRequest) {
  const secure = request.protocol === 'https' || publicUrl?.startsWith('https:') === true;
  return { path: PATH, httpOnly: true, sameSite: 'lax' as const, secure };
}

export function setOidcStateCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  publicUrl: string | undefined,
  value: OidcBrowserState,
): void {
  reply.setCookie(OIDC_STATE_COOKIE, `${value.state}.${value.nonce}.${value.codeVerifier}`, {
    ...cookieOptions(publicUrl, request),
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The callback reads the cookie once: whatever it finds, the browser forgets it. */
export function takeOidcStateCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  publicUrl: string | undefined,
): OidcBrowserState | undefined {
  const raw = request.cookies[OIDC_STATE_COOKIE];
  if (raw !== undefined) reply.clearCookie(OIDC_STATE_COOKIE, cookieOptions(publicUrl, request));
  const match = raw === undefined ? null : SHAPE.exec(raw);
  if (!match) return undefined;
  return { state: match[1]!, nonce: match[2]!, codeVerifier: match[3]! };
}

/** Two secrets compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
