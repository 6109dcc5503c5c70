import { expect, test } from './harness/fixtures.js';
import { api, asuncionDay, loginAs, profesorMaterias, shot } from './support.js';

test('[PROFESOR] alertas tempranas: ve en el plan de la materia a los alumnos en riesgo', async ({ page }) => {
  // The demo's daily review found warnings in the professor's subjects (seed/demo-warnings.ts).
  let target: number | undefined;
  for (const s of await profesorMaterias(page)) {
    const alertas = await api<unknown[]>(page, `/api/MateriasPeriodo/${s.id}/alertas`);
    if (alertas.length > 0) {
      target = s.id;
      break;
    }
  }
  expect(target).toBeDefined();

  await page.goto(`/pages/profesor-subjects/${target}`);
  await expect(page.getByRole('heading', { name: 'Alertas tempranas' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Alertas tempranas de la materia' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  // The demo has absences in a row in one subject and a low PP in others.
  await expect(table.getByText(/^(Ausencias consecutivas|PP bajo el mínimo)$/).first()).toBeVisible();
  await expect(
    table.getByText(/^(3 ausencias seguidas, del .+|PP de las tareas calificadas \d+ % \(mínimo 50 %\).+)$/).first(),
  ).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await shot(page, 'alertas-plan-profesor');
});

test('[ALUMNO] alertas tempranas: ve la tarjeta en su tablero y puede dejar de recibir avisos por correo', async ({
  page,
}) => {
  await loginAs(page, 'alumno@demo.edu.py');
  await expect(page).toHaveURL(/\/pages\/student-dashboard$/);
  const card = page.getByRole('alert', { name: 'Alertas tempranas' });
  await expect(card).toBeVisible();
  // alumno@demo did poorly in the homework of one of profesor@demo's subjects (seed/demo-warnings.ts).
  await expect(card.getByText('PP bajo el mínimo').first()).toBeVisible();
  await expect(card.getByText(/PP de las tareas calificadas 20 % \(mínimo 50 %\)/).first()).toBeVisible();
  await shot(page, 'alertas-tablero-alumno');

  // The subject's link opens it.
  const materia = card.getByRole('link').first();
  const name = (await materia.innerText()).trim();
  await materia.click();
  await expect(page).toHaveURL(/\/pages\/student-subjects\/\d+$/);
  await expect(page.getByText(name).first()).toBeVisible();

  // 'Recibir avisos por correo' in the profile: off, then on again, each saved with its toast.
  await page.goto('/pages/account/my-profile');
  const toggle = page.getByRole('switch', { name: 'Recibir avisos por correo' });
  // Disabled (and shown on) until the stored preference is read: a click before that does nothing.
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
  // Toggled from the keyboard (Space on the focused switch): a forced click on the hidden input landed wherever
  // its empty box sat, and the label is covered by the switch's own layers for the pointer.
  const flip = async () => {
    await page.getByRole('switch', { name: 'Recibir avisos por correo' }).focus();
    await page.keyboard.press('Space');
  };
  await flip();
  await expect(page.getByText('Ya no recibirá avisos por correo')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Recibir avisos por correo' })).not.toBeChecked();
  await shot(page, 'alertas-preferencia-perfil');
  await expect(page.getByRole('switch', { name: 'Recibir avisos por correo' })).toBeEnabled();
  await flip();
  await expect(page.getByText('Recibirá los avisos por correo')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Recibir avisos por correo' })).toBeChecked();
});

test('[ADMIN] alertas tempranas: desde el menú ve la última revisión, la ejecuta ahora y ve lo que encontró', async ({
  page,
}) => {
  // A run over every subject of the demo's term, on a loaded machine.
  test.setTimeout(240_000);
  await loginAs(page, 'admin@demo.edu.py');
  const yo = await api<{ user: { fullName: string } }>(page, '/api/users/get_login_status');

  // Reachable from the administrators' menu.
  await page.getByRole('link', { name: 'Alertas tempranas' }).first().click();
  await expect(page).toHaveURL(/\/pages\/operaciones\/alertas$/);
  await expect(page.getByRole('heading', { name: 'Alertas tempranas', level: 1 })).toBeVisible();

  // The demo's last run is the daily job's (seed/demo-warnings.ts), with the students it flagged.
  const last = page.getByRole('region', { name: 'Última ejecución' });
  await expect(last.getByText('La revisión diaria automática')).toBeVisible();
  const table = page.getByRole('table', { name: 'Alumnos con alertas nuevas' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  await expect(table.getByText(/^(Ausencias consecutivas|PP bajo el mínimo)$/).first()).toBeVisible();
  await expect(page.getByText(/^Resultado 1 - \d+ de \d+ registros$/)).toBeVisible();
  await shot(page, 'alertas-admin-ultima');

  // 'Ejecutar ahora' asks first, naming what happens.
  await page.getByRole('button', { name: 'Ejecutar ahora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ejecutar ahora la revisión de alertas' });
  await expect(dialog.getByText(/Se revisarán ahora todas las materias en curso/)).toBeVisible();
  await expect(dialog.getByText(/Las alertas ya dadas no se repiten/)).toBeVisible();
  await shot(page, 'alertas-admin-confirmacion');
  await dialog.getByRole('button', { name: 'Sí, ejecutar ahora' }).click();

  // The toast says what it found; then the screen shows this run: today, by this administrator.
  const toast = page.getByText(
    /^Revisión terminada: \d+ materias? revisadas?, (ninguna alerta nueva|\d+ alertas? nuevas?)/,
  );
  await expect(toast).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('button', { name: 'Ejecutar ahora' })).toBeEnabled();
  // The same run through the API: in this administrator's name (their 'Apellido, Nombre'), and its figures
  // agree with the screen's.
  const estado = await api<{
    ultima: { origen: string; usuario: string; nuevas: number; porCausa: { causa: string; cantidad: number }[] };
  }>(page, '/api/operations/alertas?page=1&pageSize=1');
  expect(estado.ultima.origen).toBe('manual');
  const words = (text: string) => text.replace(',', '').split(' ').sort();
  expect(words(estado.ultima.usuario)).toEqual(words(yo.user.fullName));
  await expect(last.getByText(`${estado.ultima.usuario} (Ejecutar ahora)`)).toBeVisible();
  await expect(last.getByText(new RegExp(`^${asuncionDay().replaceAll('/', '\\/')} \\d{2}:\\d{2}$`))).toBeVisible();
  await expect(last.getByText('La revisión diaria automática')).toHaveCount(0);
  expect(estado.ultima.porCausa.reduce((n, c) => n + c.cantidad, 0)).toBe(estado.ultima.nuevas);
  await expect(last.getByText('Alertas nuevas', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
    String(estado.ultima.nuevas),
  );
  await shot(page, 'alertas-admin-ejecutada');
});
