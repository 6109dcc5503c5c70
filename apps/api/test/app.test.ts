import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@arandu/shared';
import { AppError } from '../src/lib/errors.js';
import { authPlugin } from '../src/plugins/auth.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { login, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('API skeleton', () => {
  it('reports health with the database it reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('answers unknown API paths with a Spanish JSON 404, case-insensitive routing for known ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MSG.notFound });
    expect((await t.app.inject({ method: 'GET', url: '/API/Health' })).statusCode).toBe(200);
  });

  it('documents every route in OpenAPI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/users/login', '/api/users/set_new_password']));
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('counts the general rate limit per session, apart from other sessions at the same address', async () => {
    const call = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/api/health', headers: authorization ? { authorization } : {} });
    const one = await createUser(t.db);
    const two = await createUser(t.db);
    const session = `Bearer ${await login(t.app, one.email, TEST_PASSWORD)}`;
    const first = await call(session);
    const again = await call(session);
    const other = await call(`Bearer ${await login(t.app, two.email, TEST_PASSWORD)}`);
    expect(first.headers['x-ratelimit-limit']).toBe('1200');
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    expect(other.headers['x-ratelimit-remaining']).toBe(first.headers['x-ratelimit-remaining']);
    // The web app's files are not counted.
    const page = await t.app.inject({ method: 'GET', url: '/pages/users' });
    expect(page.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('refuses an over-large body with a Spanish 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@b.py', password: 'x'.repeat(2_000_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: MSG.payloadTooLarge });
  });
});

describe('plugins', () => {
  it('does not boot a route that does not declare who may call it', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, { db: t.db });
    expect(() => app.get('/api/olvidada', async () => 'x')).toThrow(/no declara quién puede llamarla/);
    await app.close();
  });

  it('hides internals of unexpected errors and maps AppError to its status', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('secreto interno: tabla xyz');
    });
    app.get('/refused', async () => {
      throw AppError.badRequest('Regla incumplida', { campo: 'Mal' });
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secreto');
    expect(boom.json()).toEqual({ error: MSG.errorGeneric });
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Regla incumplida', errors: { campo: 'Mal' } });
    await app.close();
  });
});
