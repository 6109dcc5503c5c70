import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, loginAs, shot, trackApiCalls } from './support.js';

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
  await dialog.getByRole('textbox', { name: 'Fecha Entrega', exact: true }).fill('30/11/2026');
  await dialog.getByRole('textbox', { name: 'Fecha Entrega', exact: true }).press('Tab');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tarea de clase guardada exitosamente').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Editar tarea de clase' })).toBeVisible();
  return page.getByRole('dialog', { name: 'Editar tarea de clase' });
}

test('[PROFESOR] plan semestral: tareas con peso, puntajes, asistencia rápida, PP y asistencia, publica y sella', async ({
  page,
}) => {
  test.setTimeout(180_000);
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
  const scores = dialog.getByRole('table', { name: 'Puntajes de la tarea' });
  const inputs = scores.getByRole('textbox', { name: /^Puntaje de / });
  await expect(inputs.first()).toBeVisible();
  await inputs.nth(0).fill('8');
  await inputs.nth(1).fill('9');
  await inputs.nth(2).fill('5');
  await inputs.nth(2).fill('7');
  await expect(scores.getByLabel('Guardado')).toHaveCount(3);
  const third = (await dataRows(scores, page).nth(2).getByRole('cell').nth(2).innerText()).trim();
  await shot(page, 'teaching-tarea-puntajes');
  await dialog.getByRole('button', { name: 'Cancelar - Volver' }).click();
  await expect(page.getByRole('table', { name: 'Tareas' }).getByText('Laboratorio E2E 2')).toBeVisible();
  await shot(page, 'teaching-tareas');

  // Asistencias: a new session, then the quick flow over every student.
  await page.getByRole('tab', { name: 'Asistencias' }).click();
  await page.getByRole('button', { name: 'Agregar Nueva Asistencia' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva asistencia' });
  await form.getByRole('textbox', { name: 'Fecha', exact: true }).fill('20/11/2026');
  await form.getByRole('textbox', { name: 'Fecha', exact: true }).press('Tab');
  await form.getByLabel('Referencia').fill('Clase E2E');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Asistencia guardado exitosamente').first()).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar - Volver' }).click();
  await page.getByRole('button', { name: 'Opciones de la asistencia del 20/11/2026 (Clase E2E)' }).click();
  await page.getByRole('menuitem', { name: 'Tomar asistencia' }).click();
  const quick = page.getByRole('dialog', { name: /Tomar asistencia/ });
  const counter = await quick.getByText(/^\d+\/\d+$/).innerText();
  const total = Number(counter.split('/')[1]);
  expect(counter).toBe(`1/${total}`);
  await shot(page, 'teaching-toma-rapida');
  for (let i = 0; i < total; i++) {
    await quick.getByRole('button', { name: i % 4 === 3 ? 'Ausente' : 'Presente' }).click();
    await expect(quick.getByText(`${((i + 1) % total) + 1}/${total}`)).toBeVisible();
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
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Una vez publicado ya no será editable.')).toBeVisible();
  await page.getByRole('button', { name: 'Si, Publicar' }).click();
  await expect(page.getByText('Materia publicada exitosamente')).toBeVisible();
  await expect(page.getByText('Publicado', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Tareas' }).click();
  await expect(page.getByRole('button', { name: 'Agregar Nueva Tarea' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sellar' }).click();
  await page.getByRole('button', { name: 'Si, Sellar' }).click();
  await expect(page.getByText('Materia sellada exitosamente')).toBeVisible();
  await expect(page.getByText('Sellado', { exact: true }).first()).toBeVisible();
  await shot(page, 'teaching-sellada');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Calificaciones' }).click();
  await shot(page, 'teaching-calificaciones-390');
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
  await expect(page.getByText(/^PP /)).toBeVisible();
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

test('[PROFESOR] asistencias: sin planeamiento no proyecta quién ya no alcanza el mínimo', async ({ page }) => {
  await loginAs(page, 'profesor@demo.edu.py');
  // One of the professor's subjects left without planning, with sessions taken and someone absent.
  const mine = await api<{ items: { id: number }[] }>(page, '/api/Professors/subjects/all', { page: 1, pageSize: 100 });
  let target: number | undefined;
  for (const s of mine.items) {
    if ((await api<{ id?: number }>(page, `/api/planning/${s.id}/page-1`)).id) continue;
    const grid = await api<{ assists: unknown[]; studentAssists: { present: boolean }[] }>(
      page,
      `/api/assistances/${s.id}/all`,
      { page: 1, pageSize: 100 },
    );
    if (grid.assists.length > 0 && grid.studentAssists.some((m) => !m.present)) {
      target = s.id;
      break;
    }
  }
  expect(target).toBeDefined();

  await page.goto(`/pages/profesor-subjects/${target}`);
  await page.getByRole('tab', { name: 'Asistencias' }).click();
  const grid = page.getByRole('table', { name: 'Asistencias' });
  await expect(dataRows(grid, page).first()).toBeVisible();
  await expect(page.getByText('Sin planeamiento: no se puede proyectar')).toBeVisible();
  await expect(grid.getByText('No alcanza')).toHaveCount(0);
  await shot(page, 'teaching-asistencias-sin-planeamiento');
});
