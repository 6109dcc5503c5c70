import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { api, completeFichaForInscripcion, enrolmentOffer, loginAs, shot } from './support.js';

/**
 * Correlatives (issue 29) on the demo: alumno@demo finds a subject locked in Mi Malla and 'Validar' names the
 * missing correlative; a Funcionario grants a documented exception to a student from the malla's subject table,
 * and the student then enrols in that subject. Neither test saves anything for alumno@demo (the enrolment spec
 * takes that student afterwards from the demo's state).
 */
test.describe.configure({ mode: 'serial' });

interface Check {
  materiaPeriodoId: number;
  ok: boolean;
  motivos: string[];
}
const PENDIENTE = /^Correlativa pendiente: (.+) \(regularizada\)$/;

async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

/** The subject-period checkbox of the form, by its subject and section. */
const boxOf = (page: Page, m: { codigo: string; nombre: string; seccion: string }) =>
  page
    .locator('.mantine-Checkbox-root')
    .filter({ hasText: `${m.codigo} - ${m.nombre}` })
    .filter({ hasText: `Sección ${m.seccion}` })
    .getByRole('checkbox');

test('[ALUMNO] correlativas: Mi Malla muestra el candado y Validar explica la correlativa pendiente', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'alumno@demo.edu.py');
  const malla = await api<{ semestres: { materias: { nombre: string; bloqueos: string[] }[] }[] }>(
    page,
    '/api/studentsubjects/my-malla',
  );
  const locked = malla.semestres.flatMap((s) => s.materias).filter((m) => m.bloqueos.some((b) => PENDIENTE.test(b)));
  expect(locked.length).toBeGreaterThan(0);
  const { perfilAlumnoId } = await api<{ perfilAlumnoId: number }>(page, '/api/studentsubjects/my-student');
  const offer = await enrolmentOffer(page, perfilAlumnoId);
  const offered = offer.semestres.flatMap((s) => s.materias).filter((m) => m.seccion === 'A' && !m.inscripto);
  const target = offered.find((o) => locked.some((l) => l.nombre === o.nombre))!;
  expect(target).toBeDefined();
  const reason = locked.find((l) => l.nombre === target.nombre)!.bloqueos.find((b) => PENDIENTE.test(b))!;

  // Mi Malla: the subject with its correlatives, the lock and the reason.
  await page.goto('/pages/account/my-malla');
  await expect(page.getByRole('heading', { name: 'Mi Malla' })).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();
  await expect(page.getByLabel('Bloqueada').first()).toBeVisible();
  await shot(page, 'correlatives-mi-malla');

  // The enrolment form: ticked and checked, the reason named; nothing saved.
  await page.goto('/pages/student-subjects/inscription/form');
  const box = boxOf(page, target);
  await box.check();
  await page.getByRole('button', { name: 'Validar' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Validación de la selección' });
  await expect(answer).toContainText(target.nombre);
  await expect(answer).toContainText(reason);
  await expect(answer.locator('[data-check="blocked"]')).toHaveCount(1);
  await shot(page, 'correlatives-validar');
  await page.setViewportSize({ width: 390, height: 844 });
  await answer.scrollIntoViewIfNeeded();
  await shot(page, 'correlatives-validar-390', { viewport: true });
  await page.goto('/pages/account/my-malla');
  await expect(page.getByText(reason).first()).toBeVisible();
  await shot(page, 'correlatives-mi-malla-390');
});

/**
 * A generated student not enrolled yet this period (no class of theirs can clash), first in the list (the keyboard
 * spec takes the last such student), with an offered subject whose only obstacle, as staff's 'Validar' sees it,
 * is one pending correlative.
 */
async function blockedAlumno(page: Page) {
  const list = await api<{
    items: { id: number; usuarioId: number; numeroLegajo: number; mallaId: number; carrera: string }[];
  }>(page, '/api/students/all', { page: 1, pageSize: 100 });
  for (const alumno of list.items) {
    const offer = await enrolmentOffer(page, alumno.id);
    const all = offer.semestres.flatMap((s) => s.materias);
    if (all.some((m) => m.inscripto)) continue;
    // One semester at a time: its subjects never meet at the same time, those of two semesters may.
    for (const semestre of offer.semestres) {
      const candidates = semestre.materias.filter((m) => m.seccion === 'A');
      const checks = await api<Check[]>(page, '/api/studentsubjects/validar', {
        perfilAlumnoId: alumno.id,
        materiasModificadas: candidates.map((m) => ({ materiaPeriodoId: m.materiaPeriodoId, inscripto: true })),
      });
      const hit = checks.find((c) => c.motivos.length === 1 && PENDIENTE.test(c.motivos[0]!));
      if (!hit) continue;
      const { email } = await api<{ email: string }>(page, `/api/users/${alumno.usuarioId}`);
      if (['alumno@demo.edu.py', 'multirol@demo.edu.py', 'nuevo@demo.edu.py'].includes(email)) break;
      const materia = candidates.find((m) => m.materiaPeriodoId === hit.materiaPeriodoId)!;
      return { ...alumno, email, materia, reason: hit.motivos[0]! };
    }
  }
  throw new Error('no demo student blocked by a correlative alone');
}

