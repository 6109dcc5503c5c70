import { expect, test } from './harness/fixtures.js';
import { api, loginAs, shot } from './support.js';

interface MateriaPeriodoRow {
  id: number;
  estado: { value: number };
  cantidadInscriptos: number;
}

// Issue 30: a sealed subject's % PP or % Asistencia is corrected by a rectification with a reason, never an edit.
test('[FUNCIONARIO] materia sellada: rectifica el % Asistencia de un alumno con motivo, y la nota queda marcada «rectificada»', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  const { items } = await api<{ items: MateriaPeriodoRow[] }>(page, '/api/MateriasPeriodo/all', {
    page: 1,
    pageSize: 1000,
  });
  // A sealed subject-period with students, other than the one the demo already rectified.
  const candidates = items.filter((mp) => mp.estado.value === 2 && mp.cantidadInscriptos >= 2);
  let target: number | undefined;
  for (const mp of candidates) {
    const list = await api<unknown[]>(page, `/api/MateriasPeriodo/${mp.id}/rectificaciones`);
    if (list.length === 0) {
      target = mp.id;
      break;
    }
  }
  expect(target).toBeDefined();
  await page.goto(`/pages/subjects-periods/edit/${target}`);
  await page.getByRole('tab', { name: 'Calificaciones' }).click();
  const grades = page.getByRole('table', { name: 'Listado de todas las notas' });
  await expect(grades.getByRole('row').nth(1)).toBeVisible();
  // Sealed: nothing is edited in place.
  await expect(grades.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText('Esta materia no tiene rectificaciones.')).toBeVisible();

  await page.getByRole('button', { name: 'Rectificar registro' }).click();
  const modal = page.getByRole('dialog', { name: 'Rectificar registro de la materia' });
  await modal.getByRole('combobox', { name: 'Alumno' }).click();
  const option = page.getByRole('option').first();
  const alumno = (await option.innerText()).trim();
  await option.click();
  const asistencia = modal.getByRole('textbox', { name: '% Asistencia rectificado' });
  const before = await asistencia.inputValue();
  const value = Number(before || '0') >= 90 ? '75' : '95';
  await asistencia.fill(value);
  await modal.getByRole('textbox', { name: 'Motivo de la rectificación' }).fill('corto');
  await modal.getByRole('button', { name: 'Sellar rectificación' }).click();
  await expect(modal.getByText('Debe indicar el motivo de la rectificación')).toBeVisible();
  await modal
    .getByRole('textbox', { name: 'Motivo de la rectificación' })
    .fill('La planilla de asistencia de la última semana llegó después del sellado');
  await modal.getByRole('button', { name: 'Sellar rectificación' }).click();
  await page.getByRole('button', { name: 'Sí, sellar' }).click();
  await expect(page.getByText(/Rectificación sellada exitosamente: R-MP\d+-1/)).toBeVisible();

  const [apellido] = alumno.split(',');
  const row = grades.getByRole('row').filter({ hasText: apellido!.trim() }).first();
  await expect(row.getByText('rectificada')).toBeVisible();
  await expect(row.getByText(value, { exact: true })).toBeVisible();
  const list = page.getByRole('table', { name: 'Rectificaciones de la materia' });
  await expect(list.getByRole('row').filter({ hasText: alumno })).toBeVisible();
  await shot(page, 'subject-rectification');
});
