import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Arandu2026!';

export const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot under e2e/screenshots, for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/(log_in)?$/);
}
