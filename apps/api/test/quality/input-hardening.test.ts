import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG_QUALITY, Role } from '@arandu/shared';
import { createUser, TEST_PASSWORD } from '../factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from '../helper.js';
import { letsThrough, textLeaves } from './schema-walk.js';

/** Issue 9 item 11: input that used to reach PostgreSQL or Fastify's defaults and come back as 500 or English. */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.db, { roles: [Role.Admin] });
  admin = await login(t.app, user.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]!.n;

describe('the null byte', () => {
  it('is refused by every text field of every route input schema (body, query, params)', () => {
    const through: string[] = [];
    let leaves = 0;
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    for (const route of routes) {
      for (const [part, schema] of Object.entries(route.schema)) {
        if (!schema) continue;
        for (const leaf of textLeaves(schema as z.ZodType)) {
          leaves += 1;
          const tainted = letsThrough(leaf.schema, '\u0000');
          if (tainted) through.push(`${route.method} ${route.url} ${part}.${leaf.path} accepts ${tainted}`);
        }
      }
    }
    console.log(
      `[null byte] ${leaves} input fields walked on ${routes.length} routes, ${through.length} let it through`,
    );
    expect(through, 'use zText() from @arandu/shared instead of z.string() in input schemas').toEqual([]);
  });

  it('answers 400 in Spanish in a search and in a save, and saves nothing', async () => {
    const search = await injectAs(t.app, admin, 'POST', '/api/users/all', { filters: { search: 'ana\u0000' } });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({
      error: MSG_QUALITY.textNullByte,
      errors: { 'filters.search': MSG_QUALITY.textNullByte },
    });

    const before = await count('carreras');
    const save = await injectAs(t.app, admin, 'POST', '/api/carreras', {
      nombre: 'Ingeniería\u0000Civil',
      codigo: 'IC',
    });
    expect(save.statusCode).toBe(400);
    expect(save.json().errors).toMatchObject({ nombre: MSG_QUALITY.textNullByte });
    expect(await count('carreras')).toBe(before);
  });

  it('in a query string as well', async () => {
    const res = await injectAs(t.app, admin, 'GET', '/api/students/select_values?search=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG_QUALITY.textNullByte);
  });
});

describe('bidi control characters (security issue 28)', () => {
  it('are refused by every text field of every route input schema', () => {
    const through: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api'))) {
      for (const [part, schema] of Object.entries(route.schema)) {
        if (!schema) continue;
        for (const leaf of textLeaves(schema as z.ZodType)) {
          // Passwords are never shown: a bidi control in one disguises nothing, and one set earlier must log in.
          if (/password/i.test(leaf.path)) continue;
          for (const char of ['\u202e', '\u2066']) {
            const tainted = letsThrough(leaf.schema, char);
            if (tainted) through.push(`${route.method} ${route.url} ${part}.${leaf.path} accepts ${tainted}`);
          }
        }
      }
    }
    expect(through, 'use zText() from @arandu/shared instead of z.string() in input schemas').toEqual([]);
  });

  it("answer 400 in Spanish to a staff member's subject code and name, and save nothing", async () => {
    const before = await count('materias');
    // 'INF101' shown as 'INF101' while it holds '101FNI' reversed behind an override.
    const save = await injectAs(t.app, admin, 'POST', '/api/materias', {
      codigo: 'INF\u202e101',
      nombre: 'Bases de Datos \u2067I\u2069',
    });
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({
      error: MSG_QUALITY.textBidiControl,
      errors: { codigo: MSG_QUALITY.textBidiControl, nombre: MSG_QUALITY.textBidiControl },
    });
    expect(await count('materias')).toBe(before);
  });
});

describe('a URL that does not decode', () => {
  it.each(['/api/users/%c0%ae', '/api/carreras/%E0%A4%A', '/%ff'])(
    '%s answers 400 in the app shape, in Spanish',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG_QUALITY.badUrl });
      expect(res.body).not.toContain('%c0');
    },
  );
});

describe('list bodies', () => {
  it('refuse an unknown top-level key (a misspelt `filter` is not an unfiltered list)', async () => {
    const res = await injectAs(t.app, admin, 'POST', '/api/users/all', { page: 1, filter: { search: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/filter/);
    const ok = await injectAs(t.app, admin, 'POST', '/api/users/all', { page: 1, pageSize: 5, filters: {} });
    expect(ok.statusCode).toBe(200);
  });
});
