import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, Role, TipoAuditoria } from '@arandu/shared';
import { auditoria } from '../src/db/schema/index.js';
import { totpCode } from '../src/modules/auth/totp.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, lastMailTo, login, setupTestApp, temporaryPasswordIn, type TestContext } from './helper.js';
import { bodyOf, startSmtpPeer } from './smtp-peer.js';
import { randomBytes } from 'node:crypto';

/**
 * Issue 40 item 1: a temporary password its owner asked for ('¿Olvidaste tu Contraseña?') is shown to nobody,
 * on no screen; one staff set is handed once, in the reply of the call that set it, to whoever may manage
 * the account, and only when no mail server can carry it. Before the fix any Admin read the root's reset in
 * 'Correos', signed in as the root and could reopen a sealed exam.
 */

type Accounts = Record<'root' | 'admin' | 'funcionario', { id: number; email: string; token: string }>;

async function accountsOf(t: TestContext): Promise<Accounts> {
  const make = async (roles: Role[], esAdminRoot = false) => {
    const user = await createUser(t.db, { roles, esAdminRoot });
    return { id: user.id, email: user.email, token: await login(t.app, user.email, TEST_PASSWORD) };
  };
  return {
    root: await make([Role.Admin], true),
    admin: await make([Role.Admin]),
    funcionario: await make([Role.Funcionario]),
  };
}

const get = (t: TestContext, token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function forgotPassword(t: TestContext, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/forgot_password', payload: { email } });
  expect(res.statusCode).toBe(200);
  await t.app.background.drain();
  return res.json<{ message: string }>().message;
}

/** Every way a non-root member of staff might read the root's mails: none answers the password. */
async function expectNoneReveals(t: TestContext, accounts: Accounts, secret: string) {
  for (const who of ['admin', 'funcionario'] as const) {
    const token = accounts[who].token;
    const outbox = await get(t, token, '/api/outbox');
    expect(outbox.statusCode).toBe(who === 'admin' ? 200 : 403);
    expect(outbox.body).not.toContain(secret);
    const searched = await get(t, token, `/api/outbox?search=${encodeURIComponent(accounts.root.email)}`);
    expect(searched.body).not.toContain(secret);
    const mails = await get(t, token, `/api/users/${accounts.root.id}/mails`);
    expect(mails.statusCode).toBe(403);
    expect(mails.body).not.toContain(secret);
    const reset = await get(t, token, `/api/users/reset_password/${accounts.root.id}`);
    expect(reset.statusCode).toBe(403);
    expect(reset.body).not.toMatch(/contrasenaTemporal/);
  }
}

/** The rows of the audit log that record a temporary password shown, for `usuarioId`'s account. */
const shownRows = (t: TestContext, usuarioId: number) =>
  t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.tipo, TipoAuditoria.Shown), eq(auditoria.clavePrimaria, String(usuarioId))));

