import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@arandu/shared';
import { formatOutbox } from '../src/cli/outbox.js';
import { listOutbox } from '../src/modules/outbox/outbox.repository.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, lastMailTo, login, setupTestApp, temporaryPasswordIn, type TestContext } from './helper.js';

// Everything the API logs, at every level, without an SMTP server (where mail used to be logged whole).
let logged = '';
const stream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logged += chunk.toString('utf8');
    callback();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ logger: { level: 'trace', stream } });
});
afterAll(async () => {
  await t?.close();
});

describe('passwords never reach the log (DOMAIN.md section 1)', () => {
  it('logs that a reset mail was queued, never the temporary password nor the one typed', async () => {
    const admin = await createUser(t.db, { roles: [Role.Admin] });
    const token = await login(t.app, admin.email, TEST_PASSWORD);
    const byStaff = await createUser(t.db);
    const byForm = await createUser(t.db);

    const reset = await t.app.inject({
      method: 'GET',
      url: `/api/users/reset_password/${byStaff.id}`,
      headers: bearer(token),
    });
    expect(reset.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot_password', payload: { email: byForm.email } });
    await t.app.background.drain();

    const temporaries = [byStaff, byForm].map(async (u) =>
      temporaryPasswordIn((await lastMailTo(t.db, u.email))!.cuerpo),
    );
    for (const temporary of await Promise.all(temporaries)) expect(logged).not.toContain(temporary);
    expect(logged).not.toContain(TEST_PASSWORD);
    expect(logged).toContain('mail queued');
  });
});

describe('npm run outbox', () => {
  it('shows the kept mail with its temporary password masked, as on every screen (issue 40)', async () => {
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot_password', payload: { email: user.email } });
    await t.app.background.drain();
    const mails = await listOutbox(t.db, { email: user.email.toUpperCase(), limit: 5 });
    expect(mails).toHaveLength(1);
    const printed = formatOutbox(mails);
    expect(printed).toContain(`Para: ${user.email}`);
    expect(printed).toContain('[retenido]');
    expect(printed).toContain('Contraseña temporal: ********');
    expect(printed).not.toContain(temporaryPasswordIn(mails[0]!.cuerpo));
  });
});
