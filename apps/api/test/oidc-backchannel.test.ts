import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { MSG_OIDC, Role } from '@arandu/shared';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { injectAs, login, type TestContext } from './helper.js';
import { newBrowser, oidcWalk, setupAppWithProvider, type TestProvider } from './oidc-test-provider.js';

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

const status = async (token: string) => (await injectAs(t.app, token, 'GET', '/api/users/get_login_status')).statusCode;

/** The provider's post, as its server sends it: a form with the logout token. */
const post = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/oidc/backchannel-logout',
    headers: { 'content-type': contentType },
    payload: body,
  });
const postToken = (token: string) => post(new URLSearchParams({ logout_token: token }).toString());

/** The `sid` the provider gave a session (the ID token's), as Arandu keeps it. */
async function sidOf(token: string): Promise<string> {
  const me = (await injectAs(t.app, token, 'GET', '/api/users/get_login_status')).json<{ user: { id: number } }>().user;
  const found = (await t.db.execute(
    `select sid_oidc from sesiones where usuario_id = ${me.id} and sid_oidc is not null order by id desc limit 1`,
  )) as unknown as { rows: { sid_oidc: string }[] };
  return found.rows[0]!.sid_oidc;
}

describe('OpenID Connect Back-Channel Logout (issue 41 item 3)', () => {
  it("ends at once the Arandu session of a provider session the provider ended; the person's other one stays", async () => {
    const user = await createUser(t.db, { email: 'deshabilitado@prueba.edu.py', roles: [Role.Alumno] });
    const account = { sub: 'deshabilitado', email: user.email, emailVerified: true };
    const here = newBrowser();
    idp.signInNext(account);
    const token = await walk.session(here);
    idp.signInNext(account);
    const elsewhere = await walk.session(newBrowser());
    const password = await login(t.app, user.email, TEST_PASSWORD);
    expect(await status(token)).toBe(200);

    // The provider ends the person's session there (its own logout page, confirmed in that browser).
    const replies = idp.backchannelReplies.length;
    await idp.endSession(`${idp.issuer}/session/end`, here.provider);
    expect(idp.backchannelReplies.slice(replies)).toEqual([200]);

    expect(await status(token)).toBe(401);
    // Another browser's provider session (another sid) and a password session are not that session.
    expect(await status(elsewhere)).toBe(200);
    expect(await status(password)).toBe(200);
    const events = (await t.db.execute(
      `select tipo, metodo from eventos_seguridad where usuario_id = ${user.id} and tipo = 'sesion_cerrada_por_proveedor'`,
    )) as unknown as { rows: unknown[] };
    expect(events.rows).toEqual([{ tipo: 'sesion_cerrada_por_proveedor', metodo: 'institucional' }]);
  });

  it('ends every session of the bound user when the token names the account (sub) alone', async () => {
    const user = await createUser(t.db, { email: 'todas@prueba.edu.py', roles: [Role.Alumno] });
    idp.signInNext({ sub: 'todas', email: user.email, emailVerified: true });
    const institutional = await walk.session();
    const password = await login(t.app, user.email, TEST_PASSWORD);
    const res = await postToken(await idp.signLogoutToken({ sub: 'todas' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(institutional)).toBe(401);
    expect(await status(password)).toBe(401);
  });

  it('answers 200 to a valid token naming sessions Arandu does not have', async () => {
    expect((await postToken(await idp.signLogoutToken({ sid: 'desconocida' }))).statusCode).toBe(200);
    expect((await postToken(await idp.signLogoutToken({ sub: 'nadie-vinculado' }))).statusCode).toBe(200);
  });

  it('refuses with 400 a token that fails any check of section 2.6, and ends nothing', async () => {
    const user = await createUser(t.db, { email: 'intacta@prueba.edu.py', roles: [Role.Alumno] });
    idp.signInNext({ sub: 'intacta', email: user.email, emailVerified: true });
    const token = await walk.session();
    const sid = await sidOf(token);
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({
      iss: idp.issuer,
      aud: 'arandu',
      iat: Math.floor(Date.now() / 1000),
      sid,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'prueba' })
      .sign(otherKey);
    const bad = {
      'not a JWT': 'no-es-un-token',
      'another key': foreign,
      'another issuer': await idp.signLogoutToken({ sid, iss: 'http://127.0.0.1:1/otro' }),
      'another audience': await idp.signLogoutToken({ sid, aud: 'otro-cliente' }),
      'no iat': await idp.signLogoutToken({ sid, iat: undefined }),
      'an old iat': await idp.signLogoutToken({ sid, iat: Math.floor(Date.now() / 1000) - 3600 }),
      'no event': await idp.signLogoutToken({ sid, events: undefined }),
      'another event': await idp.signLogoutToken({ sid, events: { 'http://schemas.openid.net/event/otro': {} } }),
      'a nonce (an ID token)': await idp.signLogoutToken({ sid, nonce: 'n-0S6_WzA2Mj' }),
      'neither sid nor sub': await idp.signLogoutToken({}),
    };
    for (const [why, logoutToken] of Object.entries(bad)) {
      const res = await postToken(logoutToken);
      expect(res.statusCode, why).toBe(400);
      expect(res.json(), why).toEqual({ error: MSG_OIDC.logoutTokenInvalid });
    }
    const missing = await post('otro_campo=1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: expect.any(String) });
    expect(await status(token)).toBe(200);
    // The same token, right: the session ends.
    expect((await postToken(await idp.signLogoutToken({ sid }))).statusCode).toBe(200);
    expect(await status(token)).toBe(401);
  });

  it('reads a form only here: other calls still refuse a form post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.py&password=x',
    });
    expect(res.statusCode).toBe(415);
  });
});
