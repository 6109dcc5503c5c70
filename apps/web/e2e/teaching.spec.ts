import { dateInAsuncion } from '@arandu/shared';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import {
  activePeriodo,
  api,
  asuncionDay,
  asuncionIsoDay,
  loginAs,
  newAttendanceSession,
  profesorMaterias,
  screenDate,
  shot,
  trackApiCalls,
} from './support.js';

const dataRows = (table: Locator, page: Page) => table.getByRole('row').filter({ has: page.getByRole('cell') });

/** Opens the plan page of the professor's highest-semester subject (the one other specs are least likely to touch). */
async function openPlan(page: Page) {
  const calls = trackApiCalls(page);
  await page.goto('/pages/profesor-subjects');
  const table = page.getByRole('table', { name: 'Materias asignadas' });
  const rows = dataRows(table, page);
  await expect(rows.first()).toBeVisible();
  // The list loads again once the active period is chosen in its filter: read it when the calls are over,
  // and find the chosen row by its code, not by a position a re-render could move.
  await calls.quiet(500);
  // Semestre and Alumnos: the highest semester with at least three students to score.
  const candidates = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = tr.querySelectorAll('td');
      const alumnos = Number.parseInt(cells[8]?.textContent ?? '0', 10);
      return {
        codigo: cells[2]?.textContent?.trim() ?? '',
        semestre: alumnos >= 3 ? Number.parseInt(cells[7]?.textContent ?? '0', 10) : 0,
      };
    }),
  );
  const chosen = candidates.reduce((a, b) => (b.semestre > a.semestre ? b : a));
  await rows
    .filter({ has: page.getByRole('cell', { name: chosen.codigo, exact: true }) })
    .first()
    .getByRole('link', { name: 'Abrir materia' })
    .click();
  await expect(page.getByRole('heading', { name: 'Plan semestral de clases' })).toBeVisible();
}

async function newHomework(page: Page, descripcion: string, total: string, peso: string) {
  await page.getByRole('button', { name: 'Agregar Nueva Tarea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva tarea de clase' });
  await dialog.getByRole('textbox', { name: 'Tarea', exact: true }).fill(descripcion);
  await dialog.getByRole('textbox', { name: 'Puntaje Total' }).fill(total);
  await dialog.getByRole('textbox', { name: 'Porcentaje Peso Materia' }).fill(peso);
  await dialog.getByRole('textbox', { name: 'Fecha Entrega', exact: true }).fill(asuncionDay(2));
  await dialog.getByRole('textbox', { name: 'Fecha Entrega', exact: true }).press('Tab');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tarea de clase guardada exitosamente').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Editar tarea de clase' })).toBeVisible();
  return page.getByRole('dialog', { name: 'Editar tarea de clase' });
}

