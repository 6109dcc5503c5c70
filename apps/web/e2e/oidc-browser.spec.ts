import { expect, test } from './harness/fixtures.js';
import { shot } from './support.js';

test.describe('Ingreso institucional atado al navegador (issue 41)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('[ALUMNO] ingreso institucional: the way back from the provider, opened in another browser, signs nobody in', async ({
    page,
    browser,
  }) => {
    // Browser A goes to the provider. Its way back to Arandu (the provider's last redirect) is caught before
    // Arandu sees it: the consent's post and the redirects after it are followed here, not by the browser.
    await page.goto('/');
    await page.getByRole('link', { name: 'Ingresar con cuenta institucional' }).click();
    await page.locator('input[name=login]').fill('alumno@demo.edu.py');
    await page.locator('input[name=password]').fill('cualquiera');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    let back: string | undefined;
    await page.route('**/interaction/*', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      let res = await route.fetch({ maxRedirects: 0 });
      let location = res.headers()['location'];
      for (let hop = 0; location && !location.includes('/api/auth/oidc/callback') && hop < 5; hop++) {
        res = await page.context().request.get(new URL(location, route.request().url()).href, { maxRedirects: 0 });
        location = res.headers()['location'];
      }
      back = location;
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'capturado' });
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => back).toMatch(/\/api\/auth\/oidc\/callback\?/);

    // Browser B (someone sent the address, or a page of another site opened it): refused.
    const other = await browser.newContext();
    const b = await other.newPage();
    await b.goto(back!);
    await expect(b).toHaveURL(/\/log_in$/);
    await expect(b.getByRole('alert')).toHaveText('El ingreso se inició en otro navegador: vuelva a intentarlo');
    await expect(b.getByRole('button', { name: /^Usuario:/ })).toHaveCount(0);
    await shot(b, 'security-institutional-other-browser');
    await other.close();

    // Browser A itself still comes in with it: nothing of A's was used up.
    await page.unroute('**/interaction/*');
    await page.goto(back!);
    await expect(page).toHaveURL(/\/pages\/student-dashboard$/);
  });
});
