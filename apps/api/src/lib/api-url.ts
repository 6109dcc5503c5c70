/**
 * Whether a request's URL is one of the API's. Routing is case-insensitive (app.ts), so `/API/users/...` reaches
 * the same route as `/api/users/...` and must meet the same session, rate limit and cache rules. The URL it is
 * given is the normalised one (`normaliseUrl`, applied before routing), so `/%61pi/...` is `/api/...` here too.
 */
export function isApiUrl(url: string): boolean {
  return /^\/api(?:[/?#]|$)/i.test(url);
}

/** RFC 3986 section 2.3: letters, digits and `-._~`; percent-encoding one of them does not change the URI. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The URL with the percent-encoded unreserved characters of its path decoded (RFC 3986 section 6.2.2.2), the
 * query left as sent. The router decodes them anyway (`/%61pi/health` reaches `/api/health`), so every hook
 * that looks at the URL (session, rate limit, `no-store`) must see the path the router sees (security issue
 * 28). Reserved characters (`%2F`, `%3F`...) stay encoded: decoding them would change the path's meaning.
 */
export function normaliseUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : encoded;
  });
  return queryAt === -1 ? decoded : decoded + url.slice(queryAt);
}
