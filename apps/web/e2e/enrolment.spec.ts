import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { completeFichaForInscripcion, loginAs, setEnrolmentWindow, shot } from './support.js';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** The subject-period checkboxes of a semester card with their labels and slot lines. */
async function boxesOf(card: Locator) {
  const boxes = card.getByRole('checkbox');
  const out: { box: Locator; label: string; slots: string; checked: boolean; usable: boolean }[] = [];
  for (let i = 0; i < (await boxes.count()); i++) {
    const box = boxes.nth(i);
    const wrapper = card.locator('.mantine-Checkbox-root').nth(i);
    // A line says before choosing why it is locked (issue 44): its slots are the description without that.
    const motivos = wrapper.getByTestId('motivos');
    const locked = (await motivos.count()) > 0;
    const reasons = locked ? ((await motivos.textContent()) ?? '') : '';
    const description = (await wrapper.locator('.mantine-Checkbox-description').textContent()) ?? '';
    out.push({
      box,
      // textContent: the section badge is upper-cased by CSS, which innerText would apply.
      label: ((await wrapper.locator('.mantine-Checkbox-label').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
      slots: description.replace(reasons, '').trim(),
      checked: await box.isChecked(),
      // A passed subject is disabled; a locked one would only be refused at Guardar.
      usable: !locked && (await box.isEnabled()),
    });
  }
  return out;
}

/** The staff list's 'Alumno' search. */
async function searchAlumno(page: Page, text: string) {
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  const field = page.getByRole('textbox', { name: 'Alumno' });
  await field.fill(text);
  await field.press('Enter');
}

/** 'INF-301 - Cálculo III Sección A' -> 'Cálculo III'. */
const materiaName = (label: string) => label.replace(/^\S+ - /, '').replace(/\s*Sección .*$/, '');

// FIXME (found by the e2e run that closed the session of issue 42's harness): since the enrolment form marks locked lines
// before choosing (issue 44), no later-semester section A that alumno@demo may take meets at the time of one of
// hers, so the spec finds no clash to choose; it must make its own clashing section through the API as staff.
test.fixme('[ALUMNO] inscripción: Inscríbase Aquí, ficha, Manifiesto, dos materias y un choque; estrella, Tablero y Mi Malla', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'alumno@demo.edu.py');
  await expect(page).toHaveURL(/\/pages\/student-dashboard$/);

  await menu(page).getByRole('link', { name: 'Mis materias' }).click();
  await expect(page.getByRole('heading', { name: 'Inscripciones a materias' })).toBeVisible();
  await page.getByRole('button', { name: 'Inscríbase Aquí' }).click();
  await expect(page).toHaveURL(/\/pages\/account\/edit-profile$/);
  // The demo student's ficha lacks the photo and the emergency contact the form asks for: update it.
  await completeFichaForInscripcion(page, {
    photo: ['sofia.jpg', 'SC', '#1f7a5a'],
    telefono: '0981 123 456',
    contacto: 'Marta Villalba',
  });
  await expect(page.getByRole('heading', { name: 'Inscripción a materias' })).toBeVisible();

  // The student's semester is the card with their enrolments; a later semester's subject that meets at the
  // same time as one of them is the clash.
  const cards = page.getByRole('region', { name: /Semestre$/ });
  await expect(cards.first()).toBeVisible();
  let own: Awaited<ReturnType<typeof boxesOf>> = [];
  const others: Awaited<ReturnType<typeof boxesOf>> = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const boxes = await boxesOf(cards.nth(i));
    if (boxes.some((b) => b.checked)) own = boxes;
    else others.push(...boxes);
  }
  const enrolled = own.filter((b) => b.checked);
  const enrolledNames = enrolled.map((b) => materiaName(b.label));
  const free = own.filter(
    (b) => b.usable && !b.checked && b.label.includes('Sección A') && !enrolledNames.includes(materiaName(b.label)),
  );
  expect(free.length).toBeGreaterThanOrEqual(2);
  const clash = others.find(
    (b) => b.usable && b.label.includes('Sección A') && enrolled.some((e) => e.slots === b.slots),
  );
  expect(clash).toBeDefined();
  const clashesWith = materiaName(enrolled.find((e) => e.slots === clash!.slots)!.label);

  await free[0]!.box.check();
  await free[1]!.box.check();
  await clash!.box.check();
  await shot(page, 'enrolment-form');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Manifiesto de Conformidad')).toBeVisible();
  await shot(page, 'enrolment-manifiesto');
  await page.getByRole('button', { name: 'Sí, Acepto' }).click();

  // One line refused: the answer says so where the student is looking, line by line, and no success toast.
  const result = page.getByRole('status').filter({ hasText: 'Resultado de la inscripción' });
  await expect(result).toContainText('Se inscribió en 2 de 3 materias');
  await expect(result).toBeInViewport();
  await expect(result.locator('[data-result="success"]')).toHaveCount(2);
  await expect(result.locator('[data-result="error"]')).toHaveCount(1);
  await expect(result.locator('[data-result="error"]')).toContainText(
    // Each line names the section too (issue 34 item 22): a subject can be offered in several.
    `${materiaName(clash!.label)} (A): El horario coincide con el de ${clashesWith}`,
  );
  // The refused subject stays unticked, with its reason under it.
  await expect(clash!.box).not.toBeChecked();
  await expect(clash!.box).toHaveAccessibleDescription(new RegExp(`El horario coincide con el de ${clashesWith}`));
  await expect(page.getByText('Inscripción guardada exitosamente')).toHaveCount(0);
  await shot(page, 'enrolment-result');
  await shot(page, 'enrolment-result-viewport', { viewport: true });

  // Star one of the new subjects and find it on the dashboard.
  const starred = materiaName(free[0]!.label);
  await menu(page).getByRole('link', { name: 'Mis materias' }).click();
  const row = page.getByRole('row').filter({ hasText: starred });
  await row.getByRole('button', { name: /Agregar al tablero/ }).click();
  await expect(page.getByText('Materia agregada al tablero exitosamente')).toBeVisible();
  await shot(page, 'enrolment-list');
  await menu(page).getByRole('link', { name: 'Tablero' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`^${starred} - Sección A`) })).toBeVisible();
  await shot(page, 'enrolment-tablero');

  await page.getByRole('button', { name: /^Usuario:/ }).click();
  await page.getByRole('menuitem', { name: 'Mi Malla' }).click();
  await expect(page.getByRole('heading', { name: 'Mi Malla' })).toBeVisible();
  await expect(page.getByText(/materias aprobadas/)).toBeVisible();
  await shot(page, 'enrolment-mi-malla');

  // The phone: the form and Mi Malla at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pages/student-subjects/inscription/form');
  await expect(page.getByRole('region', { name: /Semestre$/ }).first()).toBeVisible();
  await shot(page, 'enrolment-form-390');
  await page.goto('/pages/account/my-malla');
  await expect(page.getByRole('heading', { name: 'Mi Malla' })).toBeVisible();
  await shot(page, 'enrolment-mi-malla-390');
});

