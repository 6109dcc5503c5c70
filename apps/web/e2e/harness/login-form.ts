import { expect, type Page } from '@playwright/test';

/** The password of every demo account and of the empty installation's administrator. */
export const DEMO_PASSWORD = 'Arandu2026!';

/**
 * Signs in through the login form, as a person does: the login specs' path, the setup project's, and the one
 * for accounts a spec made itself. Waits until the app left the login page and stored whom to show.
 */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/(log_in)?$/, { timeout: 30_000 });
  // The next `page.goto` may open in a new renderer: let the landing page's calls end and the stored user be
  // readable first, or under load that document can start before the login's localStorage write reached it.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => localStorage.getItem('arandu.user') !== null);
}
