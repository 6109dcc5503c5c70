import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, MSG_IDENTITY, Role } from '@arandu/shared';
import { eventosSeguridad } from '../src/db/schema/index.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function loginFrom(email: string, ip: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

type Listed = { id: number; address: string | null; userAgent: string | null; current: boolean; createdAt: string };

describe('Mis sesiones: /api/users/sessions', () => {
  it('lists the open sessions with address and browser, the current one marked', async () => {
    const user = await createUser(t.db);
    const first = await loginFrom(user.email, '10.40.0.1', FIREFOX);
    const second = await loginFrom(user.email, '10.40.0.2', 'curl/8.0');
    const res = await injectAs(t.app, second, 'GET', '/api/users/sessions');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Listed[] }>().items;
    expect(items).toHaveLength(2);
    expect(items.find((s) => s.current)).toMatchObject({ address: '10.40.0.2', userAgent: 'curl/8.0' });
    expect(items.find((s) => !s.current)).toMatchObject({ address: '10.40.0.1', userAgent: FIREFOX });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    // The same list from the other session marks that one.
    const fromFirst = (await injectAs(t.app, first, 'GET', '/api/users/sessions')).json<{ items: Listed[] }>();
    expect(fromFirst.items.find((s) => s.current)!.address).toBe('10.40.0.1');
  });

  it('ends another session; the current one, an unknown one and someone else’s answer as such', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const a = await loginFrom(user.email, '10.40.1.1', FIREFOX);
    const b = await loginFrom(user.email, '10.40.1.2', FIREFOX);
    const stranger = await loginFrom(other.email, '10.40.1.3', FIREFOX);
    const mine = (await injectAs(t.app, a, 'GET', '/api/users/sessions')).json<{ items: Listed[] }>().items;
    const current = mine.find((s) => s.current)!;
    const theirs = (await injectAs(t.app, stranger, 'GET', '/api/users/sessions')).json<{ items: Listed[] }>()
      .items[0]!;

    const foreign = await injectAs(t.app, a, 'DELETE', `/api/users/sessions/${theirs.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: MSG_IDENTITY.sessionNotFound });
    expect((await injectAs(t.app, stranger, 'GET', '/api/users/profile')).statusCode).toBe(200);

    const self = await injectAs(t.app, a, 'DELETE', `/api/users/sessions/${current.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: MSG_IDENTITY.sessionIsCurrent });

    const otherOfMine = mine.find((s) => !s.current)!;
    expect((await injectAs(t.app, a, 'DELETE', `/api/users/sessions/${otherOfMine.id}`)).statusCode).toBe(204);
    expect((await injectAs(t.app, b, 'GET', '/api/users/profile')).statusCode).toBe(401);
    expect((await injectAs(t.app, a, 'DELETE', `/api/users/sessions/${otherOfMine.id}`)).statusCode).toBe(404);
    expect((await injectAs(t.app, a, 'DELETE', '/api/users/sessions/abc')).statusCode).toBe(400);
  });

  it('ends all but the current one (not shadowed by DELETE /api/users/:id)', async () => {
    const user = await createUser(t.db);
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(await loginFrom(user.email, `10.40.2.${i}`, FIREFOX));
    const res = await injectAs(t.app, tokens[0]!, 'DELETE', '/api/users/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await injectAs(t.app, tokens[0]!, 'GET', '/api/users/profile')).statusCode).toBe(200);
    expect((await injectAs(t.app, tokens[2]!, 'GET', '/api/users/profile')).statusCode).toBe(401);
  });
});

describe("staff and a user's sessions: /api/users/{id}/sessions", () => {
  it('lists and ends them, recorded in the audit log; a Funcionario cannot touch an Admin', async () => {
    const target = await createUser(t.db, { roles: [Role.Profesor] });
    const admin = await createUser(t.db, { roles: [Role.Admin] });
    const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
    const targetToken = await loginFrom(target.email, '10.40.3.1', FIREFOX);
    const adminToken = await login(t.app, admin.email, TEST_PASSWORD);
    const listed = await injectAs(t.app, adminToken, 'GET', `/api/users/${target.id}/sessions`);
    expect(listed.json().items).toMatchObject([{ address: '10.40.3.1', current: false }]);
    const sessionId = listed.json<{ items: Listed[] }>().items[0]!.id;
    const ended = await injectAs(t.app, adminToken, 'DELETE', `/api/users/${target.id}/sessions/${sessionId}`);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await injectAs(t.app, targetToken, 'GET', '/api/users/profile')).statusCode).toBe(401);
    const events = await t.db
      .select()
      .from(eventosSeguridad)
      .where(and(eq(eventosSeguridad.usuarioId, target.id), eq(eventosSeguridad.tipo, 'sesiones_cerradas')));
    expect(events).toMatchObject([{ actorId: admin.id, direccion: '127.0.0.1' }]);

    const funcToken = await login(t.app, funcionario.email, TEST_PASSWORD);
    const onAdmin = await injectAs(t.app, funcToken, 'DELETE', `/api/users/${admin.id}/sessions`);
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json()).toEqual({ error: MSG.adminEditOnlyByRoot });
    expect((await injectAs(t.app, adminToken, 'GET', '/api/users/profile')).statusCode).toBe(200);
    const missing = await injectAs(t.app, funcToken, 'GET', '/api/users/2147483000/sessions');
    expect(missing.statusCode).toBe(404);
  });
});
