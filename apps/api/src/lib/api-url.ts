/**
 * Whether a request's URL is one of the API's. Routing is case-insensitive (app.ts), so `/API/users/...` reaches
 * the same route as `/api/users/...` and must meet the same session, rate limit and cache rules.
 */
export function isApiUrl(url: string): boolean {
  return /^\/api(?:[/?#]|$)/i.test(url);
}
