import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support.js';

/**
 * Keyboard paths (issue 15): the login with no mouse, and a visible focus on every stop a Tab reaches on the
 * staff screens. (The enrolment form, the attendance quick-take and the score tables add their paths here
 * when they land.)
 */

/** How the focused element shows it is focused: an outline, or for text inputs Mantine's coloured border. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', visible: false, name: '' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const input = el.matches('input, textarea') && style.borderColor !== 'rgba(0, 0, 0, 0)';
    return {
      tag: el.tagName.toLowerCase(),
      visible: outline || input,
      name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '',
    };
  });
}

test('[TECLADO] ingreso sin ratón: Tab al correo, a la contraseña, Enter', async ({ page }) => {
  await page.goto('/');
  await page.locator('#app-loading').waitFor({ state: 'detached' });
  const email = page.getByLabel('Correo electrónico');
  for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  expect((await focusIndicator(page)).visible).toBe(true);
  await page.keyboard.type('funcionario@demo.edu.py');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pages\/one$/);
});

test('[TECLADO] foco visible en cada parada de Tab de Usuarios y Alumnos', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Correo electrónico').fill('funcionario@demo.edu.py');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pages\/one$/);
  const hidden: string[] = [];
  for (const url of ['/pages/users', '/pages/students']) {
    await page.goto(url);
    await page.locator('#app-loading').waitFor({ state: 'detached' });
    await expect(page.getByRole('table')).toBeVisible();
    for (let stop = 0; stop < 30; stop++) {
      await page.keyboard.press('Tab');
      const focus = await focusIndicator(page);
      if (!focus.visible) hidden.push(`${url} stop ${stop + 1}: <${focus.tag}> ${focus.name}`);
    }
  }
  expect(hidden).toEqual([]);
});
