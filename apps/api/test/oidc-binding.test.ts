import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_OIDC, Role } from '@arandu/shared';
import { totpCode } from '../src/modules/auth/totp.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, type TestContext } from './helper.js';
import { oidcWalk, setupAppWithProvider, type TestProvider } from './oidc-test-provider.js';

let t: TestContext;
let idp: TestProvider;
let walk: ReturnType<typeof oidcWalk>;
let staff: string;
let staffId: number;
let admin: string;
beforeAll(async () => {
  ({ t, idp } = await setupAppWithProvider({ config: { mfaEncryptionKey: randomBytes(32) } }));
  walk = oidcWalk(t, idp);
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  staff = await login(t.app, funcionario.email, TEST_PASSWORD);
  staffId = funcionario.id;
  const administrador = await createUser(t.db, { roles: [Role.Admin] });
  admin = await login(t.app, administrador.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function query<T>(text: string): Promise<T[]> {
  return ((await t.db.execute(text)) as unknown as { rows: T[] }).rows;
}

const binding = (id: number) =>
  query<{ emisor: string; sujeto: string }>(`select emisor, sujeto from identidades_oidc where usuario_id = ${id}`);
const events = (id: number) =>
  query<{ tipo: string; actor_id: number | null; motivo: string | null }>(
    `select tipo, actor_id, motivo from eventos_seguridad where usuario_id = ${id} and tipo like 'cuenta_institucional%' order by id`,
  );
const account = (id: number, token = staff) => injectAs(t.app, token, 'GET', `/api/users/${id}/institutional-account`);
const unbind = (id: number, token = staff) =>
  injectAs(t.app, token, 'DELETE', `/api/users/${id}/institutional-account`);

describe("a user bound to the provider's iss + sub (issue 41 item 2)", () => {
  it('binds at the first institutional sign-in (matched by the verified e-mail), audited, then finds the user by sub alone', async () => {
    const user = await createUser(t.db, { email: 'vinculo@prueba.edu.py', roles: [Role.Profesor] });
    idp.signInNext({ sub: 'vinculo-1', email: 'Vinculo@prueba.edu.py', emailVerified: true });
    await walk.session();
    expect(await binding(user.id)).toEqual([{ emisor: idp.issuer, sujeto: 'vinculo-1' }]);
    // The audit log has the binding, authored by the user; the security events say how it was made.
    const audit = await query<{ usuario_id: number; tipo: string }>(
      `select usuario_id, tipo from auditoria where nombre_tabla = 'identidades_oidc' and clave_primaria = '${user.id}'`,
    );
    expect(audit).toEqual([{ usuario_id: user.id, tipo: 'INSERT' }]);
    expect(await events(user.id)).toEqual([
      { tipo: 'cuenta_institucional_vinculada', actor_id: null, motivo: `sujeto vinculo-1 de ${idp.issuer}` },
    ]);

    // The same provider account with another e-mail, even an unverified one, is still this user.
    idp.signInNext({ sub: 'vinculo-1', email: 'cambiado@otro.edu.py', emailVerified: false });
    const token = await walk.session();
    const me = await injectAs(t.app, token, 'GET', '/api/users/get_login_status');
    expect(me.json().user).toMatchObject({ id: user.id });
  });

  it("refuses another provider account that shows a bound user's e-mail, and records it", async () => {
    const user = await createUser(t.db, { email: 'profesora@prueba.edu.py', roles: [Role.Profesor] });
    idp.signInNext({ sub: 'profesora', email: user.email, emailVerified: true });
    await walk.session();
    // A second account whose verified e-mail was edited to the professor's (OpenID Connect Core 5.7).
    idp.signInNext({ sub: 'impostor', email: 'PROFESORA@prueba.edu.py', emailVerified: true });
    expect(await walk.signIn()).toBe('/log_in#oidc_error=otheraccount');
    expect(await binding(user.id)).toEqual([{ emisor: idp.issuer, sujeto: 'profesora' }]);
    expect((await events(user.id)).map((e) => e.tipo)).toEqual([
      'cuenta_institucional_vinculada',
      'cuenta_institucional_rechazada',
    ]);
    expect((await events(user.id))[1]!.motivo).toContain('sujeto impostor');
  });

  it('binds only when the session opens: after the second factor the provider did not do', async () => {
    const user = await createUser(t.db, { email: 'con.codigo@prueba.edu.py', roles: [Role.Funcionario] });
    const token = await login(t.app, user.email, TEST_PASSWORD);
    const { secret } = (await injectAs(t.app, token, 'POST', '/api/users/mfa/setup')).json<{ secret: string }>();
    await injectAs(t.app, token, 'POST', '/api/users/mfa/enable', { code: totpCode(secret) });
    idp.signInNext({ sub: 'con-codigo', email: user.email, emailVerified: true });
    const ticket = (await walk.signIn()).split('=')[1]!;
    expect((await walk.redeem(ticket)).json()).toMatchObject({ mfaRequired: true });
    // Whoever holds this provider account has not proved the second factor: nothing is bound yet.
    expect(await binding(user.id)).toEqual([]);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/mfa',
      payload: { mfaToken: ticket, code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await binding(user.id)).toEqual([{ emisor: idp.issuer, sujeto: 'con-codigo' }]);
  });

  it("shows staff the binding on the user's record and lets them remove it (audited); the next sign-in binds again", async () => {
    const user = await createUser(t.db, { email: 'quitar@prueba.edu.py', roles: [Role.Alumno] });
    expect((await account(user.id)).json()).toEqual({ cuenta: null });
    idp.signInNext({ sub: 'quitar-viejo', email: user.email, emailVerified: true });
    await walk.session();
    const shown = await account(user.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      cuenta: { emisor: idp.issuer, sujeto: 'quitar-viejo', vinculadaEn: expect.any(String) },
    });

    // The person got a new institutional account: refused until staff remove the old binding.
    idp.signInNext({ sub: 'quitar-nuevo', email: user.email, emailVerified: true });
    expect(await walk.signIn()).toBe('/log_in#oidc_error=otheraccount');
    expect((await unbind(user.id)).statusCode).toBe(204);
    expect((await account(user.id)).json()).toEqual({ cuenta: null });
    const again = await unbind(user.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MSG_OIDC.identityNone });
    const audit = await query<{ tipo: string; usuario_id: number }>(
      `select tipo, usuario_id from auditoria where nombre_tabla = 'identidades_oidc' and clave_primaria = '${user.id}' order by id`,
    );
    expect(audit).toEqual([
      { tipo: 'INSERT', usuario_id: user.id },
      { tipo: 'DELETE', usuario_id: staffId },
    ]);
    expect((await events(user.id)).at(-1)).toMatchObject({ tipo: 'cuenta_institucional_quitada', actor_id: staffId });

    idp.signInNext({ sub: 'quitar-nuevo', email: user.email, emailVerified: true });
    await walk.session();
    expect(await binding(user.id)).toEqual([{ emisor: idp.issuer, sujeto: 'quitar-nuevo' }]);
  });

  it("keeps an Admin's binding the root administrator's to manage, and a student away from the calls", async () => {
    const other = await createUser(t.db, { roles: [Role.Admin] });
    expect((await account(other.id)).statusCode).toBe(403);
    expect((await unbind(other.id)).statusCode).toBe(403);
    expect((await account(2_000_000)).json()).toEqual({ error: MSG.userNotFound });
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const alumnoToken = await login(t.app, alumno.email, TEST_PASSWORD);
    expect((await account(other.id, alumnoToken)).statusCode).toBe(403);
    expect((await account(alumno.id, admin)).statusCode).toBe(200);
  });
});

describe("'Sólo ingreso institucional' (issue 41 item 3)", () => {
  async function setRule(rule: { personal: boolean; profesores: boolean; alumnos: boolean }) {
    const { tieneLogo: _logo, ...figures } = (await injectAs(t.app, admin, 'GET', '/api/configuracion')).json<
      Record<string, unknown>
    >();
    const res = await injectAs(t.app, admin, 'PUT', '/api/configuracion', {
      ...figures,
      soloIngresoInstitucional: rule,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ soloIngresoInstitucional: rule });
  }
  const passwordLogin = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  it('refuses the password of a bound account of a covered role, and only after a right password', async () => {
    const bound = await createUser(t.db, { email: 'alumno.vinculado@prueba.edu.py', roles: [Role.Alumno] });
    const unbound = await createUser(t.db, { email: 'alumno.libre@prueba.edu.py', roles: [Role.Alumno] });
    const teacher = await createUser(t.db, { email: 'profesor.vinculado@prueba.edu.py', roles: [Role.Profesor] });
    for (const [sub, email] of [
      ['alumno-vinculado', bound.email],
      ['profesor-vinculado', teacher.email],
    ] as const) {
      idp.signInNext({ sub, email, emailVerified: true });
      await walk.session();
    }
    await setRule({ personal: false, profesores: false, alumnos: true });
    try {
      const refused = await passwordLogin(bound.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: MSG_OIDC.institutionalOnly });
      // A wrong password hears what anyone hears: the rule tells nothing to who does not know the password.
      expect((await passwordLogin(bound.email, 'otra-clave-cualquiera')).json()).toEqual({ error: MSG.loginFailed });
      // Not bound, or not of a covered role: the password still opens a session.
      expect((await passwordLogin(unbound.email)).statusCode).toBe(200);
      expect((await passwordLogin(teacher.email)).statusCode).toBe(200);
      // The institutional sign-in itself is what the rule leaves.
      idp.signInNext({ sub: 'alumno-vinculado', email: bound.email, emailVerified: true });
      await walk.session();

      await setRule({ personal: false, profesores: true, alumnos: true });
      expect((await passwordLogin(teacher.email)).json()).toEqual({ error: MSG_OIDC.institutionalOnly });
    } finally {
      await setRule({ personal: false, profesores: false, alumnos: false });
    }
    expect((await passwordLogin(bound.email)).statusCode).toBe(200);
  });

  it('never covers the root administrator, the way in when the provider is down', async () => {
    const root = await createUser(t.db, { email: 'raiz@prueba.edu.py', roles: [Role.Admin], esAdminRoot: true });
    idp.signInNext({ sub: 'raiz', email: root.email, emailVerified: true });
    await walk.session();
    await setRule({ personal: true, profesores: true, alumnos: true });
    try {
      expect((await passwordLogin(root.email)).statusCode).toBe(200);
    } finally {
      await setRule({ personal: false, profesores: false, alumnos: false });
    }
  });
});
