import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import ExcelJS from 'exceljs';
import { api, loginAs, shot } from './support.js';

const STEPS = [
  'Identificación',
  'Fundamentación / Contribución',
  'Objetivos',
  'Valores / Metodología / Estrategias',
  'Cronograma de clases',
  'Cuadro de prácticas de laboratorios',
  'Proyectos o/y trabajos prácticos',
  'Actividades complementarias',
  'Bibliografía básica / complementaria',
];

/** Downloads Planeamiento.xlsx from the open tab and reads its lines back. */
async function downloadedLines(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar planeamiento' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Planeamiento.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const lines: string[][] = [];
  workbook.getWorksheet('Planeamiento')!.eachRow((row) => {
    lines.push((row.values as (string | number | null)[]).slice(1).map((v) => String(v ?? '')));
  });
  return lines;
}

const stepHeading = (page: Page, n: number) => page.getByRole('heading', { name: STEPS[n - 1], exact: true });

/** Signs in as staff and opens the 'Planeamiento' tab of a sealed subject of the earlier period. */
async function openSealedPlanning(page: Page): Promise<string> {
  await loginAs(page, 'funcionario@demo.edu.py');
  // Every subject of the earlier period has its planning in the demo.
  const list = await api<{ items: { id: number; materia: string; estado: { value: number } }[] }>(
    page,
    '/api/MateriasPeriodo/all',
    { page: 1, pageSize: 1000 },
  );
  const sealed = list.items.find((i) => i.estado.value === 2)!;
  await page.goto(`/pages/subjects-periods/edit/${sealed.id}`);
  await page.getByRole('tab', { name: 'Planeamiento' }).click();
  await expect(page.getByRole('heading', { name: 'Datos del planeamiento' })).toBeVisible();
  await expect(stepHeading(page, 1)).toBeVisible();
  return sealed.materia;
}

test('[FUNCIONARIO] planeamiento: lo ve de solo lectura en la materia periodo y recorre los nueve pasos', async ({
  page,
}) => {
  const materia = await openSealedPlanning(page);
  await expect(page.getByText(/Fecha Límite cargar planeamiento: \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(page.getByText('El planeamiento es de solo lectura.')).toBeVisible();
  await expect(page.getByText(materia).first()).toBeVisible();
  await shot(page, 'planning-readonly-step1');

  // The steps are named (issue 34 item 21); a read-only planning has nothing to save.
  const steps = page.getByRole('navigation', { name: 'Pasos del planeamiento' });
  for (const name of STEPS) await expect(steps).toContainText(name);
  // (The subject-period form around the tab has Guardar buttons of its own.)
  await expect(
    page.getByRole('tabpanel', { name: 'Planeamiento' }).getByRole('button', { name: 'Guardar' }),
  ).toHaveCount(0);
  // Siguiente only moves on a read-only planning, and wraps from 9 to 1; nothing asks to save.
  for (let n = 2; n <= 9; n++) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(stepHeading(page, n)).toBeVisible();
    if (n === 5) {
      await expect(page.getByTestId('cronogramaClases-row').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /Agregar/ })).toHaveCount(0);
      await shot(page, 'planning-readonly-cronograma');
    }
  }
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(stepHeading(page, 9)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bibliografía básica' })).toHaveAttribute('readonly');
});

test('[FUNCIONARIO] planeamiento: descarga Planeamiento.xlsx con los nueve pasos; tema oscuro y teléfono', async ({
  page,
}) => {
  await openSealedPlanning(page);
  const lines = await downloadedLines(page);
  expect(lines[0]).toEqual(['Paso', 'Campo', 'Valor']);
  expect(new Set(lines.slice(1).map((l) => l[0]))).toEqual(new Set(STEPS));
  expect(lines.filter((l) => l[0] === 'Cronograma de clases' && /^\d+$/.test(l[1]!))).toHaveLength(16);
  await expect(page.getByText('Planeamiento descargado exitosamente')).toBeVisible();

  await page.getByLabel('Modo oscuro').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'planning-readonly-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Paso 5: Cronograma de clases' }).click();
  await expect(stepHeading(page, 5)).toBeVisible();
  await shot(page, 'planning-readonly-phone');
});

