import { expect, test } from './harness/fixtures.js';
import { DEMO_PASSWORD, loginAs, shot, signInThroughForm } from './support.js';

test.describe('ingreso', () => {
  const landings: [string, RegExp][] = [
    ['admin@demo.edu.py', /\/pages\/one$/],
    ['funcionario@demo.edu.py', /\/pages\/one$/],
    ['profesor@demo.edu.py', /\/pages\/profesor-dashboard$/],
    ['alumno@demo.edu.py', /\/pages\/student-dashboard$/],
    ['multirol@demo.edu.py', /\/pages\/student-dashboard$/],
    ['nuevo@demo.edu.py', /\/first_log_in$/],
  ];
  for (const [email, landing] of landings) {
    test(`[${email.split('@')[0]!.toUpperCase()}] ingreso: llega a donde dice la sección 4`, async ({ page }) => {
      await signInThroughForm(page, email);
      await expect(page).toHaveURL(landing);
    });
  }

  test('[ANÓNIMO] ingreso: contraseña incorrecta muestra la advertencia y deja reintentar', async ({ page }) => {
    await page.goto('/log_in');
    await page.getByLabel('Correo electrónico').fill('alumno@demo.edu.py');
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'Usuario y/o contraseña incorrecto' })
      .filter({ hasText: 'Advertencia' });
    await expect(toast).toBeVisible();
    // Said in the form as well, by the fields, with the focus back on the e-mail (issue 34 item 9).
    await expect(page.locator('form').getByRole('alert')).toHaveText('Usuario y/o contraseña incorrecto');
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Correo electrónico')).toBeFocused();
    await expect(page).toHaveURL(/\/log_in$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
    await shot(page, 'login-wrong-password');
  });

  test('[ANÓNIMO] ingreso: valida los campos antes de llamar al servidor', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Debe ingresar el correo electrónico.')).toBeVisible();
    await expect(page.getByText('Debe ingresar la contraseña')).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('El correo electronico no es valido.')).toBeVisible();
  });

  test('[NUEVO] primer ingreso: establece su contraseña y luego ingresa con ella', async ({ page }) => {
    await loginAs(page, 'nuevo@demo.edu.py');
    await expect(page).toHaveURL(/\/first_log_in$/);
    await expect(page.getByRole('heading', { name: 'Establecer nueva contraseña' })).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue('nuevo@demo.edu.py');
    await shot(page, 'first-login');

    // The rules of the form, in its words.
    await page.getByLabel('Contraseña actual').fill(DEMO_PASSWORD);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirmar nueva contraseña').fill('otra-distinta');
    await page.getByRole('button', { name: 'Establecer nueva contraseña' }).click();
    await expect(page.getByText('La nueva contraseña no puede ser igual a la contraseña actual')).toBeVisible();
    await expect(
      page.getByText('La confirmación de la nueva contraseña no es igual a la nueva contraseña'),
    ).toBeVisible();

    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Guarani-2026');
    await page.getByLabel('Confirmar nueva contraseña').fill('Guarani-2026');
    await page.getByRole('button', { name: 'Establecer nueva contraseña' }).click();
    await expect(page.getByText('Nueva contraseña establecida con éxito')).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/student-dashboard$/);

    await page.getByRole('button', { name: /^Usuario:/ }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/$/);
    await loginAs(page, 'nuevo@demo.edu.py', 'Guarani-2026');
    await expect(page).toHaveURL(/\/pages\/student-dashboard$/);
  });
});
