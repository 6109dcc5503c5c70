import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql.js';
import { createUser } from './factories/users.js';
import { injectAs, type TestContext } from './helper.js';
import { oidcWalk, setupAppWithProvider, type TestProvider } from './oidc-test-provider.js';

let t: TestContext;
let idp: TestProvider;
let walk: ReturnType<typeof oidcWalk>;
beforeAll(async () => {
  ({ t, idp } = await setupAppWithProvider());
  walk = oidcWalk(t, idp);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const eventsWhere = (condition: ReturnType<typeof sql>) =>
  rows<{ tipo: string; metodo: string | null; usuarioId: number | null; email: string | null; motivo: string | null }>(
    t.db,
    sql`select tipo, metodo, usuario_id as "usuarioId", email, motivo from eventos_seguridad where ${condition} order by id`,
  );

describe('institutional sign-ins in the security events (issue 41 item 5)', () => {
  it("records the sign-in as 'institucional', which 'Mis sesiones' then names", async () => {
    const user = await createUser(t.db, { email: 'evento.oidc@prueba.edu.py' });
    idp.signInNext({ sub: 'evento-oidc', email: 'evento.oidc@prueba.edu.py', emailVerified: true });
    const token = await walk.session();
    const kinds = await eventsWhere(sql`usuario_id = ${user.id} and tipo = 'ingreso'`);
    expect(kinds).toEqual([
      { tipo: 'ingreso', metodo: 'institucional', usuarioId: user.id, email: null, motivo: null },
    ]);
    const mine = await injectAs(t.app, token, 'GET', '/api/users/sessions/sign_ins');
    expect(mine.json().items).toMatchObject([{ metodo: 'institucional', factor: null }]);
  });

  it('records a provider account nobody in Arandu has, and one whose e-mail the provider did not verify', async () => {
    idp.signInNext({ sub: 'desconocido', email: 'Nadie.Aqui@prueba.edu.py', emailVerified: true });
    expect(await walk.signIn()).toBe('/log_in#oidc_error=notfound');
    idp.signInNext({ sub: 'sin-verificar', email: 'sin.verificar@prueba.edu.py', emailVerified: false });
    expect(await walk.signIn()).toBe('/log_in#oidc_error=unverified');
    expect(await eventsWhere(sql`email in ('Nadie.Aqui@prueba.edu.py', 'sin.verificar@prueba.edu.py')`)).toEqual([
      {
        tipo: 'ingreso_fallido',
        metodo: 'institucional',
        usuarioId: null,
        email: 'Nadie.Aqui@prueba.edu.py',
        motivo: 'ningún usuario con ese correo',
      },
      {
        tipo: 'ingreso_fallido',
        metodo: 'institucional',
        usuarioId: null,
        email: 'sin.verificar@prueba.edu.py',
        motivo: 'el proveedor no confirmó el correo',
      },
    ]);
  });
});
