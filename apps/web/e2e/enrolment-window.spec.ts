import { expect, test } from './harness/fixtures.js';
import { api, auth, enrolmentWindow, loginAs, setEnrolmentWindow, shot, enrolmentOffer } from './support.js';

/**
 * Before the enrolment window opens (issue 29): the student prepares a selection, 'Validar' checks it and says
 * the window has not opened yet, and saving is refused with its reason. The window is moved through the API by an
 * administrator in a page of their own and put back exactly as it was, so the specs after this one find the
 * demo as `npm start` leaves it; nothing is saved for alumno@demo.
 */
const NOT_YET = 'La inscripción todavía no abrió: puede validar su selección ahora y guardarla cuando abra';
const SAVE_NEEDS_WINDOW = 'Guardar se habilita mientras el periodo de inscripción está abierto';

test('[ALUMNO] inscripción antes de que abra el periodo: Validar lo dice y Guardar se rechaza con su motivo', async ({
  page,
  browser,
}) => {
  const admin = await browser.newPage();
  await loginAs(admin, 'admin@demo.edu.py');
  const saved = await enrolmentWindow(admin);
  // Opens in two days, counted from now: the same answer at any time of day.
  await setEnrolmentWindow(admin, 2, 16);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, 'alumno@demo.edu.py');
    const { perfilAlumnoId } = await api<{ perfilAlumnoId: number }>(page, '/api/studentsubjects/my-student');
    const offer = await enrolmentOffer(page, perfilAlumnoId);
    expect(offer).toMatchObject({ enableInscription: false, inscripcionPorAbrir: true });
    // A box the student can tick: not taken yet, not passed.
    const target = offer.semestres
      .flatMap((s) => s.materias)
      .find((m) => m.seccion === 'A' && !m.inscripto && !m.aprobada)!;
    expect(target).toBeDefined();

    await page.goto('/pages/student-subjects/inscription/form');
    await expect(page.getByRole('heading', { name: 'Inscripción a materias' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: NOT_YET })).toBeVisible();
    // The boxes can be ticked to prepare the selection; Guardar is off and says why.
    const box = page
      .locator('.mantine-Checkbox-root')
      .filter({ hasText: `${target.codigo} - ${target.nombre}` })
      .filter({ hasText: `Sección ${target.seccion}` })
      .getByRole('checkbox');
    await box.check();
    const guardar = page.getByRole('button', { name: 'Guardar' });
    await expect(guardar).toBeDisabled();
    await expect(guardar).toHaveAccessibleDescription(SAVE_NEEDS_WINDOW);

    await page.getByRole('button', { name: 'Validar' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'Validación de la selección' });
    await expect(answer).toBeVisible();
    const line = answer.locator('[data-check="blocked"]');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(target.nombre);
    // The window is the first reason; whatever else the selection lacks is named after it.
    await expect(line.getByRole('listitem').first()).toHaveText(NOT_YET);
    await expect(answer.locator('[data-check="ok"]')).toHaveCount(0);
    await shot(page, 'enrolment-window-not-yet');

    // The save itself, as the button would send it, is refused whole with its reason.
    const res = await page.request.post('/api/studentsubjects/save-inscription', {
      headers: await auth(page),
      data: {
        perfilAlumnoId,
        materiasModificadas: [{ materiaPeriodoId: target.materiaPeriodoId, inscripto: true }],
        conforme: false,
      },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ error: NOT_YET });
    const after = await enrolmentOffer(page, perfilAlumnoId);
    const still = after.semestres
      .flatMap((s) => s.materias)
      .find((m) => m.materiaPeriodoId === target.materiaPeriodoId);
    expect(still?.inscripto).toBe(false);

    // The phone: the same answer, and Guardar's reason under the buttons.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText(SAVE_NEEDS_WINDOW)).toBeVisible();
    await answer.scrollIntoViewIfNeeded();
    await shot(page, 'enrolment-window-not-yet-390', { viewport: true });
  } finally {
    await setEnrolmentWindow(admin, saved.inicio, saved.fin);
    await admin.close();
  }
});