test('[FUNCIONARIO] correlativas: otorga una excepción con motivo y el alumno se inscribe en la materia', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The pick needs a user's e-mail, which only an administrator reads; the grant is the Funcionario's.
  await loginAs(page, 'admin@demo.edu.py');
  const alumno = await blockedAlumno(page);
  await signOut(page);
  await loginAs(page, 'funcionario@demo.edu.py');

  // The malla's subject table: the subject's correlatives and its exceptions.
  await page.goto(`/pages/mallas/edit/${alumno.mallaId}`);
  const table = page.getByRole('table', { name: 'Materias de la malla' });
  await expect(table).toBeVisible();
  // The malla's subjects fit in one page of the table (100 rows).
  const open = page.getByRole('button', { name: `Excepciones: ${alumno.materia.nombre}`, exact: true });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Excepciones de correlativas' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(alumno.materia.nombre);

  // The student, and a reason too short first: the rule is shown under the field.
  await dialog.getByRole('combobox', { name: 'Alumno' }).fill(String(alumno.numeroLegajo));
  await page.getByRole('option', { name: new RegExp(`^${alumno.numeroLegajo} - `) }).click();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('corto');
  await dialog.getByRole('button', { name: 'Otorgar excepción' }).click();
  await expect(dialog.getByText('Debe indicar el motivo de la excepción (entre 10 y 500 caracteres)')).toBeVisible();
  await shot(page, 'correlatives-exception-invalid');
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Equivalencia aprobada por Res. CD N.º 77/2026');
  await dialog.getByRole('button', { name: 'Otorgar excepción' }).click();
  const confirm = page.getByRole('dialog', { name: 'Otorgar excepción de correlativas' });
  await expect(confirm).toBeVisible();
  await shot(page, 'correlatives-exception-confirm');
  await confirm.getByRole('button', { name: 'Sí, otorgar' }).click();
  await expect(page.getByText('Excepción de correlativas registrada')).toBeVisible();
  const granted = dialog.getByRole('list', { name: 'Excepciones otorgadas' });
  await expect(granted).toContainText(`${alumno.numeroLegajo} - `);
  await expect(granted).toContainText('Equivalencia aprobada por Res. CD N.º 77/2026');
  await shot(page, 'correlatives-exception-granted');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(granted).toBeVisible();
  await shot(page, 'correlatives-exception-390', { viewport: true });
  await signOut(page);

  // The student: the ficha the enrolment flow asks for first, then the subject is taken.
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, alumno.email);
  await page.goto('/pages/student-subjects');
  await page.getByRole('button', { name: 'Inscríbase Aquí' }).click();
  await page.waitForURL(/inscription\/form$|edit-profile$/);
  if (page.url().endsWith('edit-profile')) {
    await completeFichaForInscripcion(page, {
      photo: ['correlativas.jpg', 'CO', '#7a3b1f'],
      telefono: '0981 222 333',
      contacto: 'Ana Giménez',
    });
  }
  const box = boxOf(page, alumno.materia);
  await box.check();
  await page.getByRole('button', { name: 'Validar' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Validación de la selección' });
  await expect(answer).not.toContainText(alumno.reason);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const manifiesto = page.getByRole('button', { name: 'Sí, Acepto' });
  const result = page.getByRole('status').filter({ hasText: 'Resultado de la inscripción' });
  await expect(result.or(manifiesto)).toBeVisible();
  if (await manifiesto.isVisible()) await manifiesto.click();
  await expect(result.locator('[data-result="success"]')).toHaveCount(1);
  await expect(result.locator('[data-result="error"]')).toHaveCount(0);
  await shot(page, 'correlatives-enrolled');
});
