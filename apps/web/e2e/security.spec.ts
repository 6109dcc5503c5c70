import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { Secret, TOTP } from 'otpauth';
import { loginAs, searchList, shot, signInThroughForm } from './support.js';

/** What an authenticator app shows for `secret`, `ahead` 30-second steps from now. */
function appCode(secret: string, ahead = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + ahead * 30_000 });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Usuario:/ }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('Seguridad (issue 32)', () => {
  // Long flows (several logins, a provider's pages) on a shared machine.
  test.describe.configure({ timeout: 180_000 });

  test('[ADMIN] seguridad: turns the second factor on, logs out, logs in with password and code', async ({ page }) => {
    await loginAs(page, 'admin@demo.edu.py');
    await page.goto('/pages/account/my-profile');
    await page.getByRole('link', { name: 'Seguridad' }).click();
    await expect(page.getByRole('heading', { name: 'Seguridad', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Activar segundo factor' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await expect(page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
    await shot(page, 'security-mfa-setup');

    await page.getByLabel('Código de verificación').fill(appCode(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Guarde sus códigos de recuperación')).toBeVisible();
    const recovery = await page.getByLabel('Códigos de recuperación').locator('code').allTextContents();
    expect(recovery).toHaveLength(10);
    await expect(page.getByText('Activado', { exact: true })).toBeVisible();
    await shot(page, 'security-mfa-recovery-codes');

    await logOut(page);
    await page.getByLabel('Correo electrónico').fill('admin@demo.edu.py');
    await page.getByLabel('Contraseña', { exact: true }).fill('Arandu2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const code = page.getByLabel('Código de verificación');
    await expect(code).toBeVisible();
    await shot(page, 'security-mfa-login-step');
    // The code the set-up used is spent: the app's next one (the server accepts a step either side).
    await code.fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).not.toHaveURL(/\/(log_in)?$/);

    // The demo as the other specs expect it: the factor off again (a recovery code stands in for the app).
    // Removing it asks for the password and a code again (issue 41): a session left open is not enough.
    await page.goto('/pages/account/security');
    await page.getByRole('button', { name: 'Desactivar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desactivar segundo factor' });
    await confirm.getByLabel('Su contraseña actual').fill('Arandu2026!');
    await confirm.getByLabel('Código de verificación').fill(recovery[0]!);
    await confirm.getByRole('button', { name: 'Sí, desactivar' }).click();
    await expect(page.getByText('Se desactivó el segundo factor.')).toBeVisible();
    await expect(page.getByText('Desactivado', { exact: true })).toBeVisible();
  });

  test('[PROFESOR] mis sesiones: sees another session and ends it', async ({ page, browser }) => {
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    });
    const other = await phone.newPage();
    // A second session of its own: the phone signs in through the form.
    await signInThroughForm(other, 'profesor@demo.edu.py');

    await loginAs(page, 'profesor@demo.edu.py');
    await page.goto('/pages/account/security');
    const table = page.getByRole('table', { name: 'Mis sesiones' });
    await expect(table.getByText('Sesión actual')).toBeVisible();
    const phoneRow = table.getByRole('row').filter({ hasText: 'Chrome en Android' }).first();
    await expect(phoneRow).toBeVisible();
    await shot(page, 'security-sessions');
    await phoneRow.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: 'Sí, cerrar' }).click();
    await expect(page.getByText('Se cerró la sesión.')).toBeVisible();

    // The phone's next call finds its session ended and goes back to the login page.
    await other.reload();
    await expect(other).toHaveURL(/\/$/);
    await phone.close();
  });

  test("[ADMIN] usuarios: sees and ends a user's sessions from the user's record", async ({ page, browser }) => {
    const alumnoBrowser = await browser.newContext();
    const alumno = await alumnoBrowser.newPage();
    await loginAs(alumno, 'multirol@demo.edu.py');

    await loginAs(page, 'admin@demo.edu.py');
    await page.goto('/pages/users');
    await searchList(page, 'multirol@demo.edu.py');
    await page
      .getByRole('row')
      .filter({ hasText: 'multirol@demo.edu.py' })
      .getByRole('link', { name: 'Editar' })
      .click();
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    const sessions = page.getByRole('table', { name: 'Sesiones abiertas' });
    await expect(sessions.getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Restablecer segundo factor' })).toBeVisible();
    await shot(page, 'security-user-record-sessions');
    await page.getByRole('button', { name: 'Cerrar todas' }).click();
    await page.getByRole('button', { name: 'Sí, cerrar' }).click();
    await expect(page.getByText('Se cerraron las sesiones.')).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(1);

    await alumno.reload();
    await expect(alumno).toHaveURL(/\/$/);
    await alumnoBrowser.close();
  });

  /** 'Ingresar con cuenta institucional' and the test provider's own login page (oidc-provider's). */
  async function throughProvider(page: Page, login: string) {
    await page.getByRole('link', { name: 'Ingresar con cuenta institucional' }).click();
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('cualquiera');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('[ALUMNO] ingreso institucional: signs in through the provider, and Salir ends the provider session too', async ({
    page,
  }) => {
    await page.goto('/');
    await shot(page, 'security-login-institutional-button');
    await throughProvider(page, 'alumno@demo.edu.py');
    await expect(page).toHaveURL(/\/pages\/student-dashboard$/);
    await shot(page, 'security-institutional-landing');

    // 'Salir' goes through the provider's logout page (RP-initiated logout) and comes back to the login page.
    await page.getByRole('button', { name: /^Usuario:/ }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await expect(page.getByText(/Do you want to sign-out from/)).toBeVisible();
    await shot(page, 'security-institutional-provider-logout');
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('link', { name: 'Ingresar con cuenta institucional' })).toBeVisible();

    // The provider forgot the student: the next institutional sign-in asks who it is (no cookies cleared by
    // the test), and someone it vouches for without a name and document is not made a user.
    await throughProvider(page, 'desconocido@demo.edu.py');
    await expect(page.getByRole('alert')).toHaveText(/no informa su nombre, apellido y número de documento/);
    await shot(page, 'security-institutional-incomplete');
  });

  test('[ALUMNO] ingreso institucional: a new student is created on first sign-in (OIDC_CREATE_USERS=alumno)', async ({
    page,
  }) => {
    await page.goto('/');
    await throughProvider(page, 'lucia.gimenez+5123456@demo.edu.py');
    await expect(page).toHaveURL(/\/pages\/student-dashboard$/);
    await expect(page.getByRole('button', { name: /^Usuario:/ })).toContainText('Lucia Gimenez');
    // No student record yet: the board says so instead of inviting them to star subjects.
    await expect(page.getByText('El usuario no tiene ficha de alumno')).toBeVisible();
    await shot(page, 'security-institutional-new-student');

    // Staff find the new user, with the document the provider gave, and give the student record from 'Alumnos'.
    const admin = await page.context().browser()!.newContext();
    const staffPage = await admin.newPage();
    await loginAs(staffPage, 'admin@demo.edu.py');
    await staffPage.goto('/pages/users');
    await searchList(staffPage, '5123456');
    await expect(staffPage.getByRole('row').filter({ hasText: 'lucia.gimenez+5123456@demo.edu.py' })).toBeVisible();
    await admin.close();
  });

  test('[FUNCIONARIO] segundo factor obligatorio: sent to set it up, nothing else until it is on', async ({ page }) => {
    // Four logins, two factor set-ups and a reset: about 20 s on a quiet machine, far more on a loaded one, and
    // up to a minute more when the throttle asks to wait.
    test.setTimeout(300_000);
    // An administrator turns the requirement on, and is the first one it sends to 'Seguridad'.
    await loginAs(page, 'admin@demo.edu.py');
    await page.goto('/pages/account/security');
    await page.getByRole('switch', { name: 'Segundo factor obligatorio para administradores y funcionarios' }).click();
    await page.getByRole('button', { name: 'Sí, exigir' }).click();
    await expect(page.getByText('Ahora el segundo factor es obligatorio para el personal.')).toBeVisible();
    await page.goto('/pages/users');
    await expect(page).toHaveURL(/\/pages\/account\/security$/);
    await expect(page.getByText('Debe activar el segundo factor antes de continuar.')).toBeVisible();
    await logOut(page);

    // The funcionario, without a factor, lands on 'Seguridad' and cannot leave it.
    await page.getByLabel('Correo electrónico').fill('funcionario@demo.edu.py');
    await page.getByLabel('Contraseña', { exact: true }).fill('Arandu2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/pages\/account\/security$/);
    await expect(page.getByText('Debe activar el segundo factor antes de continuar.')).toBeVisible();
    await shot(page, 'security-mfa-gate');
    for (const elsewhere of ['/pages/users', '/pages/students', '/pages/account/my-profile']) {
      await page.goto(elsewhere);
      await expect(page).toHaveURL(/\/pages\/account\/security$/);
    }
    // Once the factor is on, the app is theirs again.
    await page.getByRole('button', { name: 'Activar segundo factor' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByLabel('Código de verificación').fill(appCode(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByLabel('Códigos de recuperación').locator('code').first()).toBeVisible();
    await page.goto('/pages/users');
    await expect(page).toHaveURL(/\/pages\/users$/);
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
    // While the faculty requires it, staff cannot turn their own factor off: no 'Desactivar'.
    await page.goto('/pages/account/security');
    await expect(page.getByText('Códigos de recuperación sin usar:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desactivar' })).toHaveCount(0);
    await logOut(page);

    // The demo as the other specs expect it: the administrator (who must now set one up to act at all) turns
    // the requirement off, resets the funcionario's factor from the user's record (with their own password and
    // current code: issue 41), then removes their own in 'Seguridad'.
    await loginAs(page, 'admin@demo.edu.py');
    await expect(page).toHaveURL(/\/pages\/account\/security$/);
    await page.getByRole('button', { name: 'Activar segundo factor' }).click();
    const adminSecret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByLabel('Código de verificación').fill(appCode(adminSecret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByLabel('Códigos de recuperación').locator('code').first()).toBeVisible();
    const adminRecovery = await page.getByLabel('Códigos de recuperación').locator('code').allTextContents();
    await page.getByRole('switch', { name: 'Segundo factor obligatorio para administradores y funcionarios' }).click();
    await expect(page.getByText('El segundo factor dejó de ser obligatorio.')).toBeVisible();

    await page.goto('/pages/users');
    await searchList(page, 'funcionario@demo.edu.py');
    await page
      .getByRole('row')
      .filter({ hasText: 'funcionario@demo.edu.py' })
      .getByRole('link', { name: 'Editar' })
      .click();
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    await page.getByRole('button', { name: 'Restablecer segundo factor' }).click();
    const reset = page.getByRole('dialog', { name: 'Restablecer segundo factor' });
    await reset.getByLabel('Motivo').fill('Prueba del segundo factor obligatorio terminada');
    await reset.getByLabel('Su contraseña actual').fill('Arandu2026!');
    // This spec's logins may have spent the account's ten checks of the minute ('Demasiados intentos… Espere un
    // minuto'): the reset is tried again, as the message says, until the minute is over, each time with the
    // app's next code (the set-up's is spent; the server accepts a step either side).
    await expect(async () => {
      await reset.getByLabel('Código de verificación').fill(appCode(adminSecret, 1));
      await reset.getByRole('button', { name: 'Sí, restablecer' }).click();
      await expect(page.getByText('Se restableció el segundo factor del usuario.')).toBeVisible({ timeout: 10_000 });
    }).toPass({ intervals: [15_000], timeout: 100_000 });

    await page.goto('/pages/account/security');
    await page.getByRole('button', { name: 'Desactivar' }).click();
    const disable = page.getByRole('dialog', { name: 'Desactivar segundo factor' });
    await disable.getByLabel('Su contraseña actual').fill('Arandu2026!');
    await disable.getByLabel('Código de verificación').fill(adminRecovery[0]!);
    await expect(async () => {
      await disable.getByRole('button', { name: 'Sí, desactivar' }).click();
      await expect(page.getByText('Se desactivó el segundo factor.')).toBeVisible({ timeout: 10_000 });
    }).toPass({ intervals: [15_000], timeout: 100_000 });
  });
});
