import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { loginAs, newAlumno, NEW_ALUMNO_PASSWORD as NEW_PASSWORD, plugInKey, shot } from './support.js';

/*
 * Security keys and passkeys (issue 41 item 7) in Chromium with its virtual authenticator (CDP WebAuthn
 * domain): register, sign in with it, a cloned key refused, remove. WebAuthn has no RP ID for an IP address,
 * so these pages are opened at localhost (the API then names the RP after the host the browser used).
 */
test.use({ host: 'localhost' });

const KEY_NAME = 'Llave USB de prueba';

async function passwordStep(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Usuario:/ }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('Llaves de seguridad y passkeys (issue 41)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('[ALUMNO] seguridad: registers a key, signs in with it, a cloned key is refused, removes it', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const email = await newAlumno(request);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const authenticatorId = await plugInKey(cdp);

    // Register, from the keyboard: the name, then Enter.
    await loginAs(page, email, NEW_PASSWORD);
    await page.goto('/pages/account/security');
    const card = page.getByRole('region', { name: 'Llaves de seguridad y passkeys' });
    await expect(card.getByText('Aún no registró llaves de seguridad ni passkeys.')).toBeVisible();
    await card.getByLabel('Nombre de la llave').focus();
    await page.keyboard.type(KEY_NAME);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Se agregó la llave de seguridad.')).toBeVisible();
    const row = card.getByRole('row', { name: new RegExp(KEY_NAME) });
    await expect(row).toContainText('Nunca');
    await expect(card.getByText('1 registrada')).toBeVisible();
    await shot(page, 'security-passkeys-list');

    // Sign in: the password, then the key (the only second factor this user has).
    await logOut(page);
    await passwordStep(page, email);
    const useKey = page.getByRole('button', { name: 'Usar llave de seguridad' });
    await expect(useKey).toBeVisible();
    await expect(page.getByLabel('Código de verificación')).toHaveCount(0);
    await shot(page, 'security-passkeys-login-step');
    await useKey.click();
    await expect(page).not.toHaveURL(/\/(log_in)?$/);

    // A copy of the key, its counter behind the original's, in another browser: refused. (Another browser, so
    // this one stays signed in: each password check counts against the account's 10 a minute.)
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    const original = credentials[0]!;
    expect(original.signCount).toBeGreaterThan(0);
    const other = await browser.newContext({ baseURL });
    const thief = await other.newPage();
    const thiefCdp = await other.newCDPSession(thief);
    await thiefCdp.send('WebAuthn.enable');
    const copy = await plugInKey(thiefCdp);
    await thiefCdp.send('WebAuthn.addCredential', { authenticatorId: copy, credential: { ...original, signCount: 0 } });
    await passwordStep(thief, email);
    await thief.getByRole('button', { name: 'Usar llave de seguridad' }).click();
    await expect(thief.getByRole('alert').filter({ hasText: 'su contador de usos no avanzó' })).toBeVisible();
    await expect(thief).toHaveURL(/\/(log_in)?$/);
    await shot(thief, 'security-passkeys-cloned');
    await other.close();

    // Remove, confirmed with the password and a touch of the original key.
    await page.goto('/pages/account/security');
    await expect(row).toBeVisible();
    await card.getByRole('button', { name: `Quitar ${KEY_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Quitar llave de seguridad' });
    await expect(dialog.getByLabel('Contraseña actual')).toBeFocused();
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Se quitó la llave de seguridad.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText('Aún no registró llaves de seguridad ni passkeys.')).toBeVisible();

    // Without a key the password alone signs in again.
    await logOut(page);
    await passwordStep(page, email);
    await expect(page).not.toHaveURL(/\/(log_in)?$/);
  });
});
