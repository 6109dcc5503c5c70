import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { api, loginAs, shot, SHOTS } from './support.js';
import { readPdf } from './pdf.js';

interface Certificado {
  id: number;
  codigo: string;
  tipo: 'alumno-regular' | 'estudios';
  reemplazado: boolean;
}

test.describe.configure({ timeout: 180_000 });

/**
 * Clicks the issue button of a type; the page saves the PDF the server made, and its toast names the code (read at
 * once: it closes by itself after 6 s, and reading the PDF first took longer than that on a busy run).
 */
async function issueAndRead(page: Page, button: string, file: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  const codigo = /^Certificado-(.+)\.pdf$/.exec(download.suggestedFilename())?.[1];
  expect(codigo, download.suggestedFilename()).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expect(page.getByText(`código ${codigo}`)).toBeVisible();
  const saved = path.join(SHOTS, file);
  await download.saveAs(saved);
  const pdf = await readPdf(saved);
  return { codigo: codigo!, text: pdf.pages.join('\n').replace(/\s+/g, ' '), links: pdf.links, pages: pdf.pages };
}

test('[ALUMNO] certificados: emite los dos desde el panel, lee el PDF y abre la verificación desde el QR', async ({
  page,
}) => {
  await loginAs(page, 'alumno@demo.edu.py');
  // The demo already issued the student's 'Certificado de estudios' (seed): it is listed and verifies.
  const before = await api<Certificado[]>(page, '/api/certificados');
  const seeded = before.find((c) => c.tipo === 'estudios' && !c.reemplazado);
  expect(seeded, 'the demo certificate of alumno@demo').toBeDefined();

  // From the dashboard's card to 'Mis certificados'.
  await page.goto('/pages/student-dashboard');
  const card = page.getByText('Constancia de alumno regular y certificado de estudios, con código de verificación.');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await shot(page, 'certificates-dashboard');
  await page.locator('#contenido').getByRole('link', { name: 'Mis certificados' }).click();
  await expect(page.getByRole('heading', { name: 'Mis certificados' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Certificados emitidos' });
  await expect(table.getByRole('link', { name: seeded!.codigo })).toBeVisible();

  const constancia = await issueAndRead(page, 'Emitir constancia de alumno regular', 'constancia-alumno-regular.pdf');
  // alumno@demo is Sofía: the constancia words her as 'alumna' (issue 44).
  expect(constancia.text).toContain('Constancia de alumna regular');
  expect(constancia.text).toContain(`Código de verificación: ${constancia.codigo}`);

  const estudios = await issueAndRead(page, 'Emitir certificado de estudios', 'certificado-estudios.pdf');
  expect(estudios.text).toContain('Certificado de estudios');
  expect(estudios.text).toContain(`Código de verificación: ${estudios.codigo}`);
  expect(estudios.text).toMatch(/Promedio de las calificaciones de aprobación/);
  // Each page carries the faculty's letterhead.
  for (const p of estudios.pages) expect(p.replace(/\s+/g, ' ')).toMatch(/Facultad/i);

  await expect(table.getByRole('link', { name: constancia.codigo })).toBeVisible();
  await expect(table.getByRole('link', { name: estudios.codigo })).toBeVisible();
  await shot(page, 'certificates-issued');

  // The QR's target, as anyone holding the paper opens it: no session, no grades.
  for (const [doc, nombre] of [
    [constancia, 'Constancia de alumno regular'],
    [estudios, 'Certificado de estudios'],
  ] as const) {
    const url = doc.links.find((l) => l.endsWith(`/verificar/${doc.codigo}`));
    expect(url, `the QR links to the verification page: ${doc.links.join(', ')}`).toBeDefined();
    const anonymous = await page.context().browser()!.newPage();
    await anonymous.goto(url!);
    await expect(anonymous.getByRole('heading', { name: nombre })).toBeVisible();
    await expect(anonymous.getByText('Certificado vigente')).toBeVisible();
    await expect(anonymous.getByText(doc.codigo)).toBeVisible();
    await expect(anonymous.getByText(/Calificaci[oó]n \d/)).toHaveCount(0);
    await shot(anonymous, `certificate-verification-${nombre.split(' ')[0]!.toLowerCase()}`);
    await anonymous.close();
  }

  // The demo's certificate verifies too: same content as the one just issued, so it is still valid.
  await page.goto(`/verificar/${seeded!.codigo}`);
  await expect(page.getByRole('heading', { name: 'Certificado de estudios' })).toBeVisible();
  await expect(page.getByText('Certificado vigente')).toBeVisible();
});