describe('without SMTP (a demo, or a faculty before its mail server)', () => {
  let t: TestContext;
  let accounts: Accounts;
  beforeAll(async () => {
    t = await setupTestApp();
    accounts = await accountsOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never shows anyone the root's own reset: not in 'Correos', not in the root's mails", async () => {
    const message = await forgotPassword(t, accounts.root.email);
    // The same words for every address (no account revealed), and honest: nothing was sent.
    expect(message).toBe(MSG.resetRequestHeld);
    expect(await forgotPassword(t, 'nadie@prueba.edu.py')).toBe(MSG.resetRequestHeld);
    const secret = temporaryPasswordIn((await lastMailTo(t.db, accounts.root.email))!.cuerpo);
    expect(secret).not.toBe('********');
    await expectNoneReveals(t, accounts, secret);
    // Not even the root reads it on a screen: it is the owner's, for the owner's mailbox.
    const own = await get(t, accounts.root.token, `/api/outbox?search=${encodeURIComponent(accounts.root.email)}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(secret);
    expect(own.json().items[0].cuerpo).toContain('Contraseña temporal: ********');
  });

  it('hands a password staff set to its setter once, audited, and only for an account they may manage', async () => {
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const res = await get(t, accounts.funcionario.token, `/api/users/reset_password/${alumno.id}`);
    expect(res.statusCode).toBe(200);
    const reply = res.json<{ message: string; contrasenaTemporal: string }>();
    expect(reply.message).toBe(MSG.resetPasswordHeld);
    expect(reply.contrasenaTemporal).toBe(temporaryPasswordIn((await lastMailTo(t.db, alumno.email))!.cuerpo));
    const [shown, ...more] = await shownRows(t, alumno.id);
    expect(more).toHaveLength(0);
    expect(shown).toMatchObject({ usuarioId: accounts.funcionario.id, nombreTabla: 'usuarios' });
    expect(JSON.stringify(shown)).not.toContain(reply.contrasenaTemporal);
    // It works, for its owner.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: alumno.email, password: reply.contrasenaTemporal },
    });
    expect(signIn.statusCode).toBe(200);
    // Shown once: no later call shows it again.
    const later = await get(t, accounts.funcionario.token, `/api/users/${alumno.id}`);
    expect(later.body).not.toContain(reply.contrasenaTemporal);
    const mails = await get(t, accounts.admin.token, `/api/users/${alumno.id}/mails`);
    expect(mails.statusCode).toBe(200);
    expect(mails.body).not.toContain(reply.contrasenaTemporal);

    // An Admin's account only the root resets; then the root gets it, and nobody else did.
    const otherAdmin = await createUser(t.db, { roles: [Role.Admin] });
    for (const who of ['admin', 'funcionario'] as const) {
      const refused = await get(t, accounts[who].token, `/api/users/reset_password/${otherAdmin.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toMatch(/contrasenaTemporal/);
    }
    expect(await shownRows(t, otherAdmin.id)).toHaveLength(0);
    const byRoot = await get(t, accounts.root.token, `/api/users/reset_password/${otherAdmin.id}`);
    expect(byRoot.json().contrasenaTemporal).toMatch(/\S{8,}/);
    expect(await shownRows(t, otherAdmin.id)).toHaveLength(1);
  });

  it('hands a new account’s password to whoever created it, once, audited', async () => {
    const [pais] = (await t.db.execute<{ id: number }>(`select id from paises order by id limit 1`)).rows;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(accounts.funcionario.token),
      payload: {
        nombre: 'Lidia',
        apellido: 'Benítez',
        numeroDocumento: '7123456',
        email: 'lidia.benitez@prueba.edu.py',
        nacionalidadPaisId: pais!.id,
        telefonoCelular: '0981 555 666',
        roles: [Role.Profesor],
        categoriasProfesores: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ id: number; contrasenaTemporal: string }>();
    expect(created.contrasenaTemporal).toBe(
      temporaryPasswordIn((await lastMailTo(t.db, 'lidia.benitez@prueba.edu.py'))!.cuerpo),
    );
    expect(await shownRows(t, created.id)).toHaveLength(1);
    const again = await get(t, accounts.funcionario.token, `/api/users/${created.id}`);
    expect(again.body).not.toContain(created.contrasenaTemporal);
  });
});

describe('with SMTP', () => {
  let t: TestContext;
  let accounts: Accounts;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await setupTestApp({ config: { smtpUrl: peer.url, mfaEncryptionKey: randomBytes(32) } });
    accounts = await accountsOf(t);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it("sends the root's reset to the root's mailbox only; nobody on staff reads it", async () => {
    expect(await forgotPassword(t, accounts.root.email)).toBe(MSG.resetRequestSent);
    await vi.waitFor(() => expect(peer.receivedBy(accounts.root.email)).toHaveLength(1), { timeout: 30_000 });
    const secret = temporaryPasswordIn(bodyOf(peer.receivedBy(accounts.root.email)[0]!.raw));
    await expectNoneReveals(t, accounts, secret);
  });

  it('shows staff no password they set: the mail carries it to its owner', async () => {
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const res = await get(t, accounts.admin.token, `/api/users/reset_password/${alumno.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.resetPasswordDone });
    expect(await shownRows(t, alumno.id)).toHaveLength(0);
  });

  it('does not sign in a root who has a second factor with a password alone, a temporary one included', async () => {
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/users/mfa/setup',
      headers: bearer(accounts.root.token),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/users/mfa/enable',
      headers: bearer(accounts.root.token),
      payload: { code: totpCode(secret) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const passwordAlone = async (password: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: accounts.root.email, password },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
      expect(body).not.toHaveProperty('token');
    };
    await passwordAlone(TEST_PASSWORD);
    const before = peer.receivedBy(accounts.root.email).length;
    await forgotPassword(t, accounts.root.email);
    await vi.waitFor(() => expect(peer.receivedBy(accounts.root.email)).toHaveLength(before + 1), {
      timeout: 30_000,
    });
    // Even the owner's own temporary password only reaches the second step.
    await passwordAlone(temporaryPasswordIn(bodyOf(peer.receivedBy(accounts.root.email).at(-1)!.raw)));
  });
});