test('[PROFESOR] planeamiento: copia el del periodo anterior, edita los pasos 3 y 5, guarda y lo descarga', async ({
  page,
}) => {
  await loginAs(page, 'profesor@demo.edu.py');
  // Its subject without planning that has an earlier one of the same malla subject to copy.
  const mine = await api<{ items: { id: number }[] }>(page, '/api/Professors/subjects/all', { page: 1, pageSize: 100 });
  let target: { id: number; old: { id: number; anho: number; seccion: string } } | undefined;
  for (const s of mine.items) {
    const first = await api<{ id?: number; materiaMallaId: number }>(page, `/api/planning/${s.id}/page-1`);
    if (first.id) continue;
    // Newest period first: the last one is the earlier period's (a sibling section of this period may come first).
    const old = await api<{ id: number; anho: number; seccion: string }[]>(
      page,
      `/api/planning/list-old-plannings/${first.materiaMallaId}`,
    );
    // The first such subject (the demo's copy target, lowest semester): later ones are left without planning
    // for the teaching spec's 'Sin planeamiento' case.
    if (old.length > 0) {
      target = { id: s.id, old: old[old.length - 1]! };
      break;
    }
  }
  expect(target).toBeDefined();
  const { id, old } = target!;

  await page.goto(`/pages/profesor-subjects/${id}`);
  await page.getByRole('tab', { name: 'Planeamiento' }).click();
  await page.getByRole('button', { name: 'Crear Planeamiento' }).click();
  await expect(page.getByRole('menuitem', { name: 'Crear Nuevo Planeamiento' })).toBeVisible();
  await shot(page, 'planning-create-menu');
  await page.getByRole('menuitem', { name: `Copiar Planeamiento ${old.anho}/${old.seccion}`, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Si, Copiar' }).click();
  await expect(page.getByText('Planeamiento copiado exitosamente')).toBeVisible();
  await expect(stepHeading(page, 1)).toBeVisible();
  // The schedule moved to this period (classes began three days ago in the demo): weekly, from the week they
  // began, not in the earlier period's months. The colleague's source planning itself is not ours to read.
  const { cronogramaClases } = await api<{ cronogramaClases: { fecha: string }[] }>(page, `/api/planning/${id}/page-5`);
  const copied = cronogramaClases.map((c) => Date.parse(c.fecha));
  const DAY = 86_400_000;
  expect(copied.length).toBeGreaterThan(0);
  expect(copied[0]!).toBeGreaterThan(Date.now() - 11 * DAY);
  expect(copied[0]!).toBeLessThan(Date.now() + 7 * DAY);
  expect(copied.slice(1).every((f, i) => f - copied[i]! === 7 * DAY)).toBe(true);
  await shot(page, 'planning-copied-step1');

  // Step 3: one more objective; Siguiente only moves (issue 34 item 21), what was typed stays.
  await page.getByRole('button', { name: 'Paso 3: Objetivos' }).click();
  await expect(stepHeading(page, 3)).toBeVisible();
  await page.getByRole('button', { name: 'Agregar objetivo' }).click();
  await page
    .getByRole('textbox', { name: 'Objetivo' })
    .last()
    .fill('Aplicar los contenidos en un proyecto integrador.');
  await shot(page, 'planning-step3');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  // Step 4: a required text emptied; step 5: a unit changed. Moving asks nothing.
  const valores = page.getByRole('textbox', { name: /Valores contemplados/ });
  const valoresBefore = await valores.inputValue();
  await valores.fill('');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(stepHeading(page, 5)).toBeVisible();
  await page.getByRole('textbox', { name: 'Unidad' }).first().fill('Unidad 1: Introducción');
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Paso 3: Objetivos' }).click();
  await expect(stepHeading(page, 3)).toBeVisible();
  // The rows are shown four at a time (issue 34 item 13), from the first: the new one is on the last page.
  const lastRows = page.getByRole('button', { name: 'Últimas filas' });
  if ((await lastRows.count()) > 0) await lastRows.click();
  await expect(page.getByRole('textbox', { name: 'Objetivo' }).last()).toHaveValue(
    'Aplicar los contenidos en un proyecto integrador.',
  );
  await expect(page.getByText('Cambios sin guardar en: paso 3, paso 4, paso 5.')).toBeVisible();
  await shot(page, 'planning-unsaved-steps');

  // Guardar saves steps 3 and 5 and leads to step 4, which fails its check.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(stepHeading(page, 4)).toBeVisible();
  await expect(page.getByText(/^Se guardó el paso 3, el paso 5\. No se guardó el paso 4 \(Valores/)).toBeVisible();
  await expect(page.getByText('Debe ingresar un valor', { exact: true })).toBeVisible();
  await shot(page, 'planning-save-invalid-step');
  await expect(page.getByText('Cambios sin guardar en: paso 4.')).toBeVisible();
  await valores.fill(`${valoresBefore} Respeto.`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos de planeamiento guardado exitosamente')).toBeVisible();
  await expect(page.getByText(/Cambios sin guardar en/)).toHaveCount(0);

  // Leaving the screen with a change still asks, and 'Si, guardar' saves it before leaving.
  await page.getByRole('button', { name: 'Paso 9: Bibliografía básica / complementaria' }).click();
  await page.getByRole('textbox', { name: 'Bibliografía complementaria' }).fill('Apostol, Calculus.');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link').first().click();
  const prompt = page.getByRole('dialog', { name: 'Hay cambios sin guardar' });
  await expect(prompt).toContainText('¿Deseas guardar los cambios antes de continuar?');
  await shot(page, 'planning-unsaved-prompt');
  await prompt.getByRole('button', { name: 'Si, guardar' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/pages/profesor-subjects/${id}$`));
  const page9 = await api<{ bibliografiaComplementaria: string }>(page, `/api/planning/${id}/page-9`);
  expect(page9.bibliografiaComplementaria).toBe('Apostol, Calculus.');
  await page.goto(`/pages/profesor-subjects/${id}`);
  await page.getByRole('tab', { name: 'Planeamiento' }).click();
  await expect(stepHeading(page, 1)).toBeVisible();

  const lines = await downloadedLines(page);
  expect(lines).toContainEqual(['Objetivos', expect.any(String), 'Aplicar los contenidos en un proyecto integrador.']);
  expect(lines.find((l) => l[0] === 'Cronograma de clases' && l[1] === '1')?.[4]).toBe('Unidad 1: Introducción');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Paso 5: Cronograma de clases' }).click();
  await expect(stepHeading(page, 5)).toBeVisible();
  await shot(page, 'planning-phone-step5');
});
