import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type UserFormData } from '@arandu/shared';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';

// Small exposures of issue 9, item 12. A stand-in for the built web app, so the pages can be asked for.
let t: TestContext;
let webDist: string;
const tokens: Record<'alumno' | 'profesor' | 'funcionario', string> = { alumno: '', profesor: '', funcionario: '' };
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'arandu-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Arandu</title>');
  t = await setupTestApp({ config: { webDist } });
  for (const [name, role] of [
    ['alumno', Role.Alumno],
    ['profesor', Role.Profesor],
    ['funcionario', Role.Funcionario],
  ] as const) {
    const user = await createUser(t.db, { roles: [role] });
    tokens[name] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('reset_password/{id}', () => {
  it('answers POST (what the web app uses) and still the spec GET, both for staff only', async () => {
    const target = await createUser(t.db);
    for (const method of ['POST', 'GET'] as const) {
      const url = `/api/users/reset_password/${target.id}`;
      const staff = await t.app.inject({ method, url, headers: bearer(tokens.funcionario) });
      expect(staff.statusCode, method).toBe(200);
      const alumno = await t.app.inject({ method, url, headers: bearer(tokens.alumno) });
      expect(alumno.statusCode, method).toBe(403);
    }
  });
});

describe('HEAD', () => {
  it('answers HEAD on / and on the pages like GET, without a body', async () => {
    for (const url of ['/', '/pages/users', '/pages/login']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe('');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('Cache-Control', () => {
  it('marks API replies no-store, refusals included', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(tokens.alumno) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/users/all',
      headers: bearer(tokens.funcionario),
      payload: { page: 1, pageSize: 10, filters: {} },
    });
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/API/Users/Profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/users/form_data', () => {
  const formData = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/form_data', headers: bearer(token) })).json<UserFormData>();

  it("gives each caller what its screens need: a student's ficha no audit tables nor subjects", async () => {
    const alumno = await formData(tokens.alumno);
    expect(alumno.paises.length).toBeGreaterThan(0);
    expect(alumno).toMatchObject({ tablasAuditoria: [], tiposAuditoria: [], materias: [], escalafonDocente: [] });

    const profesor = await formData(tokens.profesor);
    expect(profesor.escalafonDocente.length).toBeGreaterThan(0);
    expect(profesor).toMatchObject({ tablasAuditoria: [], tiposAuditoria: [] });

    const staff = await formData(tokens.funcionario);
    expect(staff.tablasAuditoria).toContain('usuarios');
    expect(staff.tiposAuditoria.length).toBeGreaterThan(0);
    expect(staff.escalafonDocente.length).toBeGreaterThan(0);
  });
});
