import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../helper.js';
import { EXPECTED, type Rule } from './expectations.js';
import { buildWorld, CALLERS, FIXTURES, freshToken, type Caller, type Side, type World } from './fixtures.js';

/**
 * The route x role matrix (issue 15): every `/api` route in Fastify's table, called by every caller on an
 * object they own and on one they do not, against the table in expectations.ts. A route without a row fails.
 */
let t: TestContext;
let world: World;

beforeAll(async () => {
  t = await setupTestApp();
  world = await buildWorld(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
});

type Expected = 'pass' | 401 | 403 | 404;

function expectedFor(rule: Rule, caller: Caller, side: Side): Expected {
  if (rule.allow === 'public') return 'pass';
  if (caller === 'anonymous' || caller === 'invalidToken') return 401;
  if (caller === 'firstLogin') return rule.firstLogin ? 'pass' : 403;
  const allowed = rule.allow === 'signed-in' || rule.allow.includes(caller);
  if (!allowed) return rule.refused ?? 403;
  return side === 'other' && rule.ownOnly?.includes(caller) ? 404 : 'pass';
}

/**
 * 'pass' is any answer past the door: not 401/403, never 5xx. Allowed callers send an empty body, so 400 is
 * a pass. 404 is a pass too, unless the row checks ownership (then the object exists and is theirs to reach).
 */
function matches(expected: Expected, status: number, rule: Rule): boolean {
  if (status >= 500) return false;
  if (expected === 404 && rule.bodyFirst && status === 400) return true;
  if (expected !== 'pass') return status === expected;
  if (status === 401 || status === 403) return false;
  return !(status === 404 && rule.ownOnly);
}

async function tokenOf(caller: Caller, rule: Rule): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (caller === 'invalidToken') return randomBytes(32).toString('base64url');
  return rule.endsSession ? freshToken(t.app, world, caller) : world.who[caller].token;
}

async function fillUrl(url: string, rule: Rule, caller: Caller, side: Side): Promise<string> {
  let filled = url;
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    const fixture = rule.params?.[name!];
    if (!fixture) throw new Error(`${url}: the row does not say which fixture fills :${name}`);
    filled = filled.replace(`:${name}`, String(await FIXTURES[fixture](world, caller, side)));
  }
  return filled;
}

it('answers every route as its row in expectations.ts says, for every caller (no leaks)', async () => {
  const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
  const keys = routes.map((r) => `${r.method} ${r.url}`);
  const unlisted = keys.filter((key) => !EXPECTED[key]);
  const stale = Object.keys(EXPECTED).filter((key) => !keys.includes(key));

  const mismatches: string[] = [];
  let checks = 0;
  let leaks = 0;
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const rule = EXPECTED[key];
    if (!rule) continue;
    const sides: Side[] = rule.ownOnly ? ['own', 'other'] : ['own'];
    for (const caller of CALLERS) {
      for (const side of caller.startsWith('an') || caller === 'invalidToken' ? (['other'] as Side[]) : sides) {
        const token = await tokenOf(caller, rule);
        const url = await fillUrl(route.url, rule, caller, side);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        checks += 1;
        const expected = expectedFor(rule, caller, side);
        if (matches(expected, res.statusCode, rule)) continue;
        if (expected !== 'pass' && res.statusCode < 400) leaks += 1;
        mismatches.push(
          `${key} as ${caller} (${side}): expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      }
    }
  }

  console.log(
    `[route matrix] ${routes.length} routes x ${CALLERS.length} callers: ${checks} calls checked, ` +
      `leaks ${leaks}, mismatches ${mismatches.length}`,
  );
  expect({ unlisted, stale }, 'every /api route has exactly one row in expectations.ts').toEqual({
    unlisted: [],
    stale: [],
  });
  expect(mismatches).toEqual([]);
  expect(leaks).toBe(0);
  // Hundreds of calls, more as areas add routes: the default 30 s is for one behaviour, not a walk of them all.
}, 600_000);
