import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import ExcelJS from 'exceljs';
import { api, loginAs, shot, SHOTS } from './support.js';

/** A Mantine select by its label. */
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function choose(page: Page, field: Locator, option?: string) {
  await field.click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

/**
 * Interventor 1 is no longer the professor by default (issue 30): the test picks another professor, and the
 * form keeps the subject's professor as 'Profesor'.
 */
async function chooseInterventor(page: Page) {
  await expect(select(page, 'Profesor')).not.toHaveValue('');
  await expect(select(page, 'Interventor 1')).toHaveValue('');
  const profesor = await select(page, 'Profesor').inputValue();
  await select(page, 'Interventor 1').click();
  await page.getByRole('option').filter({ hasNotText: profesor }).first().click();
  await expect(select(page, 'Interventor 1')).not.toHaveValue('');
}

/** A date-time field: its date typed as dd/mm/yyyy, then its time typed key by key ('2359'). */
async function typeDateTime(page: Page, label: string, date: string, time: string) {
  await page.getByRole('textbox', { name: label, exact: true }).fill(date);
  await page.getByLabel(`${label}: horas`).click();
  await page.keyboard.type(time);
}

/** The exam the staff test creates and seals; the root admin reopens it. */
let examenUrl = '';

// The staff walk-through covers a whole exam (create, enrol, score, seal, print, download): more than a minute.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/**
 * A new exam of the earlier period's subject at `option` of the form's list, every student of the subject added:
 * those blocked come back with their reason, the others are enrolled.
 */
async function examenConTodosLosAlumnos(page: Page, option: number) {
  await choose(page, select(page, 'Carrera'), 'Ingeniería Informática');
  // The earlier period (published subjects) is the second of the list, latest first.
  await select(page, 'Periodo lectivo').click();
  await page.getByRole('option').nth(1).click();
  await select(page, 'Materia').click();
  await page.getByRole('option').nth(option).click();
  await chooseInterventor(page);
  // The enrolment deadline: the exam's day (today, as the form starts, at the current time), at 00:00, so it is
  // never after the exam whatever the hour the suite runs (at noon it was refused before midday).
  const examenDay = await page.getByRole('textbox', { name: 'Fecha del examen', exact: true }).inputValue();
  await typeDateTime(page, 'Fecha límite inscripción', examenDay, '0000');
  await page.getByRole('textbox', { name: 'Periodo', exact: true }).fill('Turno extraordinario');
  await page.getByRole('textbox', { name: 'Nº Acta' }).fill(`E2E-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Examen guardado exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editar examen' })).toBeVisible();

  // Every student of the subject: those blocked come back with their reason, the others are enrolled.
  await page.getByRole('button', { name: 'Agregar/Quitar Alumnos' }).click();
  const modal = page.getByRole('dialog', { name: 'Agregar/Quitar Alumnos' });
  const boxes = modal.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  await modal.getByLabel('Buscar alumno').fill('zzzz-nadie');
  await expect(modal.getByText('No se encontraron resultados')).toBeVisible();
  await modal.getByLabel('Buscar alumno').fill('');
  await expect(boxes.first()).toBeVisible();
  const count = await boxes.count();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await expect(modal.getByText('No Inscriptos: 0')).toBeVisible();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('button', { name: 'Sí, guardar' }).click();
  await expect(page.getByText('Inscripciones a examen guardado exitosamente')).toBeVisible();

  await expect(page.getByRole('table', { name: 'Alumnos inscriptos y notas' }).getByRole('row').nth(1)).toBeVisible();
}

test('[FUNCIONARIO] examen: lo crea, agrega alumnos, carga PF, ve las notas, lo sella, imprime el acta y descarga las notas', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto('/pages/exams');
  await expect(page.getByRole('table', { name: 'Lista de exámenes' }).getByRole('row').nth(1)).toBeVisible();
  await shot(page, 'exams-list');

  await page.getByRole('link', { name: 'Agregar nuevo examen' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo examen' })).toBeVisible();
  // Nothing filled in: the spec's messages.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe seleccionar una materia')).toBeVisible();
  await expect(page.getByText('Debe ingresar el número de acta')).toBeVisible();

  // The first subject of the earlier period with three students or more who sit a Final: which one has them
  // depends on the demo's draws (issue 45's full weeks moved them), so the subjects are tried in the list's order.
  const nuevo = page.url();
  const table = page.getByRole('table', { name: 'Alumnos inscriptos y notas' });
  const finals = table.getByRole('row').filter({ hasText: 'Final' });
  for (let option = 0; option < 8; option++) {
    if (option > 0) await page.goto(nuevo);
    await examenConTodosLosAlumnos(page, option);
    if ((await finals.count()) >= 3) break;
  }
  expect(await finals.count()).toBeGreaterThanOrEqual(3);
  examenUrl = new URL(page.url()).pathname;
  for (const [i, pf] of ['95', '72', '30'].entries()) {
    const input = finals.nth(i).getByRole('textbox', { name: /^% PF de/ });
    await input.fill(pf);
  }
  await expect(finals.nth(2).getByText(/^1 - Uno$/)).toBeVisible();
  await expect(finals.nth(0).getByText(/^[2-5] - /)).toBeVisible();
  await expect(finals.nth(1).getByText(/^[2-5] - /)).toBeVisible();
  await shot(page, 'exam-form-scores');

  await page.getByRole('button', { name: 'Sellar examen' }).click();
  await page.getByRole('button', { name: 'Sí, sellar' }).click();
  // Sealing writes the acta, its code and the audit rows in one transaction: slow on a loaded CI machine.
  await expect(page.getByText('Examen sellado exitosamente')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Ver examen' })).toBeVisible();
  await expect(finals.first().getByRole('textbox')).toHaveCount(0);

  // The score backup, named after the subject code, read back.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar Respaldo Docente' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(9).value).toBe('Calificación');
  const pfs = sheet.getColumn(7).values.filter((v) => typeof v === 'number');
  expect(pfs).toEqual(expect.arrayContaining([95, 72, 30]));

  await page.getByRole('link', { name: 'Imprimir Acta' }).click();
  await expect(page.getByText('ACTA DE EXAMEN FINAL')).toBeVisible();
  await expect(page.getByText(/Código de verificación/)).toBeVisible();
  await expect(page.getByTestId('letterhead')).toBeHidden();
  await shot(page, 'exam-acta-final');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('letterhead')).toBeVisible();
  await shot(page, 'exam-acta-final-print');
  await page.pdf({ path: path.join(SHOTS, 'exam-acta-final.pdf'), format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(examenUrl);
  await expect(page.getByRole('heading', { name: 'Ver examen' })).toBeVisible();
  await shot(page, 'exam-form-phone');
});

test('[ALUMNO] exámenes: se inscribe a un examen disponible y ve uno bloqueado con su motivo', async ({ page }) => {
  await loginAs(page, 'alumno@demo.edu.py');
  await page.goto('/pages/student-exams');
  await expect(page.getByRole('heading', { name: 'Mis exámenes' })).toBeVisible();
  await shot(page, 'student-exams');
  await page.getByRole('link', { name: 'Inscripción a examen' }).click();
  await expect(page.getByRole('heading', { name: 'Lista de mis exámenes' })).toBeVisible();
  await expect(
    page.getByText(/ya fue aprobada|Asistencia insuficiente|Pasó la fecha|aún no fue publicada/).first(),
  ).toBeVisible();
  const card = page.getByRole('button', { name: /^Inscribirme a / }).first();
  const name = (await card.getAttribute('aria-label'))!.replace('Inscribirme a ', '');
  await card.click();
  await page.getByRole('button', { name: 'Sí, inscribirme' }).click();
  await expect(page.getByText('Inscripción realizada exitosamente')).toBeVisible();
  await expect(page.getByRole('button', { name: `Inscribirme a ${name}` })).toHaveCount(0);
  await shot(page, 'student-exam-inscription');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'student-exam-inscription-phone');
});

test('[ADMIN] exámenes: el administrador raíz abre el examen sellado con un motivo, y su código dice «Acta reemplazada»', async ({
  page,
}) => {
  expect(examenUrl).not.toBe('');
  const examenId = examenUrl.split('/').pop()!;
  await loginAs(page, 'admin@demo.edu.py');
  await page.goto(`/pages/exams/show-final-report/${examenId}`);
  const code = (await page
    .locator('strong')
    .filter({ hasText: /^[0-9A-F]{12}$/ })
    .textContent())!;
  const digest = (await page.getByText(/^[0-9a-f]{64}$/).textContent())!;

  // The QR code's page, as anyone holding the paper opens it: no session, the printed digest, no names.
  const anonymous = await page.context().browser()!.newPage();
  await anonymous.goto(`/verificar/${code}`);
  await expect(anonymous.getByText('Acta vigente')).toBeVisible();
  await expect(anonymous.getByText(digest)).toBeVisible();
  await shot(anonymous, 'acta-verification');

  await page.goto(examenUrl);
  await page.getByRole('button', { name: 'Abrir examen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abrir examen' });
  await dialog.getByRole('textbox', { name: 'Motivo de la reapertura' }).fill('corto');
  await dialog.getByRole('button', { name: 'Sí, abrir' }).click();
  await expect(dialog.getByText('El motivo de la reapertura debe tener entre 10 y 500 caracteres')).toBeVisible();
  await shot(page, 'exam-reopen-reason');
  await expect(dialog.getByText('Debe indicar el número de resolución (hasta 64 caracteres)')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Número de resolución' }).fill('Res. DA N.º 45/2026');
  await dialog
    .getByRole('textbox', { name: 'Motivo de la reapertura' })
    .fill('Examen anulado por resolución del Consejo Directivo');
  await dialog.getByRole('button', { name: 'Sí, abrir' }).click();
  await expect(page.getByText('Examen abierto exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editar examen' })).toBeVisible();

  await anonymous.reload();
  await expect(anonymous.getByText('Acta reemplazada').first()).toBeVisible();
  await expect(anonymous.getByText('Todavía no se selló una nueva versión.')).toBeVisible();
  await shot(anonymous, 'acta-verification-replaced');
  await anonymous.close();
});

// The minutes it types over are the new exam's own, which follow the clock: over minutes 01-05 the ':' used to leave
// the caret after them and '23:59' read back '23:09' (issue 34 item 6, fixed in DateTimeField; the component test
// types over each kind of minutes).
test('[FUNCIONARIO] examen: la hora escrita con el teclado queda como se escribió y se guarda así', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  // The page's clock at minute 03 of this hour, so the new exam's time holds the minutes that lost a keystroke.
  const atMinute3 = new Date();
  atMinute3.setUTCMinutes(3, 0, 0);
  await page.clock.setFixedTime(atMinute3);
  await page.goto('/pages/exams/new');
  await expect(page.getByRole('heading', { name: 'Nuevo examen' })).toBeVisible();
  await expect(page.getByLabel('Fecha del examen: minutos')).toHaveValue('03');
  await choose(page, select(page, 'Carrera'), 'Ingeniería Informática');
  await select(page, 'Periodo lectivo').click();
  await page.getByRole('option').nth(1).click();
  await choose(page, select(page, 'Materia'));
  await chooseInterventor(page);

  // Typed key by key, as a person does: the tester's '23:59' became '20:09' in Mantine's DateTimePicker.
  const day = await page.getByRole('textbox', { name: 'Fecha del examen', exact: true }).inputValue();
  await page.getByLabel('Fecha del examen: horas').click();
  await page.keyboard.type('23:59');
  await expect(page.getByLabel('Fecha del examen: horas')).toHaveValue('23');
  await expect(page.getByLabel('Fecha del examen: minutos')).toHaveValue('59');
  await typeDateTime(page, 'Fecha límite inscripción', day, '1200');
  await shot(page, 'exam-form-time-typed');
  await page.getByRole('textbox', { name: 'Periodo', exact: true }).fill('Turno de la hora escrita');
  await page.getByRole('textbox', { name: 'Nº Acta' }).fill(`E2E-HORA-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Examen guardado exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Editar examen' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Fecha del examen', exact: true })).toHaveValue(day);
  await expect(page.getByLabel('Fecha del examen: horas')).toHaveValue('23');
  await expect(page.getByLabel('Fecha del examen: minutos')).toHaveValue('59');
  await expect(page.getByLabel('Fecha límite inscripción: horas')).toHaveValue('12');
});

