import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { activePeriodo, api, asuncionIsoDay, auth, loginAs, profesorMaterias, shot } from './support.js';

interface Horario {
  dia: number;
  horaInicio: string;
  horaFin: string;
  aulaId: number | null;
  aula: string | null;
  profesorId: number;
}
interface Seccion {
  id: number;
  estado: { value: number };
  horarios: Horario[];
}
const DIAS = ['', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/** Two Preliminar sections of the active period whose first classes meet at the same hour in different rooms. */
async function twoSectionsAtOneHour(page: Page): Promise<[Seccion, Seccion]> {
  const periodo = await activePeriodo(page);
  const list = await api<{ items: { id: number }[] }>(page, '/api/MateriasPeriodo/all', {
    page: 1,
    pageSize: 60,
    filters: { periodoId: periodo.id },
  });
  const seen: Seccion[] = [];
  for (const { id } of list.items) {
    const s = await api<Seccion>(page, `/api/MateriasPeriodo/${id}`);
    const h = s.horarios[0];
    if (s.estado.value !== 0 || !h?.aulaId) continue;
    const other = seen.find((o) => {
      const g = o.horarios[0]!;
      return g.dia === h.dia && g.horaInicio === h.horaInicio && g.aulaId !== h.aulaId && g.profesorId !== h.profesorId;
    });
    if (other) return [s, other];
    seen.push(s);
  }
  throw new Error('no two sections of the demo meet at one hour');
}

test('[FUNCIONARIO] aulas: el aula ocupada a esa hora se rechaza nombrando la clase; después busca un aula libre', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  const [mine, theirs] = await twoSectionsAtOneHour(page);
  const slot = theirs.horarios[0]!;

  // Section `mine` moves its first class into the room `theirs` holds at that very hour: refused, naming it.
  await page.goto(`/pages/subjects-periods/edit/${mine.id}`);
  await page.getByRole('tab', { name: 'Horario' }).click();
  await page.getByRole('combobox', { name: 'Aula' }).first().click();
  await page.getByRole('option', { name: new RegExp(`^${slot.aula!} ·`) }).click();
  await page.getByRole('button', { name: 'Guardar' }).first().click();
  const refusal = page.getByText(
    new RegExp(`El aula ${slot.aula!} está ocupada los .+ ${slot.horaInicio}-${slot.horaFin} por .+ \\(`),
  );
  await expect(refusal.first()).toBeVisible();
  await shot(page, 'rooms-double-booking-refused');

  // 'Aulas libres' at that day and hour: rooms with their capacity, not the one taken.
  await page.goto('/pages/aulas/libres');
  await page.getByRole('combobox', { name: 'Día' }).click();
  await page.getByRole('option', { name: DIAS[slot.dia]!, exact: true }).click();
  await page.getByLabel('Desde').fill(slot.horaInicio);
  await page.getByLabel('Hasta').fill(slot.horaFin);
  const table = page.getByRole('table', { name: 'Aulas libres' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/\d+ aulas? libres?/)).toBeVisible();
  await expect(table.getByRole('cell', { name: slot.aula!, exact: true })).toHaveCount(0);
  await shot(page, 'rooms-free');
});

test('[PROFESOR] asistencias: un día sin clases del calendario académico se muestra en la pestaña', async ({
  page,
}) => {
  const [materia] = await profesorMaterias(page);
  const mp = await api<{ periodoId: number; horarios: Horario[]; diasSinClases: unknown[] }>(
    page,
    `/api/MateriasPeriodo/${materia!.id}`,
  );
  const weekdays = new Set(mp.horarios.map((h) => h.dia));
  // Staff mark a coming day on which this materia meets as a day without classes.
  await loginAs(page, 'funcionario@demo.edu.py');
  const headers = await auth(page);
  let marked: string | undefined;
  for (let n = 1; n <= 60 && !marked; n++) {
    const fecha = asuncionIsoDay(n);
    const dia = new Date(`${fecha}T12:00:00Z`).getUTCDay() || 7;
    if (!weekdays.has(dia)) continue;
    const res = await page.request.post(`/api/periodos/${mp.periodoId}/dias-sin-clases`, {
      headers,
      data: { fecha, nombre: 'Jornada de la Facultad (E2E)' },
    });
    if (res.ok()) marked = fecha;
  }
  expect(marked).toBeDefined();

  await loginAs(page, 'profesor@demo.edu.py');
  await page.goto(`/pages/profesor-subjects/${materia!.id}`);
  await page.getByRole('tab', { name: 'Asistencias' }).click();
  await expect(page.getByText('Días sin clases')).toBeVisible();
  await expect(page.getByText(/Jornada de la Facultad \(E2E\)/)).toBeVisible();
  await shot(page, 'rooms-holiday-attendance');
});

test('[FUNCIONARIO] aulas: las importa desde una planilla (prueba con errores, corrección, aplicar) y aparecen en la lista', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/aulas');
  await page.getByRole('link', { name: 'Importar aulas' }).click();
  await expect(page.getByRole('heading', { name: 'Importar datos' })).toBeVisible();
  // The link opens the screen on the rooms' kind.
  await expect(page.getByRole('radio', { name: 'Aulas' })).toBeChecked();

  const choose = async (text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Archivo' }).click();
    await (await chooser).setFiles({ name: 'aulas.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  };
  // B-12 is the demo's own room (an update); 'D-1 E2E' twice and a capacity in words are refused.
  await choose(
    'Nombre;Edificio;Capacidad;Tipo\r\n' +
      'D-1 E2E;Bloque D;40;aula\r\n' +
      'D-2 E2E;Bloque D;muchos;laboratorio\r\n' +
      'd-1 e2e;Bloque D;30;aula\r\n' +
      'B-12;Bloque B;45;aula\r\n',
  );
  await page.getByRole('button', { name: 'Probar' }).click();
  await expect(page.getByText('Errores: 3')).toBeVisible();
  const table = page.getByRole('table', { name: 'Resultado de la prueba' });
  await expect(table.getByText('La capacidad debe ser un número entero entre 1 y 10000')).toBeVisible();
  await expect(table.getByText('Repetido: también figura en la fila 4')).toBeVisible();
  await expect(table.getByText('(valor: «muchos»)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  await shot(page, 'rooms-import-errors');

  await choose(
    'Nombre;Edificio;Capacidad;Tipo\r\n' +
      'D-1 E2E;Bloque D;40;aula\r\n' +
      'D-2 E2E;Bloque D;24;Laboratorio\r\n' +
      'B-12;Bloque B;48;aula\r\n',
  );
  await page.getByRole('button', { name: 'Probar' }).click();
  await expect(page.getByText('Errores: 0')).toBeVisible();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByRole('button', { name: 'Sí, importar' }).click();
  await expect(page.getByText('Se crearon 2 y se actualizaron 1 registros.')).toBeVisible();

  await page.goto('/pages/aulas');
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await page.getByRole('textbox', { name: 'Nombre o edificio' }).fill('E2E');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'D-2 E2E' }).getByText('Laboratorio')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'D-1 E2E' })).toBeVisible();
  await shot(page, 'rooms-imported');
});
