import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { fullSection, loginAs, shot, uploadPortrait } from './support.js';

/**
 * Seat limits (issue 29). The demo's Cálculo II (B) of Informática is full with three students waiting;
 * alumno@demo joins its list, staff raise the cap so the offer reaches them, and open a parallel section.
 */
test.describe.configure({ mode: 'serial' });

/** The enrolment form, updating the ficha first when the app asks for it (as enrolment.spec does). */
async function openInscripcionForm(page: Page) {
  await page.goto('/pages/student-subjects');
  await page.getByRole('button', { name: 'Inscríbase Aquí' }).click();
  await page.waitForURL(/inscription\/form$|edit-profile$/);
  if (page.url().endsWith('edit-profile')) {
    // Decide on what the form shows once the profile has loaded (isVisible does not wait): a photo and an
    // emergency contact already saved (enrolment.spec ran before on the same server) are kept.
    await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('alumno@demo.edu.py');
    if (await page.getByText('Sin foto').isVisible()) {
      await uploadPortrait(page, 'foto.jpg', 'SC', '#1f7a5a');
    }
    // The section folds once the ficha is complete.
    if (!(await page.getByLabel('Teléfono de emergencia').isVisible()))
      await page.getByText('Datos adicionales').click();
    await page.getByLabel('Teléfono de emergencia').fill('0981 123 456');
    await page.getByLabel('Nombre del contacto').fill('Marta Villalba');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/pages\/student-subjects\/inscription\/form$/);
  }
  await expect(page.getByRole('region', { name: /Semestre$/ }).first()).toBeVisible();
}

test('[ALUMNO] lista de espera: una materia sin cupo lo pone en la lista y el Tablero muestra la posición', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'alumno@demo.edu.py');
  await openInscripcionForm(page);
  const box = page.getByRole('checkbox', { name: /Cálculo II\b.*Sección B/ });
  await box.check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Resultado de la inscripción' });
  // The Manifiesto comes first when the ficha was just updated (the edit-profile flow).
  const manifiesto = page.getByRole('button', { name: 'Sí, Acepto' });
  await expect(result.or(manifiesto)).toBeVisible();
  if (await manifiesto.isVisible()) await manifiesto.click();
  const waiting = result.locator('[data-result="waiting"]');
  // The line names the section (issue 34 item 22).
  await expect(waiting).toContainText('Cálculo II (B): Sin cupo: quedó en lista de espera (posición 4)');
  await shot(page, 'waitlist-result');

  await page.goto('/pages/student-dashboard');
  const card = page.getByTestId('lista-espera').filter({ hasText: 'Cálculo II' });
  await expect(card).toContainText('posición 4');
  await shot(page, 'waitlist-dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await shot(page, 'waitlist-dashboard-390');
});

test('[FUNCIONARIO] lista de espera: sube el cupo y el alumno recibe y acepta la oferta', async ({ page, browser }) => {
  // Two sessions and the offer job's turn (up to 30 s below): 55 s on a loaded 2-core machine, near the 60 s default.
  test.slow();
  await loginAs(page, 'funcionario@demo.edu.py');
  const section = await fullSection(page);
  await page.goto(`/pages/subjects-periods/edit/${section.id}`);
  const cupo = page.getByRole('textbox', { name: 'Cupo' });
  await expect(cupo).not.toHaveValue('');
  const before = Number(await cupo.inputValue());
  await expect(page.getByRole('link', { name: `Lista de espera (${section.waiting})` })).toBeVisible();
  // Enough seats for everyone in line, alumno@demo (4th) included.
  await cupo.fill(String(before + section.waiting));
  await shot(page, 'waitlist-cupo');
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  await expect(page.getByText('Materia por periodo guardada exitosamente')).toBeVisible();

  const alumno = await browser.newPage();
  await loginAs(alumno, 'alumno@demo.edu.py');
  await alumno.goto('/pages/student-dashboard');
  const offer = alumno.getByTestId('oferta-lista-espera').filter({ hasText: 'Cálculo II' });
  await expect(async () => {
    await alumno.reload();
    await expect(offer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await shot(alumno, 'waitlist-offer');
  await offer.getByRole('button', { name: 'Aceptar el lugar' }).click();
  await expect(alumno.getByText(/Inscripción realizada: aceptó el lugar ofrecido/)).toBeVisible();
  await expect(offer).toHaveCount(0);
  await alumno.close();
});

test('[FUNCIONARIO] lista de espera: ve la lista en orden y abre una sección paralela', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'funcionario@demo.edu.py');
  const section = await fullSection(page);
  await page.goto(`/pages/subjects-periods/waitlist/${section.id}`);
  await expect(page.getByRole('heading', { name: 'Lista de espera' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first().getByRole('cell').first()).toHaveText('1');
  await shot(page, 'waitlist-staff');
  await page.getByRole('button', { name: 'Abrir sección paralela' }).click();
  await page.getByRole('button', { name: 'Sí, Abrir' }).click();
  await expect(page.getByText(/Sección [A-Z0-9]+ creada/)).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/subjects-periods\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Cupo' })).not.toHaveValue('');
  await shot(page, 'waitlist-parallel');
});
