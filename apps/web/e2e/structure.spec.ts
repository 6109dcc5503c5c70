import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { activePeriodo, loginAs, shot } from './support.js';

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const MALLA = `Plan E2E ${RUN}`;
const PERIODO = `Periodo E2E ${RUN}`;
const CODIGO = `E2E${RUN}`;

/** A Mantine select by its label. */
const select = (scope: Page | Locator, name: string) => scope.getByRole('combobox', { name, exact: true });

/** Opens a Mantine select and picks an option (typing first when it is searchable). */
async function choose(page: Page, field: Locator, option: string, search?: string) {
  await field.click();
  if (search) await field.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A Mantine DateInput takes a typed dd/MM/yyyy date on blur. */
async function typeDate(field: Locator, date: string) {
  await field.fill(date);
  await field.press('Tab');
}

test('[ADMIN] estructura: crea una malla con materias, un periodo, elige sus materias y una materia por periodo con horario y profesores', async ({
  page,
}) => {
  await loginAs(page, 'admin@demo.edu.py');

  // A malla with two subjects.
  await page.goto('/pages/mallas');
  await page.getByRole('link', { name: 'Agregar nueva malla' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva malla' })).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByText('Debe ingresar un nombre para la malla')).toBeVisible();
  await expect(page.getByText('Debe seleccionar la carrera')).toBeVisible();
  await expect(page.getByText('Debe seleccionar la fecha de vigencia')).toBeVisible();
  await page.getByLabel('Nombre').fill(MALLA);
  await choose(page, select(page, 'Carrera'), 'Ingeniería Civil', 'Civil');
  // fecha fija: a curriculum's start date, which no rule compares with today.
  await typeDate(page.getByLabel('Fecha Vigencia'), '01/03/2027');
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByText('Malla guardada exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editar malla' })).toBeVisible();

  for (const [materia, semestre, codigo] of [
    ['CB001 - Cálculo I', '1º', CODIGO],
    ['CB004 - Química General', '1º', `${CODIGO}Q`],
  ] as const) {
    await page.getByRole('button', { name: 'Agregar materia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar materia a la malla' });
    await choose(page, select(dialog, 'Materia'), materia, materia.split(' - ')[1]);
    await choose(page, select(dialog, 'Semestre'), semestre);
    await dialog.getByLabel('Código').fill(codigo);
    await dialog.getByLabel('Área Conocimiento').fill('Ciencias Básicas');
    await dialog.getByLabel('Horas teoría (semestre)').fill('64');
    await dialog.getByLabel('Horas práctica (semestre)').fill('32');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Materia de la malla guardada exitosamente').last()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  const table = page.getByRole('table', { name: 'Materias de la malla' });
  await expect(table.getByRole('row').filter({ hasText: `${CODIGO} - Cálculo I` })).toContainText('Ciencias Básicas');
  await expect(table.getByRole('row').filter({ hasText: `${CODIGO}Q - Química General` })).toBeVisible();
  await shot(page, 'structure-malla');

  // A period (odd: it offers semester 1).
  await page.goto('/pages/periodos');
  await page.getByRole('link', { name: 'Agregar nuevo periodo' }).click();
  await page.getByLabel('Nombre').fill(PERIODO);
  await choose(page, select(page, 'Año lectivo'), '2027');
  // fecha fija: the spec's own 2027 period (inactive), whose dates no rule compares with today.
  await typeDate(page.getByLabel('Inicio de clases'), '01/03/2027');
  await typeDate(page.getByLabel('Fin de clases'), '10/07/2027');
  await typeDate(page.getByLabel('Inicio de inscripciones'), '01/02/2027');
  await typeDate(page.getByLabel('Fin de inscripciones'), '25/02/2027');
  // The limits' time starts at 23:59 once their date is typed.
  await typeDate(page.getByRole('textbox', { name: 'Límite para calificar tareas', exact: true }), '28/07/2027');
  await typeDate(page.getByRole('textbox', { name: 'Límite para editar planeamiento', exact: true }), '27/03/2027');
  await expect(page.getByLabel('Límite para calificar tareas: horas')).toHaveValue('23');
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByText('Periodo guardado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/periodos$/);
  const periodoRow = page.getByRole('row').filter({ hasText: PERIODO });
  // fecha fija: the period typed above.
  await expect(periodoRow).toContainText('01/03/2027');
  await expect(periodoRow).not.toContainText('00:00:00');
  await periodoRow.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar periodo' })).toBeVisible();

  // Its subjects: the malla's semester-1 subject, checked in 'Materias del periodo'.
  await page.getByRole('link', { name: 'Agregar / Quitar Materias' }).click();
  await expect(page.getByRole('heading', { name: 'Materias del periodo' })).toBeVisible();
  await choose(page, select(page, 'Carrera'), 'Ingeniería Civil');
  await page.getByRole('checkbox', { name: `${CODIGO} - Cálculo I` }).check();
  await shot(page, 'structure-periodo-materias');
  await page
    .getByRole('button', { name: /^Guardar/ })
    .first()
    .click();
  await expect(page.getByText('Materias del periodo guardado exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editar periodo' })).toBeVisible();

  const detail = page.getByRole('table', { name: 'Detalle de materias' });
  const offered = detail.getByRole('row').filter({ hasText: 'Cálculo I - A' });
  await expect(offered).toContainText('Sin profesor');
  await offered.getByRole('link', { name: 'Editar' }).click();

  // The subject-period from the period: staff and a schedule.
  await expect(page.getByRole('heading', { name: 'Editar materia periodo' })).toBeVisible();
  await expect(
    page.getByText('Debe seleccionar un profesor (Encargado o Auxiliar) para agregar los horarios.'),
  ).toBeVisible();
  await choose(page, select(page, 'Profesor Encargado'), 'Giménez Ortiz, Ricardo', 'Giménez Ortiz');
  await choose(page, select(page, 'Profesor Auxiliar').first(), 'Samaniego Ramírez, Óscar', 'Samaniego');
  await page.getByRole('button', { name: 'Agregar horario' }).click();
  await choose(page, select(page, 'Tipo Actividad'), 'Clase teórica');
  await choose(page, select(page, 'Profesor'), 'Giménez Ortiz, Ricardo');
  await choose(page, select(page, 'Día'), 'Martes');
  // The room comes from the rooms' list (issue 45): the first one offered (a new period: nothing clashes).
  await page.getByRole('combobox', { name: 'Aula' }).click();
  await page.getByRole('listbox', { name: 'Aula' }).getByRole('option').first().click();
  // Both at 00:00: the end must come after the start.
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByText('La hora de fin debe ser posterior a la hora de inicio')).toBeVisible();
  await page.getByLabel('Hora Inicio: horas').fill('18');
  await page.getByLabel('Hora Inicio: minutos').fill('45');
  await page.getByLabel('Hora Fin: horas').fill('20');
  await page.getByLabel('Hora Fin: minutos').fill('15');
  await shot(page, 'structure-materia-periodo');
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByText('Materia por periodo guardada exitosamente')).toBeVisible();
  // Saving in the period flow returns to the period.
  await expect(page.getByRole('heading', { name: 'Editar periodo' })).toBeVisible();
  await expect(detail.getByRole('row').filter({ hasText: 'Cálculo I - A' })).toContainText(
    'Enc: Giménez Ortiz, Ricardo',
  );

  // And it is in the subject-period list.
  await page.goto('/pages/subjects-periods');
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await page.getByLabel('Código').fill(CODIGO);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const found = page
    .getByRole('table', { name: 'Lista de materias por periodo' })
    .getByRole('row')
    .filter({ hasText: PERIODO });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Cálculo I');
  await expect(found).toContainText(MALLA);
  await expect(found).toContainText('Si');
  await expect(page.getByText('Resultado 1 - 1 de 1 registros')).toBeVisible();
  await shot(page, 'structure-lista-materias-periodo');
});