test('[FUNCIONARIO] examen: un % PF fuera de rango queda como se escribió, marcado, y no cambia la nota', async ({
  page,
}) => {
  expect(examenUrl).not.toBe('');
  // The page's clock, to stand still while keys are typed (below).
  await page.clock.install();
  await loginAs(page, 'funcionario@demo.edu.py');
  await page.goto(examenUrl);
  await expect(page.getByRole('heading', { name: 'Editar examen' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Alumnos inscriptos y notas' });
  const finals = table.getByRole('row').filter({ hasText: 'Final' });
  const first = finals.nth(0);
  const pf = first.getByRole('textbox', { name: /^% PF de/ });
  await expect(pf).toHaveValue('95');
  // textContent: the badge shows it in capitals.
  const grade = (await first.getByText(/^[0-5] - /).textContent())!.trim();

  await expect(finals.nth(1).getByRole('textbox', { name: /^% PF de/ })).toBeVisible();
  // Typed key by key over the 95: '150' stays '150', refused with the range; neither 1 nor 15 is saved. The
  // clock stands still meanwhile, so no autosave can fire between the keys however loaded the machine is.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await pf.selectText();
  await pf.pressSequentially('150');
  await expect(pf).toHaveValue('150');
  await page.clock.resume();
  await expect(first.getByText('Máximo 100')).toBeVisible();
  // A figure typed after it in the next row saves: by then the first row's would have been sent too.
  const next = finals.nth(1).getByRole('textbox', { name: /^% PF de/ });
  await next.selectText();
  await next.pressSequentially('72');
  await expect(finals.nth(1).getByLabel('Guardado')).toBeVisible();
  await expect(first.getByText(grade, { exact: true })).toBeVisible();
  await shot(page, 'exam-pf-fuera-de-rango');

  await page.reload();
  await expect(pf).toHaveValue('95');
  await expect(first.getByText(grade, { exact: true })).toBeVisible();
});

interface ExamenRow {
  id: number;
  fecha: string;
  estado: { value: number };
  cantidadInscriptos: number;
}

test('[FUNCIONARIO] examen: uno aún no rendido deja la calificación vacía y no acepta notas; Ausente sólo después de la fecha', async ({
  page,
}) => {
  await loginAs(page, 'funcionario@demo.edu.py');
  const { items } = await api<{ items: ExamenRow[] }>(page, '/api/exams/all', { page: 1, pageSize: 1000 });

  // A second call of the demo with a Final student: its date is still to come and no one has a score yet.
  let coming: number | undefined;
  for (const e of items.filter((x) => x.estado.value === 0 && Date.parse(x.fecha) > Date.now())) {
    const examen = await api<{ inscriptos: { instancia: { value: number } }[] }>(page, `/api/exams/${e.id}`);
    if (examen.inscriptos.some((i) => i.instancia.value === 0)) {
      coming = e.id;
      break;
    }
  }
  expect(coming).toBeDefined();
  await page.goto(`/pages/exams/edit/${coming}`);
  const table = page.getByRole('table', { name: 'Alumnos inscriptos y notas' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  // Nº Documento, Alumno, Instancia, % Asistencia, % PP, % PF, % PC, Calificación.
  const grade = (row: Locator) => row.getByRole('cell').nth(7);
  await expect(table.getByText(/Ausente/)).toHaveCount(0);
  for (let i = 0; i < (await rows.count()); i++) await expect(grade(rows.nth(i))).toHaveText('—');
  await shot(page, 'exam-not-held-scores');

  // Before its date and time no score is taken (issue 30): the screen says so and offers no score cell.
  await expect(page.getByRole('status').filter({ hasText: 'El examen aún no se realizó' })).toBeVisible();
  const final = rows.filter({ hasText: 'Final' }).first();
  await expect(final.getByRole('textbox', { name: /^% PF de/ })).toHaveCount(0);
  await expect(grade(final)).toHaveText('—');

  // A sealed first call: whoever has no score there was absent.
  let absent: { examId: number; apellido: string } | undefined;
  for (const e of items.filter((x) => x.estado.value === 1 && x.cantidadInscriptos > 0)) {
    const examen = await api<{ inscriptos: { calificacion: number; apellido: string; nombre: string }[] }>(
      page,
      `/api/exams/${e.id}`,
    );
    const row = examen.inscriptos.find((i) => i.calificacion === 0);
    if (row) {
      absent = { examId: e.id, apellido: `${row.apellido}, ${row.nombre}` };
      break;
    }
  }
  expect(absent).toBeDefined();
  await page.goto(`/pages/exams/edit/${absent!.examId}`);
  const sealedRow = rows.filter({ hasText: absent!.apellido }).first();
  await expect(grade(sealedRow)).toHaveText('0 - Ausente');
});
