import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, Role } from '@arandu/shared';
import { normaliseUrl } from '../src/lib/api-url.js';
import { AppError } from '../src/lib/errors.js';
import { rewriteSpecAlias } from '../src/lib/spec-aliases.js';
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

  it('knows the session and keeps replies out of caches on an upper-case or percent-encoded /API path too', async () => {
    const user = await createUser(t.db);
    const headers = { authorization: `Bearer ${await login(t.app, user.email, TEST_PASSWORD)}` };
    // Percent-encoded unreserved characters name the same path (RFC 3986 section 6.2.2.2; security issue 28).
    for (const url of ['/api/users/get_login_status', '/API/Users/Get_Login_Status', '/%61pi/users/get_login_status']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().user.email).toBe(user.email);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/API/no-existe', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MSG.notFound });
  });

  it('decodes only the unreserved characters of the path, as the router reads them', () => {
    expect(normaliseUrl('/%61pi/users/%41ll')).toBe('/api/users/All');
    expect(normaliseUrl('/api/a%2Db%2ec%5Fd%7e')).toBe('/api/a-b.c_d~');
    // Reserved and non-ASCII ones keep their meaning; the query is left as sent.
    expect(normaliseUrl('/api/x%2Fy%3Fz%25')).toBe('/api/x%2Fy%3Fz%25');
    expect(normaliseUrl('/api/users/%c0%ae')).toBe('/api/users/%c0%ae');
    expect(normaliseUrl('/%61pi/health?q=%61&r=%2F')).toBe('/api/health?q=%61&r=%2F');
    expect(normaliseUrl('/pages/users?x=1')).toBe('/pages/users?x=1');
  });

  it('serves the resource names spec 02 and 03 write literally at the paths that hold them', async () => {
    expect(rewriteSpecAlias('/api/periods/form_data')).toBe('/api/periodos/form_data');
    expect(rewriteSpecAlias('/API/Periods?x=1')).toBe('/api/periodos?x=1');
    expect(rewriteSpecAlias('/api/subject-periods/my/7')).toBe('/api/MateriasPeriodo/my/7');
    expect(rewriteSpecAlias('/api/subjects/3')).toBe('/api/MateriasPeriodo/subjects/3');
    expect(rewriteSpecAlias('/api/professor-subjects/all_subjects_dashboard')).toBe(
      '/api/Professors/all_subjects_dashboard',
    );
    expect(rewriteSpecAlias('/api/inscriptions/move-inscription')).toBe('/api/MateriasPeriodo/move-inscription');
    // Other paths, and names that only begin the same, are left alone.
    for (const url of ['/api/periodosx', '/api/periodsx/1', '/api/subjects', '/api/materias/all', '/pages/periods']) {
      expect(rewriteSpecAlias(url)).toBe(url);
    }
    const staff = await createUser(t.db, { roles: [Role.Funcionario] });
    const headers = { authorization: `Bearer ${await login(t.app, staff.email, TEST_PASSWORD)}` };
    const served = await t.app.inject({ method: 'GET', url: '/api/periodos/form_data', headers });
    const aliased = await t.app.inject({ method: 'GET', url: '/api/periods/form_data', headers });
    expect(aliased.statusCode).toBe(200);
    expect(aliased.json()).toEqual(served.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/periods/form_data' })).statusCode).toBe(401);
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
