import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import ExcelJS from 'exceljs';
import { activePeriodo, loginAs, shot } from './support.js';

/**
 * The list's rows of a subject in the demo's active period (Cálculo II has two sections there). Earlier periods
 * offer the same subjects (the demo keeps a history for its correlatives), so the rows are those of the active one.
 */
async function searchMateria(page: Page, codigo: string) {
  const periodo = await activePeriodo(page);
  await page.goto('/pages/subjects-periods');
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await page.getByLabel('Código').fill(codigo);
  await page.getByRole('button', { name: 'Buscar' }).click();
  return page
    .getByRole('table', { name: 'Lista de materias por periodo' })
    .getByRole('row')
    .filter({ hasText: `${periodo.anho} - ${periodo.nombre}` });
}

const CARRERAS = [
  'Ingeniería Civil',
  'Ingeniería Electromecánica',
  'Ingeniería Electrónica',
  'Ingeniería Industrial',
  'Ingeniería Informática',
];

const sectionRow = (rows: Locator, carrera: string, materia: string, seccion: string) =>
  rows.filter({ hasText: carrera }).filter({ hasText: new RegExp(`${materia}\\s*- ${seccion}`) });

/** The 'Alumnos inscriptos' count of a row: the last cell holding only a number ('#' is the first). */
async function enrolled(row: Locator): Promise<number> {
  const cells = row.getByRole('cell');
  const texts = await cells.allInnerTexts();
  const numbers = texts.map((t) => t.trim()).filter((t) => /^\d+$/.test(t));
  return Number(numbers[numbers.length - 1]);
}

test('[FUNCIONARIO] materias por periodo: mueve dos alumnos a otra sección y los inscriptos de la lista cambian', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  let table = await searchMateria(page, 'CB007');
  await expect(sectionRow(table, CARRERAS[0]!, 'Cálculo II', 'A')).toHaveCount(1);
  // The career whose section A has the most students.
  const counts = await Promise.all(CARRERAS.map((c) => enrolled(sectionRow(table, c, 'Cálculo II', 'A'))));
  const carrera = CARRERAS[counts.indexOf(Math.max(...counts))]!;
  const rowA = sectionRow(table, carrera, 'Cálculo II', 'A');
  const beforeA = await enrolled(rowA);
  const beforeB = await enrolled(sectionRow(table, carrera, 'Cálculo II', 'B'));
  expect(beforeA).toBeGreaterThanOrEqual(2);

  await rowA.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('link', { name: 'Mover alumnos' }).click();
  await expect(page.getByText('Seleccionar los alumnos de materia a ser movidos a otra sección')).toBeVisible();
  await expect(page.getByText(`Todos: ${beforeA}`)).toBeVisible();

  // Nothing chosen: the spec's messages.
  await page.getByRole('button', { name: 'Mover alumnos' }).click();
  await expect(page.getByText('Debe seleccionar una sección')).toBeVisible();
  await expect(page.getByText('Debe seleccionar un alumno')).toBeVisible();

  await page.getByRole('combobox', { name: 'Sección destino' }).click();
  await page.getByRole('option', { name: 'B', exact: true }).click();
  const boxes = page.getByRole('listitem').getByRole('checkbox');
  // 'doc/year: name': the confirmation lists each chosen student by document.
  const firstDoc = (await page.getByRole('listitem').nth(0).innerText()).split('/')[0]!.trim();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(page.getByText('Seleccionados: 2')).toBeVisible();
  await shot(page, 'move-section');
  await page.getByRole('button', { name: 'Mover alumnos' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mover alumnos a sección' });
  await expect(confirm).toContainText('¿Estás seguro que deseas mover estos alumnos(2) la sección B?');
  await expect(confirm).toContainText(firstDoc);
  await shot(page, 'move-section-confirm');
  await confirm.getByRole('button', { name: 'Si, mover alumnos' }).click();
  await expect(page.getByText('Los alumnos fueron cambiados de sección exitosamente')).toBeVisible();
  await expect(page.getByText(`Todos: ${beforeA - 2}`)).toBeVisible();

  table = await searchMateria(page, 'CB007');
  await expect.poll(() => enrolled(sectionRow(table, carrera, 'Cálculo II', 'A'))).toBe(beforeA - 2);
  await expect.poll(() => enrolled(sectionRow(table, carrera, 'Cálculo II', 'B'))).toBe(beforeB + 2);
  await shot(page, 'move-section-list');
});

test('[FUNCIONARIO] materias por periodo: edita un % PP que se guarda solo y descarga Alumnos.xlsx con las filas esperadas', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  const table = await searchMateria(page, 'CB008');
  await sectionRow(table, 'Ingeniería Informática', 'Física II', 'A').getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar materia periodo' })).toBeVisible();
  await page.getByRole('tab', { name: 'Calificaciones' }).click();
  const grades = page.getByRole('table', { name: 'Listado de todas las notas' });
  const rows = grades.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();

  // Quick edits of one cell: the last value is the one kept.
  const firstRow = rows.first();
  const surname = (await firstRow.getByRole('cell').nth(1).innerText()).trim();
  const pp = firstRow.getByRole('textbox', { name: /^% PP de / });
  await pp.fill('7');
  await pp.pressSequentially('8');
  await pp.pressSequentially('.5');
  await expect(page.getByText('Asistencia y/o notas guardada(s) exitosamente.').first()).toBeVisible();
  await expect(firstRow.getByLabel('Guardado')).toBeVisible();
  await shot(page, 'calificaciones');

  // Reloaded, the server has it.
  await page.reload();
  await page.getByRole('tab', { name: 'Calificaciones' }).click();
  await expect(
    grades
      .getByRole('row')
      .filter({ hasText: surname })
      .first()
      .getByRole('textbox', { name: /^% PP de / }),
  ).toHaveValue('78,5'); // as Paraguay writes it (issue 43); the spreadsheet keeps the number 78.5

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar lista' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Alumnos.xlsx');
  await expect(page.getByText('Lista descargada exitosamente')).toBeVisible();
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const values = sheet
    .getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).slice(1));
  expect(values[0]).toEqual(['Nº Documento', 'Apellido', 'Nombre', 'Correo', '% PP', '% Asistencia']);
  expect(values).toHaveLength(count + 1);
  const edited = values.find((v) => v[1] === surname);
  expect(edited?.[4]).toBe(78.5);
});
