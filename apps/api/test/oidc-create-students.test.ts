import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROL_MSG } from '@arandu/shared';
import { createUser } from './factories/users.js';
import { injectAs, type TestContext } from './helper.js';
import {
  newBrowser,
  oidcWalk,
  setupAppWithProvider,
  type TestAccount,
  type TestProvider,
} from './oidc-test-provider.js';
import { serverUrl } from './test-database.js';

let t: TestContext;
let idp: TestProvider;
let walk: ReturnType<typeof oidcWalk>;
beforeAll(async () => {
  ({ t, idp } = await setupAppWithProvider({ oidc: { createStudents: true } }));
  walk = oidcWalk(t, idp);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** The whole institutional sign-in of `account`, up to where the callback sends the browser. */
async function signIn(account: TestAccount): Promise<string> {
  idp.signInNext(account);
  return walk.signIn();
}

async function usersWith(email: string) {
  const found = await t.db.execute(
    `select id, nombre, apellido, numero_documento, es_alumno, es_profesor, es_funcionario, es_admin, first_login
       from usuarios where lower(email) = lower('${email}')`,
  );
  return (found as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('OIDC_CREATE_USERS=alumno', () => {
  it("creates a student from the provider's claims on first sign-in, and signs the same user in afterwards", async () => {
    const account = {
      sub: 'nuevo',
      email: 'Nuevo.Ingreso@prueba.edu.py',
      emailVerified: true,
      givenName: '  María José ',
      familyName: 'Ortiz   Benítez',
      documento: '4.567.890',
    };
    const landing = await signIn(account);
    expect(landing).toMatch(/^\/log_in#oidc=/);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/oidc',
      payload: { ticket: landing.split('=')[1] },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      fullName: 'María José Ortiz Benítez',
      esAlumno: true,
      esProfesor: false,
      esFuncionario: false,
      esAdmin: false,
      firstLogin: false,
    });
    const [user] = await usersWith(account.email);
    expect(user).toMatchObject({ numero_documento: '4567890', es_alumno: true });
    // The student record (malla, legajo) is the secretaría's: none yet, and the student is told so.
    const record = await injectAs(t.app, session.json().token, 'GET', '/api/studentsubjects/my-student');
    expect(record.statusCode).toBe(404);
    expect(record.json()).toEqual({ error: ENROL_MSG.notAStudent });
    // The audit log names the new user as the author of their own row.
    const audit = await t.db.execute(
      `select usuario_id from auditoria where nombre_tabla = 'usuarios' and tipo = 'INSERT'
          and clave_primaria = '${String(user!.id)}'`,
    );
    expect((audit as unknown as { rows: { usuario_id: number }[] }).rows).toEqual([{ usuario_id: user!.id }]);

    // The next sign-in finds the user by the provider's account, bound when the session opened: still one.
    expect(await signIn(account)).toMatch(/^\/log_in#oidc=/);
    expect(await usersWith(account.email)).toHaveLength(1);
  });

  it('creates nobody when the provider does not give a name and a valid document number', async () => {
    const base = { emailVerified: true, givenName: 'Sin', familyName: 'Documento' };
    expect(await signIn({ ...base, sub: 'sd1', email: 'sin.documento@prueba.edu.py' })).toBe(
      '/log_in#oidc_error=incomplete',
    );
    expect(await signIn({ ...base, sub: 'sd2', email: 'doc.corto@prueba.edu.py', documento: '12345' })).toBe(
      '/log_in#oidc_error=incomplete',
    );
    expect(
      await signIn({
        sub: 'sd3',
        email: 'sin.apellido@prueba.edu.py',
        emailVerified: true,
        givenName: 'A',
        documento: '7654321',
      }),
    ).toBe('/log_in#oidc_error=incomplete');
    expect(await usersWith('sin.documento@prueba.edu.py')).toEqual([]);
    expect(await usersWith('doc.corto@prueba.edu.py')).toEqual([]);
    expect(await usersWith('sin.apellido@prueba.edu.py')).toEqual([]);
  });

  it('does not make a second user of a person Arandu knows under another e-mail', async () => {
    await createUser(t.db, { email: 'personal@correo.com.py', numeroDocumento: '3333444' });
    const landing = await signIn({
      sub: 'dup',
      email: 'institucional@prueba.edu.py',
      emailVerified: true,
      givenName: 'Ya',
      familyName: 'Existe',
      documento: '3333444',
    });
    expect(landing).toBe('/log_in#oidc_error=document');
    expect(await usersWith('institucional@prueba.edu.py')).toEqual([]);
  });

  it('still refuses an unverified e-mail', async () => {
    const landing = await signIn({
      sub: 'nv',
      email: 'no.verificado@prueba.edu.py',
      emailVerified: false,
      givenName: 'No',
      familyName: 'Verificado',
      documento: '5556667',
    });
    expect(landing).toBe('/log_in#oidc_error=unverified');
    expect(await usersWith('no.verificado@prueba.edu.py')).toEqual([]);
  });
});

describe.skipIf(!serverUrl())('OIDC_CREATE_USERS=alumno under real concurrency (PostgreSQL)', () => {
  it("creates one user for one person's two first sign-ins at once", async () => {
    const account = {
      sub: 'doble',
      email: 'doble.pestana@prueba.edu.py',
      emailVerified: true,
      givenName: 'Doble',
      familyName: 'Pestaña',
      documento: '8889990',
    };
    // Both flows reach the provider first; the two callbacks then race.
    const backs = [];
    for (let i = 0; i < 4; i++) {
      idp.signInNext(account);
      const browser = newBrowser();
      backs.push({ browser, back: await walk.throughProvider(browser) });
    }
    const landings = await Promise.all(backs.map(({ back, browser }) => walk.callback(back, browser)));
    for (const landing of landings) expect(landing).toMatch(/^\/log_in#oidc=/);
    expect(await usersWith(account.email)).toHaveLength(1);
  });
});
