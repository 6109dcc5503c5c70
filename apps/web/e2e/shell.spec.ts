import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { loginAs, sessionToken, shot, trackApiCalls } from './support.js';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('[MULTIROL] shell: "Ver como:" cambia entre Alumno, Profesor y Funcionario con sus menús', async ({ page }) => {
  await loginAs(page, 'multirol@demo.edu.py');
  const viewAs = page.getByLabel('Ver como:');
  await expect(viewAs).toBeVisible();
  // Student view: the student menu and the report group, no staff groups.
  await expect(menu(page).getByText('Mis exámenes')).toBeVisible();
  await expect(menu(page).getByText('Estado académico')).toBeVisible();
  await expect(menu(page).getByText('Administración')).toHaveCount(0);

  await viewAs.selectOption({ label: 'Profesor' });
  await expect(page).toHaveURL(/\/pages\/profesor-dashboard$/);
  await expect(menu(page).getByText('Mis materias')).toBeVisible();
  await expect(menu(page).getByText('Administración')).toHaveCount(0);
  await expect(menu(page).getByText('Estado académico')).toHaveCount(0);

  await viewAs.selectOption({ label: 'Funcionario' });
  await expect(page).toHaveURL(/\/pages\/one$/);
  await expect(menu(page).getByText('Administración')).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Usuarios' })).toBeVisible();
  await expect(menu(page).getByText('Estado académico')).toBeVisible();
  // The choice is kept across a reload while signed in.
  await page.reload();
  await expect(page.getByLabel('Ver como:')).toHaveValue('2');
});

test('[ALUMNO] shell: un usuario de un solo rol no ve "Ver como:"', async ({ page }) => {
  await loginAs(page, 'alumno@demo.edu.py');
  await expect(menu(page).getByText('Mis materias')).toBeVisible();
  await expect(page.getByLabel('Ver como:')).toHaveCount(0);
});

test('[FUNCIONARIO] shell: "Salir" vuelve a / y el token anterior ya no sirve', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  const token = await sessionToken(page);
  await page.getByRole('button', { name: /^Usuario:/ }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('arandu.user'))).toBeNull();
  // 'Salir' took the session cookie too.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('arandu_session');
  const res = await page.request.get('/api/users/get_login_status', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});

test('[ANÓNIMO] shell: una primera visita a una página protegida va al ingreso sin aviso de sesión expirada', async ({
  page,
}) => {
  await page.goto('/pages/users');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  // No session was there to expire (issue 34 item 22): no error toast on the way.
  await page.waitForTimeout(500);
  await expect(page.getByText(/Su sesión ha expirado/)).toHaveCount(0);
});

test('[PROFESOR] shell: una sesión borrada en el servidor manda a / con el aviso de error', async ({ page }) => {
  const apiCalls = trackApiCalls(page);
  await loginAs(page, 'profesor@demo.edu.py');
  // The dashboard's calls and the landing's session check must be over first, or one of them meets the ended
  // session and goes to / before the navigation this test is about.
  await expect(page.getByRole('heading', { name: 'Tablero' })).toBeVisible();
  await apiCalls.quiet();
  const token = await sessionToken(page);
  // The server ends the session behind the browser's back (as an expiry or a password reset would).
  const out = await page.request.post('/api/users/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(out.status()).toBe(204);
  await menu(page).getByRole('link', { name: 'Mis materias' }).click();
  await expect(page).toHaveURL(/\/$/);
  const toastAlert = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(toastAlert.filter({ hasText: 'Su sesión ha expirado, por favor ingrese nuevamente' })).toBeVisible();
  // One toast, and no screen's own load error on the way out.
  await expect(toastAlert).toHaveCount(1);
});

test('[ADMIN] shell: el tema oscuro sobrevive a la recarga; capturas claro, oscuro y teléfono', async ({ page }) => {
  await loginAs(page, 'admin@demo.edu.py');
  await expect(menu(page).getByText('Administración')).toBeVisible();
  await shot(page, 'shell-light');
  await page.getByLabel('Modo oscuro').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'shell-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // On a phone the sidebar is a drawer behind the menu button.
  await expect(menu(page)).not.toBeInViewport();
  await page.getByRole('button', { name: 'Menú', exact: true }).click();
  await expect(menu(page).getByRole('link', { name: 'Usuarios' })).toBeInViewport();
  await shot(page, 'shell-phone');
});

test.describe('con el dispositivo en modo oscuro', () => {
  test.use({ colorScheme: 'dark' });

  test('[ALUMNO] shell: sin elección guardada sigue al dispositivo; lo elegido en "Modo oscuro" queda', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await loginAs(page, 'alumno@demo.edu.py');
    const toggle = page.getByRole('switch', { name: 'Modo oscuro' });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('switch', { name: 'Modo oscuro' })).not.toBeChecked();
  });
});

test('[ANÓNIMO] shell: una página protegida sin sesión vuelve a /', async ({ page }) => {
  await page.goto('/pages/users');
  await expect(page).toHaveURL(/\/$/);
});
