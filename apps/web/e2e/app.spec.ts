import { expect, test } from './harness/fixtures.js';
import { shot } from './support.js';

test('[ANÓNIMO] app: la página de ingreso se abre en Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Bienvenido a')).toBeVisible();
  await expect(page.getByText('Facultad de Ingeniería')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await shot(page, 'login');
});

test('[ANÓNIMO] app: /api/docs lista las rutas de la API', async ({ request }) => {
  const res = await request.get('/api/docs/json');
  expect(res.ok()).toBe(true);
  const doc = await res.json();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/users/login']));
});
