/** The cookie the API sets beside the HttpOnly session cookie, readable by the page (decision 027). */
const CSRF_COOKIE = 'arandu_csrf';

/**
 * The `X-CSRF-Token` header of a call that changes something: the session's CSRF token, read from its cookie.
 * Another site can make the browser send the session cookie, but cannot read this one to copy it into a header.
 */
export function csrfHeader(): Record<string, string> {
  const match = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)`).exec(document.cookie);
  return match?.[1] ? { 'X-CSRF-Token': decodeURIComponent(match[1]) } : {};
}