test('[FUNCIONARIO] inscripción: inscribe a un alumno con el selector y borra una inscripción', async ({ page }) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/student-subjects/inscription/form');
  await page.getByRole('combobox', { name: 'Alumno' }).fill('nuevo@demo');
  // The options of the empty search stay until the search answers.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option').click();
  const card = page.getByRole('region', { name: /Semestre$/ }).first();
  await expect(card).toBeVisible();
  const boxes = (await boxesOf(card)).filter((b) => b.label.includes('Sección A')).slice(0, 2);
  for (const b of boxes) await b.box.check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Resultado de la inscripción' });
  await expect(result).toContainText('Se inscribió en 2 de 2 materias');
  await expect(result.locator('[data-result="success"]')).toHaveCount(2);
  await expect(page.getByText('Inscripción guardada exitosamente')).toBeVisible();
  await shot(page, 'enrolment-staff-form');

  await page.goto('/pages/student-subjects');
  await searchAlumno(page, 'nuevo@demo');
  const rows = page
    .getByRole('table', { name: 'Inscripciones a materias' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await shot(page, 'enrolment-staff-list');
  await rows.nth(1).getByRole('button', { name: 'Borrar' }).click();
  await page.getByRole('button', { name: 'Si, Borrar' }).click();
  await expect(page.getByText('Inscripción borrada exitosamente')).toBeVisible();
  await expect(rows).toHaveCount(1);
});

test('[ADMIN] inscripción: edita una inscripción con el periodo de inscripción cerrado', async ({ page }) => {
  await loginAs(page, 'admin@demo.edu.py');
  // Close the active period's window through the API, as 'Editar periodo' would; opened again at the end.
  await setEnrolmentWindow(page, -10, -1);
  try {
    await page.goto('/pages/student-subjects');
    await searchAlumno(page, 'nuevo@demo');
    const row = page
      .getByRole('table', { name: 'Inscripciones a materias' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(row).toHaveCount(1);
    const materia = (await row.getByRole('cell').nth(3).innerText()).trim(); // 'name - A'
    const name = materia.replace(/ - A$/, '');
    await row.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Datos de la inscripción' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Materia' }).click();
    await page.getByRole('option', { name: new RegExp(`${name} \\(B\\)$`) }).click();
    await shot(page, 'enrolment-admin-edit');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Inscripción guardada exitosamente')).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/student-subjects$/);
    await searchAlumno(page, 'nuevo@demo');
    await expect(row.getByText(`${name} - B`)).toBeVisible();
  } finally {
    await setEnrolmentWindow(page, -1, 14);
  }
});
