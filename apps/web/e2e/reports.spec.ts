import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import ExcelJS from 'exceljs';
import { loginAs, shot } from './support.js';

/** Clicks `button` and reads the xlsx the browser receives: its name and its rows (without the empty ones). */
async function downloadXlsx(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows = workbook.worksheets[0]!.getSheetValues()
    .filter(Boolean)
    .map((r) => (r as unknown[]).slice(1));
  return { name: download.suggestedFilename(), rows };
}

/** The list's 'Resultado 1 - n de m registros': the first page of 100 rows has arrived and is drawn. */
const listed = (page: Page) =>
  // 100 rows and a chart on a shared 2-core machine: more than the default 10 s.
  expect(page.getByText(/^Resultado 1 - \d+ de \d+ registros$/)).toBeVisible({ timeout: 30_000 });

test('[FUNCIONARIO] reporte de alumnos inscriptos: periodo activo, filtro por carrera y descarga', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/reporte-inscripcion');
  await listed(page);
  const table = page.getByRole('table', { name: 'Reporte de alumnos inscriptos' });
  await expect(table.getByRole('link', { name: 'Editar alumno' }).first()).toHaveAttribute(
    'href',
    /\/pages\/students\/edit\/\d+$/,
  );
  await page.getByRole('combobox', { name: 'Carrera' }).click();
  await page.getByRole('option', { name: 'Ingeniería Informática' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Ingeniería Informática');
  await expect(page.getByRole('region', { name: 'Inscripciones por semestre' }).locator('svg').first()).toBeVisible();
  await shot(page, 'reports-inscripcion');

  const file = await downloadXlsx(page, 'Descargar');
  expect(file.name).toBe('Alumnos-Inscriptos.xlsx');
  await expect(page.getByText('Reporte descargado exitosamente')).toBeVisible();
  expect(file.rows[0]).toEqual([
    'Periodo',
    'Malla',
    'Carrera',
    '# Legajo',
    '# Documento',
    'Nombre',
    'Apellido',
    'Cantidad de materias',
  ]);
  expect(file.rows.length).toBeGreaterThan(1);
  expect(file.rows.slice(1).every((r) => r[2] === 'Ingeniería Informática')).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'reports-inscripcion-phone');
});

test('[FUNCIONARIO] asistencias y PP: la materia es obligatoria, luego lista, gráfico y descarga', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/reporte-alumnos-por-materias');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Debe seleccionar una materia')).toBeVisible();

  await page.getByRole('combobox', { name: 'Materia' }).click();
  const option = page.getByRole('option').first();
  const materia = (await option.innerText()).trim();
  await option.click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await listed(page);
  await expect(page.getByRole('region', { name: 'Alumnos por rango de % Asistencia y % PP' })).toBeVisible();
  await shot(page, 'reports-asistencia-pp');

  const file = await downloadXlsx(page, 'Descargar');
  expect(file.name).toBe('Reporte de Asistencia y PP.xlsx');
  expect(file.rows[0]).toEqual([
    'C.I. Nº',
    'Apellido',
    'Nombre',
    'Teléfono',
    'Correo',
    'Materia',
    'Año Ingreso',
    'Carrera',
    'Semestre',
    '% Asistencia',
    '% PP',
  ]);
  expect(file.rows.length).toBeGreaterThan(1);
  // 'COD - Nombre (Sección)' in the select; the file names the subject.
  expect(materia).toContain(String(file.rows[1]![5]));

  await page.getByLabel('Modo oscuro').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'reports-asistencia-pp-dark');
});

test('[FUNCIONARIO] reporte general de alumnos: sin filtro obligatorio, gráfico por carrera y descarga', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/reporte-alumnos');
  await listed(page);
  await expect(page.getByRole('region', { name: 'Alumnos por carrera y género' }).locator('svg').first()).toBeVisible();
  await shot(page, 'reports-alumnos');
  const file = await downloadXlsx(page, 'Descargar');
  expect(file.name).toBe('Alumnos.xlsx');
  expect(file.rows[0]).toEqual([
    'C.I. Nº',
    'Apellido',
    'Nombre',
    'Edad',
    'Nacionalidad',
    'Arancel Cero',
    'Fin Arancel Cero',
    'Teléfono',
    'Correo',
    'Género',
    'Año Ingreso',
    'Carrera',
    'Semestre',
  ]);
  expect(['Si', 'No']).toContain(file.rows[1]![5]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'reports-alumnos-phone');
});

test('[ALUMNO] estado académico propio: lo ve, lo descarga, y no puede abrir el de otro', async ({ page }) => {
  await loginAs(page, 'alumno@demo.edu.py');
  const own = page.waitForResponse((r) => r.url().endsWith('/api/reports/academic-status-own'));
  await page.goto('/pages/reporte-alumnos/academic-status');
  const { alumno } = (await (await own).json()) as { alumno: { id: number; numeroDocumento: string } };
  await expect(page.getByRole('heading', { name: 'Estado académico alumno' })).toBeVisible();
  await expect(
    page.getByText(alumno.numeroDocumento.replace(/\B(?=(\d{3})+(?!\d))/g, '.'), { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Semestre 1', exact: true })).toBeVisible();
  await shot(page, 'reports-academic-status');

  const file = await downloadXlsx(page, 'Descargar');
  expect(file.name).toBe('Reporte Estado Academico.xlsx');
  expect(file.rows[0]).toEqual(['Estado académico alumno']);
  expect(file.rows).toContainEqual([
    'Código',
    'Materia',
    'Calificación',
    'En letras',
    'Nº Acta',
    'Fecha examen',
    'Periodo',
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'reports-academic-status-phone');

  const other = alumno.id === 1 ? 2 : alumno.id - 1;
  await page.goto(`/pages/reporte-alumnos/academic-status/${other}`);
  await expect(page.getByText('El alumno no existe').first()).toBeVisible();
});
