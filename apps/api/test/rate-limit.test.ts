import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { login, setupTestApp, type TestContext } from './helper.js';

// A small allowance, so spending it takes a few calls.
const LIMIT = 5;

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ config: { rateLimitPerMinute: LIMIT } });
});
afterAll(async () => {
  await t?.close();
});

const health = (authorization: string, ip: string) =>
  t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization }, remoteAddress: ip });

describe('general rate limit (issue 9, item 1)', () => {
  it('counts a made-up token against its address: a fresh fake bearer on every call buys no allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const fake = `Bearer falso-${i}-${'x'.repeat(40)}`;
      statuses.push((await health(fake, '10.20.0.1')).statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    // Another address keeps its own allowance.
    expect((await health(`Bearer otro-${'x'.repeat(40)}`, '10.20.0.2')).statusCode).toBe(200);
  });

  it('counts a percent-encoded /api path like the plain one (security issue 28, item 3)', async () => {
    const statuses: number[] = [];
    for (const url of [
      '/%61pi/health',
      '/%61%70%69/health',
      '/a%50i/%68ealth',
      '/api/health',
      '/%41PI/Health',
      '/%61pi/health',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.22.0.1' });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('gives one session one allowance however its header is spelled', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `Bearer\t${token}`];
    const statuses: number[] = [];
    // Each call from a new address: the session, not the address, is what is counted.
    for (const [i, authorization] of [...spellings, `Bearer ${token}`].entries()) {
      statuses.push((await health(authorization, `10.21.0.${i}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
