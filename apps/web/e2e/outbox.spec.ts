import { expect, test } from '@playwright/test';
import { fillNewUser, loginAs, shot, toast } from './support.js';

/** 'Correos' (issue 34 item 24): a demo without SMTP hands a new user their temporary password in the browser. */

test('[ADMIN] correos: crea un usuario, lee su contraseña temporal en Correos y el usuario ingresa con ella', async ({
  page,
}) => {
  const stamp = Date.now().toString().slice(-7);
  const email = `rosa.gimenez.${stamp}@demo.edu.py`;
  await loginAs(page, 'admin@demo.edu.py');
  await page.goto('/pages/users/new');
  await fillNewUser(page, {
    nombre: 'Rosa',
    apellido: 'Giménez Acosta',
    documento: `6${stamp}`,
    email,
    celular: '0981 321 654',
  });
  await page.getByRole('textbox', { name: 'Fecha de nacimiento', exact: true }).fill('03/05/1990');
  await page.getByRole('checkbox', { name: 'Funcionario' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Usuario guardado exitosamente')).toBeVisible();

  // 'Correos' is in the administrator's sidebar; the newest mail is the welcome one, kept (no SMTP in the demo).
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Correos' }).click();
  await expect(page).toHaveURL(/\/pages\/correos$/);
  await expect(page.getByRole('heading', { name: 'Correos', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Retenido')).toBeVisible();
  await shot(page, 'outbox-list');
  await row.getByRole('button', { name: 'Arandu: su cuenta' }).click();
  const viewer = page.getByRole('dialog', { name: 'Arandu: su cuenta' });
  const body = viewer.getByLabel('Texto del correo');
  await expect(body).toContainText('Contraseña temporal:');
  // The link to the app: without PUBLIC_URL, the address the administrator used.
  await expect(body).toContainText(`Ingrese en: ${new URL(page.url()).origin}/`);
  await shot(page, 'outbox-mail');
  const temporary = /Contraseña temporal: (\S+)/.exec((await body.textContent()) ?? '')![1]!;
  await page.keyboard.press('Escape');

  // On a phone the list keeps the subject, the state and the recipient.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Arandu: su cuenta')).toBeVisible();
  await shot(page, 'outbox-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The new user signs in with it and is asked for a password of their own.
  await page.getByRole('button', { name: /^Usuario:/ }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/$/);
  await loginAs(page, email, temporary);
  await expect(page).toHaveURL(/\/first_log_in$/);
  await expect(page.getByRole('heading', { name: 'Establecer nueva contraseña' })).toBeVisible();
});

test('[FUNCIONARIO] correos: no figura en su menú y la página dice que es de administradores', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Correos' }),
  ).toHaveCount(0);
  await page.goto('/pages/correos');
  await expect(page.getByText(/Esta página es para los administradores/)).toBeVisible();
});
