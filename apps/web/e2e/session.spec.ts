import { expect, test } from './harness/fixtures.js';
import { loginAs, sessionToken } from './support.js';

/**
 * Issue 41 item 6: the browser's session is an HttpOnly cookie. What a script injected in the page reaches
 * (document.cookie, localStorage, sessionStorage) is compared with the token the server set, which only the
 * test reads, from the browser context's cookies.
 */
test('[ALUMNO] sesión: un script de la página no puede leer la sesión, y sin el token CSRF no cambia nada', async ({
  page,
}) => {
  await loginAs(page, 'alumno@demo.edu.py');
  const token = await sessionToken(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'arandu_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

  const reachable = await page.evaluate(() => ({
    cookies: document.cookie,
    stored: [localStorage, sessionStorage].map((storage) =>
      Object.keys(storage)
        .map((key) => `${key}=${storage.getItem(key)}`)
        .join('\n'),
    ),
  }));
  expect(reachable.cookies).not.toContain(token);
  expect(reachable.cookies).not.toContain('arandu_session');
  expect(reachable.stored[0]).toContain('arandu.user');
  for (const stored of reachable.stored) expect(stored).not.toContain(token);

  // The page's own calls still go signed in (the cookie): another screen loads its data.
  await page.goto('/pages/account/my-profile');
  await expect(page.getByRole('region', { name: 'Información personal' })).toContainText('5.678.901');

  // A call that changes something without the CSRF header (what a form on another site would send) is refused.
  const forged = await page.evaluate(async () => {
    const res = await fetch('/api/users/logout', { method: 'POST' });
    return { status: res.status, body: (await res.json()) as { error: string } };
  });
  expect(forged).toEqual({
    status: 403,
    body: {
      error: 'La solicitud no trae la verificación de seguridad de su sesión. Recargue la página e intente de nuevo.',
    },
  });
  const status = await page.request.get('/api/users/get_login_status');
  expect(status.status(), 'the session survived the forged call').toBe(200);
});
