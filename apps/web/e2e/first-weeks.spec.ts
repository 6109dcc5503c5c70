import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { readPdf } from './pdf.js';
import { asuncionDay, loginAs, shot, SHOTS } from './support.js';

/*
 * Issue 44, 'Done when' [ADMIN]: a new faculty's first weeks on an installation with no demo data and one
 * administrator (create-admin): careers, then a malla with its correlatives from an .ods written by
 * LibreOffice, then students on an installation without SMTP, whose credential letters the administrator
 * downloads once and the test reads back with a PDF parser.
 */

// A fresh installation without demo data, its one administrator signed in (the e2e harness's option).
test.use({ instalacion: 'vacia' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-e2e-first-weeks-'));

async function xlsxFile(name: string, rows: (string | number)[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  for (const row of rows) sheet.addRow(row);
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** The same file as LibreOffice saves it: `soffice --headless --convert-to ods` (.ci/run installs it). */
function odsOf(xlsx: string): string {
  execFileSync('soffice', ['--headless', '--convert-to', 'ods', '--outdir', dir, xlsx], {
    stdio: 'pipe',
    timeout: 120_000,
    env: { ...process.env, HOME: dir },
  });
  return xlsx.replace(/\.xlsx$/, '.ods');
}

async function pick(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Archivo' }).click();
  await (await chooser).setFiles(file);
}

/** A dry run without errors, then the apply, confirmed. */
async function importFile(page: Page, kind: string, file: string, crear: number) {
  await page.getByText(kind, { exact: true }).last().click();
  await pick(page, file);
  await page.getByRole('button', { name: 'Probar' }).click();
  await expect(page.getByText(`Crear: ${crear}`)).toBeVisible();
  await expect(page.getByText('Errores: 0')).toBeVisible();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByRole('button', { name: 'Sí, importar' }).click();
  await expect(page.getByText(`Se crearon ${crear} y se actualizaron 0 registros.`)).toBeVisible();
}

test('[ADMIN] primeras semanas: carreras, una malla con correlativas desde un .ods, alumnos sin SMTP y sus cartas de credenciales', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin@facultad.edu.py');
  await page.goto('/pages/importar');
  await expect(page.getByRole('heading', { name: 'Importar datos' })).toBeVisible();

  // 1. Careers: the page opens on them, the first thing a malla needs.
  const carreras = await xlsxFile('carreras.xlsx', [
    ['Código', 'Nombre', 'Activa'],
    ['ICI', 'Ingeniería Civil', 'Sí'],
    ['IEL', 'Ingeniería Electrónica', 'Sí'],
  ]);
  await importFile(page, 'Carreras', carreras, 2);
  await shot(page, 'first-weeks-careers');

  // 2. A malla with correlatives, from the .ods LibreOffice writes.
  const vigencia = asuncionDay(0);
  const malla = odsOf(
    await xlsxFile('malla.xlsx', [
      ['Carrera', 'Malla', 'Fecha de vigencia', 'Código', 'Materia', 'Semestre', 'Correlativas'],
      ['ICI', 'Plan Civil', vigencia, 'CI-101', 'Cálculo I', 1, ''],
      ['ICI', 'Plan Civil', vigencia, 'CI-102', 'Física I', 1, ''],
      ['ICI', 'Plan Civil', vigencia, 'CI-201', 'Cálculo II', 2, 'CI-101 (regularizada); CI-102 (aprobada)'],
    ]),
  );
  await importFile(page, 'Mallas', malla, 3);
  // The same file again: nothing to change, so the correlatives were written as the file says.
  await pick(page, malla);
  await page.getByRole('button', { name: 'Probar' }).click();
  await expect(page.getByText('Sin cambios: 3')).toBeVisible();
  await shot(page, 'first-weeks-malla-ods');

  // 3. Students, without SMTP: the apply offers their credential letters, once.
  const alumnos = await xlsxFile('alumnos.xlsx', [
    ['Documento', 'Nombre', 'Apellido', 'Correo electrónico', 'Teléfono celular', 'Carrera', 'Fecha de ingreso'],
    ['5.100.201', 'Ana', 'Benítez', 'ana.benitez@facultad.edu.py', '0981 100201', 'ICI', vigencia],
    ['5.100.202', 'Mateo', 'Ñamandú', 'mateo.namandu@facultad.edu.py', '0981 100202', 'ICI', vigencia],
    ['5.100.203', 'Lía', 'Giménez', 'lia.gimenez@facultad.edu.py', '0981 100203', 'ICI', vigencia],
  ]);
  await importFile(page, 'Alumnos', alumnos, 3);
  await expect(page.getByText('Sin servidor de correo: entregue las credenciales en papel')).toBeVisible();
  await shot(page, 'first-weeks-credentials');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Descargar cartas de credenciales' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Cartas de credenciales.pdf');
  const saved = path.join(SHOTS, 'first-weeks-cartas.pdf');
  await download.saveAs(saved);
  const pdf = await readPdf(saved);
  // Two letters a sheet: three people on two pages, each with what they need to sign in.
  expect(pdf.pages).toHaveLength(2);
  const text = pdf.pages.join('\n').replace(/\s+/g, ' ');
  for (const who of ['Ana Benítez', 'Mateo Ñamandú', 'Lía Giménez']) expect(text).toContain(who);
  expect(text).toContain('5.100.201');
  expect(text).toContain('ana.benitez@facultad.edu.py');
  expect(text).toContain('Cambie su contraseña al ingresar');
  expect([...text.matchAll(/Contraseña temporal: (\S{12})/g)]).toHaveLength(3);
  // Once: the button says so, and only a reset (after a confirmation) gives new letters.
  await expect(page.getByRole('button', { name: 'Cartas descargadas' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Restablecer contraseñas y descargar de nuevo' })).toBeVisible();
});
