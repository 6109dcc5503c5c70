import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { api, loginAs, shot, SHOTS } from './support.js';
import { readPdf } from './pdf.js';

interface ExamenRow {
  id: number;
  estado: { value: number };
  fecha: string;
  cantidadInscriptos: number;
}
interface Inscripto {
  apellido: string;
  nombre: string;
  porcentajePC: number | null;
  instancia: { value: number };
}

test.describe.configure({ timeout: 180_000 });

/**
 * The first demo exam in the state, already held (scores are refused before the exam's date and time), with a
 * Recuperatorio row the predicate accepts.
 */
async function examenWith(page: Page, estado: number, accept: (r: Inscripto) => boolean) {
  const { items } = await api<{ items: ExamenRow[] }>(page, '/api/exams/all', {
    page: 1,
    pageSize: 1000,
    filters: { estado: [estado] },
  });
  for (const e of items.filter((x) => x.cantidadInscriptos > 0 && Date.parse(x.fecha) <= Date.now())) {
    const examen = await api<{ inscriptos: Inscripto[]; codigoVerificacion: string | null }>(
      page,
      `/api/exams/${e.id}`,
    );
    const row = examen.inscriptos.find((r) => r.instancia.value === 1 && accept(r));
    if (row) return { id: e.id, row, codigo: examen.codigoVerificacion };
  }
  return undefined;
}

test('[FUNCIONARIO] recuperatorio: la tabla pide el % PC, el acta imprime la nota y cada página su membrete y código', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');

  // An active exam: a Recuperatorio row asks for its PC inline and has no PF to type (issue 30).
  const active = await examenWith(page, 0, (r) => r.porcentajePC === null);
  expect(active, 'an active demo exam with a Recuperatorio student').toBeDefined();
  await page.goto(`/pages/exams/edit/${active!.id}`);
  const table = page.getByRole('table', { name: 'Alumnos inscriptos y notas' });
  const name = `${active!.row.apellido}, ${active!.row.nombre}`;
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('textbox', { name: `% PC de ${name}` })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('textbox', { name: `% PF de ${name}` })).toHaveCount(0);
  await expect(row.getByLabel('% PF: no corresponde a Recuperatorio')).toBeVisible();
  await row.getByRole('textbox', { name: `% PC de ${name}` }).fill('75');
  await expect(row.getByText('3 - Tres')).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'recuperatorio-scores', { viewport: true });
  // The demo stays as it was.
  await row.getByRole('textbox', { name: `% PC de ${name}` }).fill('');
  await expect(row.getByText('3 - Tres')).toHaveCount(0);
  await expect(row.getByLabel('Guardado')).toBeVisible();

  // A sealed exam with a graded Recuperatorio: its acta prints the grade and the code; so does every page.
  const sealed = await examenWith(page, 1, (r) => r.porcentajePC !== null);
  expect(sealed, 'a sealed demo exam with a graded Recuperatorio').toBeDefined();
  await page.goto(`/pages/exams/show-all-report/${sealed!.id}`);
  await expect(page.getByText('ACTA DE RECUPERATORIO')).toBeVisible({ timeout: 30_000 });
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'recuperatorio-acta-all');
  const file = path.join(SHOTS, 'actas-todas.pdf');
  await page.pdf({ path: file, format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });

  const pdf = await readPdf(file);
  const pages = pdf.pages.map((p) => p.replace(/\s+/g, ' '));
  expect(pages.length).toBeGreaterThanOrEqual(3);
  const letterhead = pages[0]!.slice(0, 80).split(' ').slice(0, 3).join(' ');
  for (const [i, text] of pages.entries()) {
    // Each page opens with the same letterhead and closes with the sealed acta's code.
    expect(text.startsWith(letterhead), `page ${i + 1}: ${text.slice(0, 120)}`).toBe(true);
    expect(text, `page ${i + 1}`).toContain(`Código de verificación: ${sealed!.codigo}`);
  }
  const recuperatorio = pages.find((p) => p.includes('ACTA DE RECUPERATORIO'))!;
  expect(recuperatorio).toContain(`${sealed!.row.apellido}, ${sealed!.row.nombre}`);
  // The grade in figures and in letters beside the PC.
  expect(recuperatorio).toMatch(/% PC Calificación En letras/);
  expect(recuperatorio).toMatch(/\d+ [1-5] (Uno|Dos|Tres|Cuatro|Cinco) (Aprobado|Reprobado)/);
});
