import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import JSZip from 'jszip';
import { api, auth, loginAs, profesorMaterias, shot } from './support.js';

/** Homework handed in through Arandu (issue 46): the student hands in, the professor gives feedback, publishes. */

const DESCRIPCION = 'Entrega e2e: informe final';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    `trailer << /Root 1 0 R >>\n%%EOF\n${'%'.repeat(400_000)}\n`,
);
// A 1x1 PNG (a phone photo is an image too).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// The professor's file back with the feedback: an annotated copy.
const CORREGIDO = Buffer.from(
  '%PDF-1.4\n% corregido con notas\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let materiaPeriodoId = 0;
let tareaId = 0;

test.describe.configure({ mode: 'serial' });

/** The subject of the demo's hand-ins ('Informe de laboratorio 1'): profesor@demo heads it, alumno@demo takes it. */
async function materiaDeEntregas(page: Page): Promise<number> {
  const materias = await profesorMaterias(page);
  for (const m of materias) {
    const tareas = await api<{ items: { descripcion: string }[] }>(page, `/api/homework/${m.id}/homework/all`, {
      page: 1,
      pageSize: 50,
    });
    if (tareas.items.some((t) => t.descripcion === 'Informe de laboratorio 1')) return m.id;
  }
  throw new Error('the demo has no hand-in subject');
}

test('[PROFESOR] sets a homework handed in through Arandu, due in two days', async ({ page }) => {
  materiaPeriodoId = await materiaDeEntregas(page);
  // The deadline from now, to the second: no literal date.
  const hasta = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();
  const res = await page.request.post('/api/homework/homework', {
    headers: await auth(page),
    data: {
      id: 0,
      materiaPeriodoId,
      descripcion: DESCRIPCION,
      fechaEntrega: hasta.slice(0, 10),
      tipoTarea: 1,
      puntajeTotal: 20,
      porcentajePesoMateria: 0,
      entrega: { hasta, tipos: ['pdf', 'imagen'], maxArchivos: 3, maxMB: 20, atrasoHasta: null },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  tareaId = ((await res.json()) as { id: number }).id;
});

test('[ALUMNO] uploads two files with a progress bar each and sees the receipt', async ({ page }) => {
  await loginAs(page, 'alumno@demo.edu.py');
  await page.goto(`/pages/student-tasks/${materiaPeriodoId}`);
  const row = page.getByRole('row').filter({ hasText: DESCRIPCION });
  await expect(row.getByText(/^Vence el /)).toBeVisible();
  await row.getByRole('button', { name: 'Entregar' }).click();
  const dialog = page.getByRole('dialog', { name: DESCRIPCION });
  await dialog.getByLabel('Archivos de la entrega').setInputFiles([
    { name: 'informe-e2e.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'foto-pizarra.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByText('informe-e2e.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entregar', exact: true }).click();
  for (const name of ['informe-e2e.pdf', 'foto-pizarra.png']) {
    await expect(dialog.getByRole('progressbar', { name: `Progreso de ${name}` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  }
  const recibo = dialog.getByLabel('Comprobante de entrega');
  await expect(recibo.getByText('Entregada a tiempo')).toBeVisible();
  await expect(recibo.getByText(sha(PDF))).toBeVisible();
  await expect(recibo.getByText(sha(PNG))).toBeVisible();
  await expect(recibo.getByRole('link', { name: 'foto-pizarra.png' })).toBeVisible();
  await shot(page, 'entregas-alumno-recibo');
});

test('[PROFESOR] opens a file inline, gives feedback and a score, publishes, downloads all', async ({ page }) => {
  await loginAs(page, 'profesor@demo.edu.py');
  await page.goto(`/pages/profesor-subjects/${materiaPeriodoId}`);
  // The subject's page opens on 'Alumnos': the homework is under 'Tareas'.
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: DESCRIPCION })
    .getByRole('button', { name: /Editar/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar tarea de clase' });
  const table = dialog.getByRole('table', { name: 'Entregas de la tarea' });
  const row = table.getByRole('row').filter({ hasText: 'informe-e2e.pdf' });
  await expect(row).toBeVisible();

  // PDF and images open in the browser's own tab: the link opens a new one on the file, served inline. (What the
  // tab then shows is the browser's: the headless shell the suite runs in has no PDF viewer, so the file's
  // address is read from the link, not from the tab.)
  const link = row.getByRole('link', { name: /informe-e2e\.pdf/ });
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.headers()['content-disposition']).toMatch(/^inline/);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(sha(await file.body())).toBe(sha(PDF));
  await popup.close();

  await row.getByRole('textbox', { name: /^Devolución para / }).fill('Buen informe: falta la conclusión.');
  await row.getByRole('button', { name: /^Guardar devolución/ }).click();
  await expect(page.getByText('Devolución guardada').first()).toBeVisible();
  // A file back with the feedback, beside the text.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    row.getByRole('button', { name: /^Adjuntar archivo de la devolución de / }).click(),
  ]);
  await chooser.setFiles({ name: 'informe-corregido.pdf', mimeType: 'application/pdf', buffer: CORREGIDO });
  await expect(page.getByText('Archivo de la devolución guardado').first()).toBeVisible();
  await expect(row.getByRole('link', { name: /^informe-corregido\.pdf/ })).toBeVisible();
  await row.getByRole('textbox', { name: /^Puntaje de / }).fill('17');
  await row.getByRole('textbox', { name: /^Puntaje de / }).press('Tab');
  await expect(page.getByText('Puntaje actualizado exitosamente.').first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Publicar devoluciones' }).click();
  await page.getByRole('button', { name: 'Sí, publicar' }).click();
  await expect(page.getByText('Devoluciones publicadas: los alumnos ya pueden verlas').first()).toBeVisible();
  await shot(page, 'entregas-profesor-lista');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Descargar todas' }).click(),
  ]);
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  const pdf = names.find((n) => n.endsWith('/informe-e2e.pdf'));
  expect(pdf, names.join('\n')).toMatch(/^[^/]+, [^/]+ - \d+\/informe-e2e\.pdf$/);
  expect(sha(await zip.file(pdf!)!.async('nodebuffer'))).toBe(sha(PDF));
  expect(names).toContain(pdf!.replace('informe-e2e.pdf', 'foto-pizarra.png'));
});

test('[ALUMNO] reads the feedback, its file and the score once published', async ({ page }) => {
  await loginAs(page, 'alumno@demo.edu.py');
  await page.goto(`/pages/student-tasks/${materiaPeriodoId}`);
  const row = page.getByRole('row').filter({ hasText: DESCRIPCION });
  await expect(row.getByText('17 / 20')).toBeVisible();
  await row.getByRole('button', { name: 'Ver entrega' }).click();
  const devolucion = page.getByLabel('Devolución del profesor');
  await expect(devolucion.getByText('Buen informe: falta la conclusión.')).toBeVisible();
  await expect(devolucion.getByText('Puntaje: 17 / 20')).toBeVisible();
  // The file given back opens for the student now that it is published.
  const back = devolucion.getByRole('link', { name: 'informe-corregido.pdf' });
  const file = await page.request.get((await back.getAttribute('href'))!);
  expect(file.ok()).toBe(true);
  expect(sha(await file.body())).toBe(sha(CORREGIDO));
  expect(tareaId).toBeGreaterThan(0);
  await shot(page, 'entregas-alumno-devolucion');
});
