import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { loginAs, searchList, shot } from './support.js';

/** The template's header and example row, and a file of `n` copies of the example with their own people. */
async function fileFromTemplate(templatePath: string, n: number, bad: Map<number, Record<number, string>>) {
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(templatePath);
  const sheet = template.worksheets[0]!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const example = (sheet.getRow(2).values as string[]).slice(1).map((v) => String(v ?? ''));
  const out = new ExcelJS.Workbook();
  const data = out.addWorksheet('Alumnos');
  data.addRow(header);
  for (let i = 0; i < n; i++) {
    const row = [...example];
    row[0] = String(8_800_100 + i);
    row[1] = `Importada${i}`;
    row[2] = 'Ybyrapytá';
    row[3] = `importada${i}@demo.edu.py`;
    for (const [column, value] of Object.entries(bad.get(i) ?? {})) row[Number(column)] = value;
    data.addRow(row);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-e2e-import-')), 'alumnos.xlsx');
  await out.xlsx.writeFile(file);
  return file;
}

async function pick(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Archivo' }).click();
  await (await chooser).setFiles(file);
}

test('[FUNCIONARIO] importar: descarga la plantilla, prueba un archivo de 50 alumnos con dos errores, lo corrige y lo aplica', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.getByRole('link', { name: 'Importar' }).first().click();
  await expect(page.getByRole('heading', { name: 'Importar datos' })).toBeVisible();
  // Careers come first on a new installation's page (issue 44); students are chosen.
  await page.getByText('Alumnos', { exact: true }).last().click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar plantilla xlsx' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('Plantilla Alumnos.xlsx');
  const templatePath = await template.path();

  // Row 11 (the 10th student) has a bad e-mail; row 31 repeats the document of row 2.
  const bad = new Map<number, Record<number, string>>([
    [9, { 3: 'importada9-sin-arroba' }],
    [29, { 0: '8.800.100' }],
  ]);
  await pick(page, await fileFromTemplate(templatePath, 50, bad));
  await page.getByRole('button', { name: 'Probar' }).click();
  // Both rows of the repeated document are marked (issue 44), and each error shows the refused value.
  await expect(page.getByText('Errores: 3')).toBeVisible();
  await expect(page.getByText('Crear: 47')).toBeVisible();
  const table = page.getByRole('table', { name: 'Resultado de la prueba' });
  await expect(table.getByText('El correo electronico no es valido.')).toBeVisible();
  await expect(table.getByText('Repetido: ya figura en la fila 2')).toBeVisible();
  await expect(table.getByText('Repetido: también figura en la fila 31')).toBeVisible();
  await expect(table.getByText('(valor: «importada9-sin-arroba»)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  await shot(page, 'imports-dry-run-errors');

  await page.getByRole('switch', { name: 'Sólo errores' }).uncheck();
  await expect(table.getByRole('row')).toHaveCount(51);

  // Fixed: the same file without the two mistakes.
  await pick(page, await fileFromTemplate(templatePath, 50, new Map()));
  await page.getByRole('button', { name: 'Probar' }).click();
  await expect(page.getByText('Crear: 50')).toBeVisible();
  await expect(page.getByText('Errores: 0')).toBeVisible();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByRole('button', { name: 'Sí, importar' }).click();
  await expect(page.getByText('Se crearon 50 y se actualizaron 0 registros.')).toBeVisible();
  await shot(page, 'imports-applied');

  await page.goto('/pages/students');
  await searchList(page, 'Ybyrapyta Importada49');
  await expect(page.getByText('Resultado 1 - 1 de 1 registros')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Importada49' }).getByText('8.800.149')).toBeVisible();
  await shot(page, 'imports-students-list');
});

test('[FUNCIONARIO] importar: aplica un archivo csv de profesores y uno de mallas', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/importar');

  const choose = async (name: string, text: string, encoding: BufferEncoding) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Archivo' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, encoding) });
  };
  const apply = async () => {
    await page.getByRole('button', { name: 'Probar' }).click();
    await expect(page.getByText('Errores: 0')).toBeVisible();
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('button', { name: 'Sí, importar' }).click();
  };

  await page.getByText('Profesores', { exact: true }).last().click();
  // Windows-1252 with semicolons, as Excel in Spanish saves it.
  await choose(
    'profesores.csv',
    'C.I. Nº;Nombres;Apellidos;E-mail;Celular\r\n8.800.901;Ñeembucú;Giménez;profe.importado@demo.edu.py;0981 555666\r\n',
    'latin1',
  );
  await apply();
  await expect(page.getByText('Se crearon 1 y se actualizaron 0 registros.')).toBeVisible();

  await page.getByText('Mallas', { exact: true }).last().click();
  await choose(
    'mallas.csv',
    // fecha fija: a curriculum's start date, which no rule compares with today.
    'Carrera,Malla,Vigencia,Código,Materia,Semestre,Horas de teoría\r\n' +
      'INF,Plan Importado E2E,01/03/2026,E2E-901,Ingeniería de Datos,9,48\r\n' +
      'INF,Plan Importado E2E,01/03/2026,E2E-902,Ética Profesional,10,32\r\n',
    'utf8',
  );
  await apply();
  await expect(page.getByText('Se crearon 2 y se actualizaron 0 registros.')).toBeVisible();
  await shot(page, 'imports-mallas-applied');

  await page.goto('/pages/mallas');
  await expect(page.getByText('Plan Importado E2E')).toBeVisible();
});
