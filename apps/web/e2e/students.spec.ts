import { expect, test, type Page } from '@playwright/test';
import { loginAs, shot } from './support.js';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('[FUNCIONARIO] alumnos: crea la ficha de alumno de un usuario nuevo', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');

  // A new user with the Alumno role, who has no student record yet.
  await page.goto('/pages/users/new');
  await page.getByLabel('Nombre', { exact: true }).fill('Teodoro');
  await page.getByLabel('Apellido', { exact: true }).fill('Ñumbay Recalde');
  await page.getByLabel('Número de documento').fill('6123987');
  await page.getByLabel('Correo electrónico').fill('teodoro.numbay@demo.edu.py');
  await page.getByLabel('País de nacimiento', { exact: true }).click();
  await page.getByRole('option', { name: 'Paraguay' }).click();
  await page.getByLabel('Teléfono celular').fill('0982 111 222');
  await page.getByRole('checkbox', { name: 'Alumno' }).check();
  // A Funcionario cannot grant Admin.
  await expect(page.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Usuario guardado exitosamente')).toBeVisible();

  await page.goto('/pages/students');
  await expect(page.getByRole('heading', { name: 'Alumnos del Sistema' })).toBeVisible();
  await page.getByRole('link', { name: 'Agregar nuevo alumno' }).click();
  await expect(page).toHaveURL(/\/pages\/students\/new$/);

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe seleccioanr el alumno')).toBeVisible();
  await expect(page.getByText('Debe seleccioanr la malla')).toBeVisible();
  await expect(page.getByText('El número de legajo no es correcto')).toBeVisible();
  await expect(page.getByText('Debe ingresar la fecha de ingreso')).toBeVisible();
  await shot(page, 'students-new-errors');

  await page.getByLabel('Número de Legajo').fill('20260999');
  await page.getByLabel('Alumno', { exact: true }).fill('numbay');
  await page.getByRole('option', { name: /Ñumbay Recalde, Teodoro/ }).click();
  await page.getByLabel('Malla - Carrera', { exact: true }).click();
  await page
    .getByRole('option', { name: /Ingeniería Informática/ })
    .first()
    .click();
  await page.getByLabel('Fecha de ingreso').fill('02/03/2026');
  await page.getByLabel('Fecha de ingreso').press('Tab');
  await shot(page, 'students-new');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Alumno guardado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/students$/);

  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await page.getByRole('textbox', { name: 'Buscar' }).fill('20260999');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Resultado 1 - 1 de 1 registros')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Teodoro' });
  await expect(row.getByText('Ñumbay Recalde')).toBeVisible();
  await expect(row.getByText('Ingeniería Informática')).toBeVisible();
  await expect(row.getByText('6.123.987')).toBeVisible();
  await shot(page, 'students-list');

  // The same legajo again is refused with the server's message.
  await page.goto('/pages/students/new');
  await page.getByLabel('Número de Legajo').fill('20260999');
  await page.getByLabel('Alumno', { exact: true }).fill('a');
  await page.getByRole('option').first().click();
  await page.getByLabel('Malla - Carrera', { exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Fecha de ingreso').fill('02/03/2026');
  await page.getByLabel('Fecha de ingreso').press('Tab');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un alumno con ese número de legajo').first()).toBeVisible();
});