test("[ADMIN] periodos: marcar 'Activo?' dice qué periodo deja de estar activo y pregunta", async ({ page }) => {
  await loginAs(page, 'admin@demo.edu.py');
  const active = await activePeriodo(page);
  await page.goto('/pages/periodos');
  // Any period but the active one.
  const other = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Editar' }) })
    .filter({ hasNotText: active.nombre })
    .first();
  await other.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar periodo' })).toBeVisible();
  const activo = page.getByRole('switch', { name: 'Activo?' });
  await expect(activo).not.toBeChecked();
  await expect(page.getByLabel('Límite para calificar tareas: horas')).toHaveValue('23');
  await shot(page, 'periodo-form');

  await activo.click({ force: true });
  const ask = page.getByRole('dialog', { name: 'Activar periodo' });
  await expect(ask).toContainText(`${active.anho} - ${active.nombre}`);
  await expect(ask).toContainText('dejará de estar activo');
  await shot(page, 'periodo-activar-confirmacion');
  await ask.getByRole('button', { name: 'No, Volver' }).click();
  await expect(ask).toBeHidden();
  await expect(activo).not.toBeChecked();

  await activo.click({ force: true });
  await page.getByRole('dialog', { name: 'Activar periodo' }).getByRole('button', { name: 'Sí, activar' }).click();
  await expect(activo).toBeChecked();
  // Left without saving: the demo's active period stays as it was.
  await page.getByRole('link', { name: 'Cancelar - Volver' }).first().click();
  await expect(page).toHaveURL(/\/pages\/periodos$/);
  expect((await activePeriodo(page)).id).toBe(active.id);
});
