import { expect, test } from './harness/fixtures.js';
import { loginAs, shot } from './support.js';

test('[PROFESOR] materias asignadas: marca una materia con la estrella y la ve en su tablero', async ({ page }) => {
  await loginAs(page, 'profesor@demo.edu.py');
  await expect(page).toHaveURL(/\/pages\/profesor-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Tablero' })).toBeVisible();
  await expect(page.getByText('Preliminar', { exact: true }).first()).toBeVisible();

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis materias' }).click();
  await expect(page.getByRole('heading', { name: 'Materias asignadas' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Materias asignadas' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  await expect(row).toBeVisible();
  const materia = (await row.getByRole('cell').nth(3).innerText()).trim(); // 'code - name - section'
  const [, name, seccion] = materia.split(' - ');

  // Off first (the demo may have starred it), so the star is what puts it on the dashboard.
  const star = row.getByRole('button', { name: /del tablero|al tablero/ });
  if ((await star.getAttribute('aria-pressed')) === 'true') {
    await star.click();
    await expect(page.getByText('Materia quitada del tablero exitosamente')).toBeVisible();
  }
  await expect(row.getByRole('button', { name: 'Agregar al tablero' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/pages/profesor-dashboard');
  await expect(page.getByRole('link', { name: `${name} - Sección ${seccion}` })).toHaveCount(0);

  await page.goto('/pages/profesor-subjects');
  await table.getByRole('row').filter({ hasText: materia }).getByRole('button', { name: 'Agregar al tablero' }).click();
  await expect(page.getByText('Materia agregada al tablero exitosamente')).toBeVisible();
  await expect(
    table.getByRole('row').filter({ hasText: materia }).getByRole('button', { name: 'Quitar del tablero' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'profesor-materias');

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Tablero' }).click();
  const card = page.getByRole('link', { name: `${name} - Sección ${seccion}` });
  await expect(card).toBeVisible();
  await shot(page, 'profesor-tablero');
  await card.click();
  await expect(page).toHaveURL(/\/pages\/profesor-subjects\/\d+$/);
});
