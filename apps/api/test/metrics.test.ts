import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_OPS, Role } from '@arandu/shared';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

const METRICS_TOKEN = 'prometheus-lee-esto-1234567890';
let t: TestContext;
let admin: string;
let alumno: string;

beforeAll(async () => {
  t = await setupTestApp({ config: { metricsToken: METRICS_TOKEN } });
  const a = await createUser(t.db, { roles: [Role.Admin] });
  const s = await createUser(t.db, { roles: [Role.Alumno] });
  admin = await login(t.app, a.email, TEST_PASSWORD);
  alumno = await login(t.app, s.email, TEST_PASSWORD);
  await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: s.email, password: 'Equivocada1!' },
  });
});
afterAll(async () => {
  await t?.close();
});

const metrics = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/metrics', () => {
  it('gives an administrator requests per route, logins by outcome and process figures, in Prometheus text', async () => {
    await t.app.inject({ method: 'GET', url: '/api/users/12345', headers: bearer(admin) });
    const res = await metrics(`Bearer ${admin}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(/arandu_http_requests_total\{method="POST",route="\/api\/users\/login",status="200"\} [2-9]/);
    // The route's template, never the id in the URL.
    expect(text).toContain('route="/api/users/:id"');
    expect(text).not.toContain('12345"');
    expect(text).toMatch(/arandu_logins_total\{outcome="ok"\} 2/);
    expect(text).toMatch(/arandu_logins_total\{outcome="refused"\} 1/);
    expect(text).toContain('arandu_http_request_duration_seconds_bucket{le="0.005"');
    expect(text).toContain('arandu_process_resident_memory_bytes');
  });

  it('gives it to the configured token too, and to nobody else', async () => {
    expect((await metrics(`Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
    expect((await metrics(`bearer  ${METRICS_TOKEN}`)).statusCode).toBe(200);
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics(`Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(401);
    const asAlumno = await metrics(`Bearer ${alumno}`);
    expect(asAlumno.statusCode).toBe(403);
    expect(asAlumno.json().error).toBe(MSG_OPS.metricsForbidden);
  });
});