/** A new session from the Asistencias tab: the date typed (Tab leaves the field), a reference, Guardar; its dialog. */
async function saveNewAsistencia(page: Page, date: string, reference: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'Asistencias' }).click();
  await page.getByRole('button', { name: 'Agregar Nueva Asistencia' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva asistencia' });
  await form.getByRole('textbox', { name: 'Fecha', exact: true }).fill(date);
  await form.getByRole('textbox', { name: 'Fecha', exact: true }).press('Tab');
  await form.getByLabel('Referencia').fill(reference);
  await form.getByRole('button', { name: 'Guardar' }).click();
  return form;
}

test('[PROFESOR] asistencias: una fecha futura se rechaza con su motivo y no se guarda nada', async ({ page }) => {
  await loginAs(page, 'profesor@demo.edu.py');
  await openPlan(page);
  const tomorrow = asuncionDay(1);
  const form = await saveNewAsistencia(page, tomorrow, 'Clase futura E2E');
  await expect(form.getByText('No se puede registrar asistencia de una fecha futura')).toBeVisible();
  // Refused as typed: the date stays, the session was not created.
  await expect(form.getByRole('textbox', { name: 'Fecha', exact: true })).toHaveValue(tomorrow);
  await expect(page.getByRole('dialog', { name: 'Nueva asistencia' })).toBeVisible();
  await shot(page, 'teaching-asistencia-fecha-futura');
  await form.getByRole('button', { name: 'Cancelar - Volver' }).click();
  await expect(form).toBeHidden();
  await expect(
    page.getByRole('button', { name: new RegExp(`^Opciones de la asistencia del ${tomorrow}`) }),
  ).toHaveCount(0);
});

test('[PROFESOR] plan semestral: tareas con peso, puntajes, asistencia rápida, PP y asistencia, publica y sella', async ({
  page,
}) => {
  // The end of the active period's classes, which the 'Publicar' confirmation must name.
  await loginAs(page, 'admin@demo.edu.py');
  const finClases = screenDate(dateInAsuncion(new Date((await activePeriodo(page)).finClases)));
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'profesor@demo.edu.py');
  await openPlan(page);
  await shot(page, 'teaching-plan-alumnos');

  // Tareas: weights on, two weighted homework.
  await page.getByRole('tab', { name: 'Tareas' }).click();
  const weights = page.getByRole('switch', { name: 'Utiliza Porcentaje Peso' });
  if (!(await weights.isChecked())) {
    await weights.click({ force: true });
    await expect(page.getByText('Materia actualizada exitosamente.').first()).toBeVisible();
  }
  await expect(weights).toBeChecked();
  await newHomework(page, 'Laboratorio E2E 1', '10', '10');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar - Volver' }).click();
  const dialog = await newHomework(page, 'Laboratorio E2E 2', '10', '15');

  // Scores of three students; the third cell typed quickly twice keeps the last value.
  const puntajes = dialog.getByRole('table', { name: 'Puntajes de la tarea' });
  const inputs = puntajes.getByRole('textbox', { name: /^Puntaje de / });
  await expect(inputs.first()).toBeVisible();
  await inputs.nth(0).fill('8');
  await inputs.nth(1).fill('9');
  await inputs.nth(2).fill('5');
  await inputs.nth(2).fill('7');
  await expect(puntajes.getByLabel('Guardado')).toHaveCount(3);
  const third = (await dataRows(puntajes, page).nth(2).getByRole('cell').nth(2).innerText()).trim();
  await shot(page, 'teaching-tarea-puntajes');
  await dialog.getByRole('button', { name: 'Cancelar - Volver' }).click();
  await expect(page.getByRole('table', { name: 'Tareas' }).getByText('Laboratorio E2E 2')).toBeVisible();
  await shot(page, 'teaching-tareas');

  // Asistencias: a new session, then the quick flow over every student.
  const today = asuncionDay(0);
  await saveNewAsistencia(page, today, 'Clase E2E');
  await expect(page.getByText('Asistencia guardado exitosamente').first()).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar - Volver' }).click();
  await page.getByRole('button', { name: `Opciones de la asistencia del ${today} (Clase E2E)` }).click();
  await page.getByRole('menuitem', { name: 'Tomar asistencia' }).click();
  const quick = page.getByRole('dialog', { name: /Tomar asistencia/ });
  const counter = await quick.getByText(/^\d+\/\d+$/).innerText();
  const total = Number(counter.split('/')[1]);
  expect(counter).toBe(`1/${total}`);
  await shot(page, 'teaching-toma-rapida');
  for (let i = 0; i < total; i++) {
    await quick.getByRole('button', { name: i % 4 === 3 ? 'Ausente' : 'Presente' }).click();
    await expect(
      // Exact: the dialog's title carries the date, and '7/11' is inside a date like '27/11/2026' (fecha fija: a comment).
      i + 1 < total ? quick.getByText(`${i + 2}/${total}`, { exact: true }) : quick.getByText('Asistencia completa'),
    ).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(quick).toBeHidden();
  await shot(page, 'teaching-asistencias');

  // Calificaciones: the new columns, PP and attendance as the server computed them.
  await page.getByRole('tab', { name: 'Calificaciones' }).click();
  const grades = page.getByRole('table', { name: 'Calificaciones' });
  await expect(grades.getByRole('columnheader', { name: 'Laboratorio E2E 2' })).toBeVisible();
  const row = dataRows(grades, page).filter({ hasText: third }).first();
  await expect(row).toContainText('7/10');
  await shot(page, 'teaching-calificaciones');

  // Publish, then seal: each asks first and then nothing is editable.
  // Publishing cannot be undone: the confirmation says when the classes end and what freezes.
  await page.getByRole('button', { name: 'Publicar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publicar materia' });
  await expect(confirm.getByText(`Las clases del periodo terminan el ${finClases}.`)).toBeVisible();
  await expect(confirm.getByText('Una vez publicado ya no será editable.')).toBeVisible();
  await expect(confirm.getByText(/no se puede deshacer/)).toBeVisible();
  await shot(page, 'teaching-publicar-confirmacion');
  await page.getByRole('button', { name: 'Sí, publicar' }).click();
  await expect(page.getByText('Materia publicada exitosamente')).toBeVisible();
  await expect(page.getByText('Publicado', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await expect(page.getByRole('button', { name: 'Agregar Nueva Tarea' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sellar' }).click();
  await page.getByRole('button', { name: 'Sí, sellar' }).click();
  await expect(page.getByText('Materia sellada exitosamente')).toBeVisible();
  await expect(page.getByText('Sellado', { exact: true }).first()).toBeVisible();
  await shot(page, 'teaching-sellada');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Calificaciones' }).click();
  await shot(page, 'teaching-calificaciones-390');
});

test('[PROFESOR] tarea: un puntaje fuera de rango queda como se escribió, marcado con el máximo, y no se guarda', async ({
  page,
}) => {
  // The page's clock, to stand still while keys are typed (below).
  await page.clock.install();
  const [materia] = await profesorMaterias(page);
  // A homework out of 20 of its own (set up through the API: not the path under test).
  const { id } = await api<{ id: number }>(page, '/api/homework/homework', {
    id: null,
    materiaPeriodoId: materia!.id,
    descripcion: 'Tarea Rango E2E',
    fechaEntrega: asuncionIsoDay(2),
    tipoTarea: 1,
    puntajeTotal: 20,
    porcentajePesoMateria: 0,
  });
  await page.goto(`/pages/profesor-subjects/${materia!.id}`);
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await page
    .getByRole('table', { name: 'Tareas' })
    .getByRole('row')
    .filter({ hasText: 'Tarea Rango E2E' })
    .getByRole('button', { name: 'Editar' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Editar tarea de clase' });
  const puntajes = dialog.getByRole('table', { name: 'Puntajes de la tarea' });
  const cells = puntajes.getByRole('textbox', { name: /^Puntaje de / });

  await expect(cells.nth(1)).toBeVisible();
  // Typed key by key, as a person types: '25' stays '25', refused with the range; '2' is never saved. The
  // clock stands still meanwhile, so no autosave can fire between the keys however loaded the machine is.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await cells.nth(0).pressSequentially('25');
  await expect(cells.nth(0)).toHaveValue('25');
  await page.clock.resume();
  await expect(dialog.getByText('Máximo 20')).toBeVisible();
  // A score typed after it in the next cell saves: by then the first cell's would have been sent too.
  await cells.nth(1).pressSequentially('18');
  await expect(puntajes.getByLabel('Guardado')).toHaveCount(1);
  await expect(page.getByText('Puntaje actualizado exitosamente.')).toHaveCount(1);
  await shot(page, 'teaching-puntaje-fuera-de-rango');
  const saved = await api<{ tareaMateriaAlumnos: { puntajeObtenido: number | null }[] }>(
    page,
    `/api/homework/homework/${id}`,
  );
  expect(saved.tareaMateriaAlumnos.map((a) => a.puntajeObtenido).filter((p) => p !== null)).toEqual([18]);
});

test('[PROFESOR] asistencia rápida: se detiene tras el último alumno, no cambia una marca guardada sin pedirlo y tiene su botón en el teléfono', async ({
  page,
}) => {
  const { id, subject: materia } = await newAttendanceSession(page, asuncionIsoDay(-9), 'Rápida E2E');
  const marks = async () =>
    (await api<{ students: { present: boolean | null }[] }>(page, `/api/assistances/${id}`)).students.map(
      (m) => m.present,
    );

  await page.goto(`/pages/profesor-subjects/${materia}`);
  await page.getByRole('tab', { name: 'Asistencias' }).click();
  await page.getByRole('button', { name: `Opciones de la asistencia del ${asuncionDay(-9)} (Rápida E2E)` }).click();
  await page.getByRole('menuitem', { name: 'Tomar asistencia' }).click();
  const quick = page.getByRole('dialog', { name: /Tomar asistencia/ });
  const total = Number((await quick.getByText(/^\d+\/\d+$/).innerText()).split('/')[1]);
  expect(total).toBeGreaterThanOrEqual(3);

  // The first absent; then Enter on Presente for every other student, and one Enter too many.
  await quick.getByRole('button', { name: 'Ausente' }).click();
  await expect(quick.getByText(`2/${total}`)).toBeVisible();
  await quick.getByRole('button', { name: 'Presente' }).focus();
  for (let n = 2; n <= total; n++) {
    await page.keyboard.press('Enter');
    if (n < total) await expect(quick.getByText(`${n + 1}/${total}`, { exact: true })).toBeVisible();
  }
  await expect(quick.getByText('Asistencia completa')).toBeVisible();
  await page.keyboard.press('Enter');
  await shot(page, 'teaching-toma-rapida-completa');
  expect(await marks()).toEqual([false, ...Array<boolean>(total - 1).fill(true)]);

  // Back at the first student: the saved Ausente shows, and Presente alone does not change it.
  await quick.getByRole('button', { name: 'Volver al primero' }).click();
  await expect(quick.getByText(`1/${total}`)).toBeVisible();
  await expect(quick.getByText('Marca actual: Ausente')).toBeVisible();
  await quick.getByRole('button', { name: 'Presente' }).click();
  const change = quick.getByRole('button', { name: 'Cambiar a Presente' });
  await expect(change).toBeVisible();
  await shot(page, 'teaching-toma-rapida-cambio');
  expect((await marks())[0]).toBe(false);
  await change.click();
  await expect(quick.getByText(`2/${total}`)).toBeVisible();
  expect((await marks())[0]).toBe(true);
  await page.keyboard.press('Escape');
  await expect(quick).toBeHidden();

  // On a phone the quick take has a button of its own, on screen, and its labels are whole.
  await page.setViewportSize({ width: 390, height: 844 });
  const take = page.getByRole('button', { name: 'Tomar asistencia' });
  // A subject without planning shows its notice above the button, which may push it below the fold: it is
  // reached by scrolling, not hidden in a menu.
  await take.scrollIntoViewIfNeeded();
  await expect(take).toBeInViewport();
  await shot(page, 'teaching-asistencias-390');
  await take.click();
  await page.getByRole('menuitem', { name: `${asuncionDay(-9)} · Rápida E2E` }).click();
  await expect(quick.getByText(`1/${total}`)).toBeVisible();
  for (const name of ['Presente', 'Ausente']) {
    const label = quick.getByRole('button', { name }).locator('.mantine-Button-label');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await shot(page, 'teaching-toma-rapida-390');
});

test('[ALUMNO] detalle de materia: abre la materia desde el tablero y ve sus puntajes y asistencias', async ({
  page,
}) => {
  await loginAs(page, 'alumno@demo.edu.py');
  await page.goto('/pages/student-dashboard');
  // CB016 is one of profesor@demo's subjects with homework already set (demo-teaching.ts).
  const card = page.locator('a[href^="/pages/student-subjects/"]').filter({ hasText: 'CB016' });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { name: 'Detalle de la materia' })).toBeVisible();
  await expect(page.getByText(/^PP acumulado \d+ %$/)).toBeVisible();
  await expect(page.getByText(/^Asistencia /)).toBeVisible();
  const tareas = page.getByRole('table', { name: 'Mis tareas' });
  await expect(dataRows(tareas, page).first()).toBeVisible();
  await expect(tareas).toContainText('Trabajo práctico 1');
  await shot(page, 'teaching-alumno-tareas');
  // A subject whose attendance % is entered by hand has no sessions tab (spec 03 section 2.6).
  const asistencias = page.getByRole('tab', { name: 'Asistencias' });
  if ((await asistencias.count()) > 0) {
    await asistencias.click();
    await expect(
      page.getByRole('table', { name: 'Mis asistencias' }).getByRole('columnheader', { name: '% Asistencia' }),
    ).toBeVisible();
    await shot(page, 'teaching-alumno-asistencias');
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await shot(page, 'teaching-alumno-390');
});
