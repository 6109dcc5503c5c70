import { expect, test } from './harness/fixtures.js';
import { fillNewUser, loginAs, searchList, shot, toast } from './support.js';

test('[FUNCIONARIO] alumnos: crea la ficha de alumno de un usuario nuevo', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');

  // A new user with the Alumno role, who has no student record yet.
  await page.goto('/pages/users/new');
  await fillNewUser(page, {
    nombre: 'Teodoro',
    apellido: 'Ñumbay Recalde',
    documento: '6123987',
    email: 'teodoro.numbay@demo.edu.py',
    celular: '0982 111 222',
  });
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

  await page.getByRole('textbox', { name: 'Número de Legajo', exact: true }).fill('20260999');
  await page.getByRole('combobox', { name: 'Alumno', exact: true }).fill('numbay');
  await page.getByRole('option', { name: /Ñumbay Recalde, Teodoro/ }).click();
  await page.getByRole('combobox', { name: 'Malla - Carrera', exact: true }).click();
  await page
    .getByRole('option', { name: /Ingeniería Informática/ })
    .first()
    .click();
  // fecha fija: a student's date of entry, which no rule compares with today.
  await page.getByRole('textbox', { name: 'Fecha de ingreso', exact: true }).fill('02/03/2026');
  await page.getByRole('textbox', { name: 'Fecha de ingreso', exact: true }).press('Tab');
  // Choosing a student is not a new search: no failed call, no error toast.
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toHaveCount(0);
  await shot(page, 'students-new');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Alumno guardado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/students$/);

  await searchList(page, '20260999');
  await expect(page.getByText('Resultado 1 - 1 de 1 registros')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Teodoro' });
  await expect(row.getByText('Ñumbay Recalde')).toBeVisible();
  await expect(row.getByText('Ingeniería Informática')).toBeVisible();
  await expect(row.getByText('6.123.987')).toBeVisible();
  await shot(page, 'students-list');

  // Another student's legajo is refused with the server's message, and the record keeps its own.
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/pages\/students\/edit\/\d+$/);
  const editUrl = page.url();
  await expect(page.getByRole('combobox', { name: 'Alumno', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancelar - Volver' }).click();
  await expect(page).toHaveURL(/\/pages\/students$/);
  const otherLegajo = (await page.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
  expect(otherLegajo).toMatch(/^\d+$/);
  expect(otherLegajo).not.toBe('20260999');
  await page.goto(editUrl);
  await page.getByRole('textbox', { name: 'Número de Legajo', exact: true }).fill(otherLegajo);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un alumno con ese número de legajo').first()).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/students\/edit\/\d+$/);
});
