import { expect, test } from './harness/fixtures.js';
import { fillNewUser, loginAs, shot, toast } from './support.js';

test('[ADMIN] auditoría: muestra el cambio recién hecho y quién lo hizo', async ({ page }) => {
  await loginAs(page, 'admin@demo.edu.py');
  await page.goto('/pages/users/new');
  await fillNewUser(page, {
    nombre: 'Auditoria',
    apellido: 'De Prueba',
    documento: '8765432',
    email: 'auditoria.prueba@demo.edu.py',
    celular: '0983 000 111',
  });
  await page.getByRole('checkbox', { name: 'Funcionario' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Usuario guardado exitosamente')).toBeVisible();

  await page.goto('/pages/audit_log');
  await expect(page.getByRole('heading', { name: 'Auditoría de cambios' })).toBeVisible();
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await page.getByRole('combobox', { name: 'Tipo', exact: true }).click();
  await page.getByRole('option', { name: 'Creación' }).click();
  await page.getByRole('combobox', { name: 'Tabla', exact: true }).click();
  await page.getByRole('option', { name: 'Usuarios', exact: true }).click();
  await page.getByRole('textbox', { name: 'Usuario' }).fill('ramirez');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();

  const row = page.getByRole('row').filter({ hasText: 'De Prueba' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Lucía Ramírez Benítez')).toBeVisible();
  await expect(row.getByText('Creación')).toBeVisible();
  // Tables, columns and the record in words (issue 34 items 17 and 23), not 'usuarios' and an id.
  await expect(row.getByText('Usuarios', { exact: true })).toBeVisible();
  await expect(row.getByText(/De Prueba, Auditoria/)).toBeVisible();
  await expect(row.getByText(/Número de documento/).first()).toBeVisible();
  // The first row is the newest change.
  await expect(page.getByRole('row').nth(1)).toContainText('De Prueba');
  await row
    .getByRole('button', { name: /Ver todo/ })
    .last()
    .click();
  await expect(page.getByRole('dialog').getByText('Valores nuevos')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('password_hash')).toHaveCount(0);
  await shot(page, 'audit-log-detail');
  await page.keyboard.press('Escape');
  await page.getByLabel('Modo oscuro').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByText(/^Resultado 1 - 25 de \d+ registros$/)).toBeVisible();
  await shot(page, 'audit-log-dark');
});

test('[FUNCIONARIO] auditoría: el Historial de una ficha de alumno dice quién cambió qué y cuándo', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/students');
  await page.getByRole('row').nth(1).getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar alumno' })).toBeVisible();
  await page.getByRole('button', { name: 'Historial' }).click();
  const drawer = page.getByRole('dialog', { name: /^Historial: / });
  await expect(drawer).toBeVisible();
  // The demo's record was created by the seed: at least its creation, named in Spanish.
  await expect(drawer.getByText('Creación').first()).toBeVisible();
  await expect(drawer.getByText(/Fichas de alumnos ·/).first()).toBeVisible();
  await expect(drawer.getByText('perfiles_alumno')).toHaveCount(0);
  await shot(page, 'record-history');
});

test('[FUNCIONARIO] auditoría: el Historial de una materia por periodo incluye sus inscripciones, por alumno', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  // The list's first section: the active period's, with students enrolled in the demo.
  await page.goto('/pages/subjects-periods');
  await page.getByRole('link', { name: 'Editar' }).first().click();
  await expect(page.getByRole('heading', { name: 'Editar materia periodo' })).toBeVisible();
  await page.getByRole('button', { name: 'Historial' }).click();
  const drawer = page.getByRole('dialog', { name: /^Historial: / });
  // Each enrolment named by its student ('Apellido, Nombre · materia (sección)'), not by table and key.
  await expect(drawer.getByText(/^Inscripciones a materias · [^·]+, [^·]+ · /).first()).toBeVisible();
  await expect(drawer.getByText('inscripciones_materia')).toHaveCount(0);
  await shot(page, 'record-history-subject-period');
});
