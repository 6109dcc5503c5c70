import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { api, loginAs, shot, trackApiCalls } from './support.js';

/**
 * Accessibility gate for what a page scan never sees (issue 34 item 8): each kind of pop-up opened one by one, a
 * confirmation, a form modal (empty and with its field errors), the success, warning and error toasts, the
 * profile menu, a table row's menu and a select's list, in light and dark. 0 serious or critical, as
 * a11y.spec.ts holds the screens. Saves are answered by the test (page.route), so the demo data stays as it is.
 */
const SCHEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);

type Found = { what: string; rule: string; impact: string; nodes: number; sample: string };

/** Everything axe finds on the page as it is now, the pop-up included (they are portalled into <body>). */
async function scan(page: Page, what: string, found: Found[]) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  for (const v of violations) {
    const node = v.nodes[0];
    const data = node?.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
    const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '';
    found.push({
      what,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      sample: node ? `${node.target.join(' ')}${colours} ${node.html.slice(0, 160)}` : '',
    });
  }
}

function report(label: string, found: Found[]) {
  const impacts = found.map((f) => `${f.impact} ${f.rule} x${f.nodes}`).join(', ');
  console.log(`[axe ${label}] ${impacts || 'no violations'}`);
  for (const f of found) console.log(`  ${f.impact} ${f.rule} x${f.nodes} on ${f.what}: ${f.sample}`);
  expect(
    found
      .filter((f) => BLOCKING.has(f.impact))
      .map((f) => `${f.impact} ${f.rule} x${f.nodes} on ${f.what}: ${f.sample}`),
  ).toEqual([]);
}

/** A pop-up is scanned once its opening transition is over (mid-fade colours give false contrast figures). */
async function shown(popup: Locator) {
  await expect(popup).toBeVisible();
  await popup.page().waitForTimeout(400);
}

/** The toast saying `text`: scanned, then closed by its (named) close button so the next one is alone. */
async function scanToast(page: Page, text: string | RegExp, what: string, found: Found[]) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await shown(toast);
  // A pointer over a toast holds its auto-close while it is scanned.
  await toast.hover();
  await scan(page, what, found);
  await toast.getByRole('button', { name: 'Cerrar' }).click();
  await expect(toast).toHaveCount(0);
}

/**
 * A malla subject with correlatives and a granted exception (the demo grants one, demo-correlatives.ts), so the
 * exceptions modal is scanned with its list filled in; found through the API, as staff.
 */
async function materiaWithException(page: Page): Promise<{ mallaId: number; materia: string }> {
  const mallas = await api<{ items: { id: number }[] }>(page, '/api/mallas/all', { page: 1, pageSize: 100 });
  for (const malla of mallas.items) {
    const materias = await api<{ items: { id: number; materia: string; correlativas: unknown[] }[] }>(
      page,
      `/api/mallas/${malla.id}/materias/all`,
      { page: 1, pageSize: 100 },
    );
    for (const s of materias.items.filter((row) => row.correlativas.length > 0)) {
      const granted = await api<{ items: unknown[] }>(page, `/api/mallas/${malla.id}/materias/${s.id}/excepciones`);
      if (granted.items.length > 0) return { mallaId: malla.id, materia: s.materia };
    }
  }
  throw new Error('no malla subject with a correlative exception in the demo');
}

test.use({ trace: 'off' });

for (const scheme of SCHEMES) {
  test.describe(`axe pop-ups (${scheme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('arandu.colorScheme', value), scheme);
    });

    test(`staff: confirmation, form modal, toasts, profile menu, select (${scheme})`, async ({ page }) => {
      test.setTimeout(300_000);
      const found: Found[] = [];
      await loginAs(page, 'admin@demo.edu.py');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);

      // The profile menu.
      await page.getByRole('button', { name: /^Usuario:/ }).click();
      const menu = page.getByRole('menu');
      await shown(menu);
      await scan(page, 'menú de perfil', found);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);

      // A form modal, empty and then with its field errors.
      const calls = trackApiCalls(page);
      await page.goto('/pages/carreras');
      await expect(page.getByRole('table', { name: 'Lista de carreras' }).getByRole('row').nth(1)).toBeVisible();
      await calls.quiet(300);
      await page.getByRole('button', { name: 'Agregar nueva carrera' }).click();
      const form = page.getByRole('dialog', { name: 'Nueva carrera' });
      await shown(form);
      await scan(page, 'modal de formulario', found);
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      await scan(page, 'modal de formulario con errores', found);

      // Warning toast: the server refuses the save (answered here, nothing is stored).
      await form.getByRole('textbox', { name: 'Nombre' }).fill('Carrera de prueba a11y');
      await form.getByRole('textbox', { name: 'Código' }).fill('A11Y');
      await page.route('**/api/carreras', (route) =>
        route.fulfill({ status: 409, json: { error: 'Ya existe una carrera con ese código' } }),
      );
      await form.getByRole('button', { name: 'Guardar' }).click();
      await scanToast(page, 'Ya existe una carrera con ese código', 'toast de advertencia', found);

      // Success toast: the save answered as done.
      await page.unroute('**/api/carreras');
      await page.route('**/api/carreras', (route) => route.fulfill({ status: 200, json: { id: 999_999 } }));
      await form.getByRole('button', { name: 'Guardar' }).click();
      await expect(form).toHaveCount(0);
      await scanToast(page, 'Carrera guardada exitosamente', 'toast de éxito', found);
      await page.unroute('**/api/carreras');

      // Error toast: the list cannot be loaded (a 4xx, which is not retried).
      await page.route('**/api/carreras/all', (route) => route.fulfill({ status: 400, json: { error: 'x' } }));
      await page.reload();
      await scanToast(page, 'Error al intentar cargar la lista de carreras', 'toast de error', found);
      await page.unroute('**/api/carreras/all');

      // A confirmation: a user's 'Borrar' (red) or 'Restablecer contraseña', then 'No, Volver'.
      await page.goto('/pages/users');
      const users = page.getByRole('table', { name: 'Usuarios del Sistema' });
      const ask = users
        .getByRole('button', { name: /^(Borrar|Restablecer contraseña)$/ })
        .and(page.locator(':enabled'))
        .first();
      await ask.click();
      const confirm = page.getByRole('dialog');
      await shown(confirm);
      await scan(page, 'modal de confirmación', found);
      await confirm.getByRole('button', { name: 'No, Volver' }).click();
      await expect(confirm).toHaveCount(0);

      // A select's list of options.
      await page.goto('/pages/users/new');
      await page.getByRole('combobox', { name: 'Género' }).click();
      const options = page.getByRole('listbox');
      await shown(options);
      await scan(page, 'lista de un select', found);
      await page.keyboard.press('Escape');

      // Checkboxes are 24 px targets at least (WCAG 2.2 2.5.8, issue 34 item 14): the theme's size, not 20 px.
      const boxes = await page.locator('.mantine-Checkbox-inner').evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0) // drawn ones: a closed section's boxes measure 0
          .map((r) => Math.min(r.width, r.height)),
      );
      expect(boxes.length).toBeGreaterThan(0);
      expect(Math.min(...boxes)).toBeGreaterThanOrEqual(24);

      report(`${scheme} pop-ups de funcionario`, found);
    });

    test(`staff: the subject-period form's tabs and the schedule table (${scheme})`, async ({ page }) => {
      test.setTimeout(360_000);
      const found: Found[] = [];
      await loginAs(page, 'admin@demo.edu.py');
      const calls = trackApiCalls(page);
      // First the schedule table empty (a new subject-period), on a phone and a desktop.
      await page.goto('/pages/subjects-periods/new');
      await expect(page.getByRole('heading', { name: 'Nueva materia periodo' })).toBeVisible();
      await calls.quiet(300);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('region', { name: 'Horarios' })).toBeVisible();
        await scan(page, `Horario vacío a ${width} px`, found);
      }
      await page.goto('/pages/subjects-periods');
      const edit = page.getByRole('link', { name: 'Editar' }).first();
      await expect(edit).toBeVisible();
      await calls.quiet(300);
      await edit.click();
      await expect(page.getByRole('heading', { name: 'Editar materia periodo' })).toBeVisible();
      await calls.quiet(300);
      await scan(page, 'pestaña Horario de clases', found);
      for (const tab of ['Calificaciones', 'Planeamiento']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeAttached();
        await calls.quiet(300);
        await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
        await scan(page, `pestaña ${tab}`, found);
      }
      // The schedule table with rows too, on a desktop and a phone (issue 34 item 11): its actions column has a
      // name that does not widen it, and its sideways scroller is a focusable region, so neither
      // empty-table-header (minor) nor scrollable-region-focusable (serious) comes back.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('tab', { name: 'Horario de clases' }).click();
        await expect(page.getByRole('region', { name: 'Horarios' })).toBeVisible();
        await scan(page, `Horario con filas a ${width} px`, found);
      }
      // Every finding is printed; heading-order and the table's rules (moderate, minor) are held at 0 here too.
      const held = ['heading-order', 'empty-table-header', 'scrollable-region-focusable'];
      expect(found.filter((f) => held.includes(f.rule))).toEqual([]);
      report(`${scheme} materia periodo`, found);
    });

    test(`staff: the correlative exceptions modal on a phone and a desktop (${scheme})`, async ({ page }) => {
      test.setTimeout(600_000); // the exceptions modal at two widths: it ran out of 4 min waiting for a listbox on a busy run
      const found: Found[] = [];
      await loginAs(page, 'funcionario@demo.edu.py');
      const materia = await materiaWithException(page);
      const calls = trackApiCalls(page);
      await page.goto(`/pages/mallas/edit/${materia.mallaId}`);
      await expect(page.getByRole('table', { name: 'Materias de la malla' })).toBeVisible();
      await calls.quiet(300);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('button', { name: `Excepciones: ${materia.materia}`, exact: true }).click();
        const modal = page.getByRole('dialog', { name: 'Excepciones de correlativas' });
        await shown(modal);
        // The demo's exception listed, with its reason and who granted it.
        await expect(modal.getByRole('list', { name: 'Excepciones otorgadas' }).getByRole('listitem')).not.toHaveCount(
          0,
        );
        await scan(page, `modal de excepciones a ${width} px`, found);
        // Nothing chosen: the field errors, shown without a call to the server.
        await modal.getByRole('button', { name: 'Otorgar excepción' }).click();
        await expect(modal.locator('[aria-invalid="true"]').first()).toBeVisible();
        await scan(page, `modal de excepciones con errores a ${width} px`, found);
        // The student picker's list of options.
        await modal.getByRole('combobox', { name: 'Alumno' }).click();
        const options = page.getByRole('listbox');
        await shown(options);
        await scan(page, `alumnos del modal de excepciones a ${width} px`, found);
        await page.keyboard.press('Escape');
        await expect(options).toBeHidden();
        await modal.getByRole('button', { name: 'Cancelar - Volver' }).click();
        await expect(modal).toHaveCount(0);
      }
      report(`${scheme} modal de excepciones de correlativas`, found);
    });

    test(`professor: a table row's menu, the attendance and homework tabs (${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      const found: Found[] = [];
      await loginAs(page, 'profesor@demo.edu.py');
      const calls = trackApiCalls(page);
      await page.goto('/pages/profesor-subjects');
      const materias = page.getByRole('table', { name: 'Materias asignadas' });
      await expect(materias.getByRole('link', { name: 'Abrir materia' }).first()).toBeVisible();
      await calls.quiet(500);
      await materias.getByRole('link', { name: 'Abrir materia' }).first().click();
      await expect(page.getByRole('heading', { name: 'Plan semestral de clases' })).toBeVisible();
      await calls.quiet(300);

      // Homework: the 'Utiliza Porcentaje Peso' switch and its 'Si'/'No'.
      await page.getByRole('tab', { name: 'Tareas' }).click();
      await expect(page.getByRole('table', { name: 'Tareas' })).toBeVisible();
      await calls.quiet(300);
      await scan(page, 'pestaña Tareas', found);

      // Attendance: a session's menu (the '…' by its date), a new session made first if the subject has none.
      await page.getByRole('tab', { name: 'Asistencias' }).click();
      await calls.quiet(300);
      const options = page.getByRole('button', { name: /^Opciones de la asistencia del/ });
      if ((await options.count()) === 0) {
        await page.getByRole('button', { name: 'Agregar Nueva Asistencia' }).click();
        const form = page.getByRole('dialog', { name: 'Nueva asistencia' });
        await shown(form);
        await scan(page, 'modal Nueva asistencia', found);
        await form.getByRole('button', { name: 'Cancelar - Volver' }).click();
      } else {
        await scan(page, 'pestaña Asistencias', found);
        await options.first().click();
        const menu = page.getByRole('menu');
        await shown(menu);
        await scan(page, 'menú de una fila', found);
        await page.keyboard.press('Escape');
      }

      report(`${scheme} pop-ups de profesor`, found);
    });
  });
}

/**
 * Every pop-up the app has (issue 43 'Done when'), listed from the code: each source file that renders one of
 * Mantine's (Modal, Drawer, Popover, the modals manager) or one of the app's pop-up wrappers (a pop-up component
 * that shows what its caller passes, `children`: FormModal, RecordFormModal), the wrappers followed to the files
 * that use them, so a new modal is listed by its own file whatever it is built on. A listed file fails 'lists
 * every pop-up' until it has a way to open it below, where it is then scanned, opened from its button, closed by
 * Escape, and the focus checked back on that button; or a line in SCANNED_ELSEWHERE / NOT_OPENED_YET saying why
 * not here.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '../src');
const POPUP = /<(Modal|Drawer|Popover)\b|modals\.open(ConfirmModal)?\(/;
/** A pop-up component that renders what its caller gives it: its users are the pop-ups, not it. */
const WRAPPER = /\{children\}|\bchildren\(/;

function sourceFiles(dir = WEB_SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The names a file imports from the app's own modules, with the file each comes from. */
function importsOf(file: string, text: string): { name: string; from: string }[] {
  return [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*)'/g)].flatMap(([, names, spec]) => {
    const base = path.resolve(path.dirname(file), spec!);
    const from = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f));
    if (!from) return [];
    return names!
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((n) => ({ name: n.split(/\s+as\s+/).pop()!, from }));
  });
}

function popupFiles(): string[] {
  const texts = new Map(sourceFiles().map((file) => [file, readFileSync(file, 'utf8')]));
  const popups = new Set([...texts].filter(([, text]) => POPUP.test(text)).map(([file]) => file));
  const isWrapper = (file: string) => popups.has(file) && WRAPPER.test(texts.get(file)!);
  // A file that renders a wrapper it imports opens a pop-up too; a wrapper of a wrapper is followed in turn.
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, text] of texts) {
      if (popups.has(file)) continue;
      const renders = importsOf(file, text).some(
        ({ name, from }) => isWrapper(from) && new RegExp(`<${name}\\b`).test(text),
      );
      if (renders) {
        popups.add(file);
        grew = true;
      }
    }
  }
  return [...popups].filter((file) => !isWrapper(file)).map((file) => path.relative(WEB_SRC, file));
}

/** A pop-up opened by a button of a screen: who, where, the button, the dialog's name. */
interface Recipe {
  who: string;
  /** Reaches the screen and returns the button that opens the pop-up. */
  opener: (page: Page) => Promise<Locator>;
  dialog: string | RegExp;
}

/** The professor's first subject's plan, on one of its tabs. */
async function planTab(page: Page, tab: string) {
  const calls = trackApiCalls(page);
  await page.goto('/pages/profesor-subjects');
  const materias = page.getByRole('table', { name: 'Materias asignadas' });
  await expect(materias.getByRole('link', { name: 'Abrir materia' }).first()).toBeVisible();
  await calls.quiet(300);
  await materias.getByRole('link', { name: 'Abrir materia' }).first().click();
  await expect(page.getByRole('heading', { name: 'Plan semestral de clases' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await calls.quiet(300);
}

const RECIPES: Record<string, Recipe> = {
  'features/careers/components/carrera-form-modal.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await page.goto('/pages/carreras');
      return page.getByRole('button', { name: 'Agregar nueva carrera' });
    },
    dialog: 'Nueva carrera',
  },
  'features/subjects/components/materia-form-modal.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await page.goto('/pages/materias');
      return page.getByRole('button', { name: 'Agregar nueva materia' });
    },
    dialog: 'Nueva materia',
  },
  'features/teaching/components/tarea-form-modal.tsx': {
    who: 'profesor@demo.edu.py',
    opener: async (page) => {
      await planTab(page, 'Tareas');
      return page.getByRole('button', { name: 'Agregar Nueva Tarea' });
    },
    dialog: 'Nueva tarea de clase',
  },
  'features/teaching/components/asistencia-form-modal.tsx': {
    who: 'profesor@demo.edu.py',
    opener: async (page) => {
      await planTab(page, 'Asistencias');
      return page.getByRole('button', { name: 'Agregar Nueva Asistencia' });
    },
    dialog: 'Nueva asistencia',
  },
  'features/rooms/components/aula-form-modal.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await page.goto('/pages/aulas');
      return page.getByRole('button', { name: 'Agregar nueva aula' });
    },
    dialog: 'Nueva aula',
  },
  'features/mallas/components/malla-materia-modal.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      const mallas = await api<{ items: { id: number }[] }>(page, '/api/mallas/all', { page: 1, pageSize: 1 });
      await page.goto(`/pages/mallas/edit/${mallas.items[0]!.id}`);
      await expect(page.getByRole('table', { name: 'Materias de la malla' })).toBeVisible();
      return page.getByRole('button', { name: 'Agregar materia', exact: true });
    },
    dialog: 'Agregar materia a la malla',
  },
  'features/outbox/components/mail-viewer.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await page.goto('/pages/correos');
      // The newest mail's subject opens it; the dialog is named by that subject.
      return page.getByRole('table', { name: 'Correos' }).getByRole('button').first();
    },
    dialog: /\S/,
  },
  'features/teaching/components/percentages-modal.tsx': {
    who: 'profesor@demo.edu.py',
    opener: async (page) => {
      await planTab(page, 'Alumnos');
      return page.getByRole('button', { name: /^Editar Asistencia \/ Notas de / }).first();
    },
    dialog: 'Editar Asistencia / Notas',
  },
};

/** Pop-ups another test of this file opens and scans. */
const SCANNED_ELSEWHERE: Record<string, string> = {
  'components/confirm-dialog.ts': "'modal de confirmación' (staff: confirmation, form modal…)",
  'features/mallas/components/excepciones-modal.tsx': "'the correlative exceptions modal on a phone and a desktop'",
};

/**
 * Listed from the code but not opened by this file yet (issue 43, left for the next pass): each needs demo data
 * in a given state or a path through another flow first.
 */
const NOT_OPENED_YET: Record<string, string> = {
  'components/reauth-modal.tsx': 'needs a user with a second factor (Seguridad)',
  'components/rectification/rectifications-panel.tsx': 'needs a sealed exam or subject-period and the grant',
  'features/exams/pages/exam-form-page.tsx': "'Agregar/Quitar Alumnos' of an active exam",
  'features/security/components/remove-passkey-modal.tsx': 'needs a registered key (passkeys.spec registers one)',
  'features/subject-periods/pages/waitlist-page.tsx': "'Mover' needs a waitlist with entries",
  'features/teaching/components/entrega-modal.tsx': 'issue 46: a homework handed in through Arandu',
  'features/users/components/temporary-password-dialog.tsx': 'shown once after a password is set for someone',
  'features/planning/components/unsaved-changes-prompt.tsx': 'the planning wizard with unsaved changes',
  'features/exams/components/reopen-dialog.tsx': "'Reabrir' of a sealed exam",
  'components/record-history/record-history.tsx': "a record's 'Historial'",
  'features/audit/components/changes-cell.tsx': "an audit row's changes",
  'features/teaching/components/quick-take-modal.tsx': "opened from an item of the 'Tomar asistencia' menu",
};

test('lists every pop-up from the code, each opened here or named with the reason', () => {
  const listed = popupFiles().sort();
  expect(listed.length).toBeGreaterThan(10);
  const known = { ...RECIPES, ...SCANNED_ELSEWHERE, ...NOT_OPENED_YET };
  expect(listed.filter((file) => !(file in known))).toEqual([]);
  expect(Object.keys(known).filter((file) => !listed.includes(file))).toEqual([]);
});

// Issue 43: at 390 px axe found serious scrollable-region-focusable behind and inside the modals (the plan's
// 'Alertas tempranas' table, the homework modal's scores): every Table.ScrollContainer's scroller is a tab stop
// now (theme.ts), so this runs with the rest.
for (const scheme of SCHEMES) {
  test(`every form pop-up listed: opened from its button, scanned, closed by Escape, the focus back (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await page.addInitScript((value) => localStorage.setItem('arandu.colorScheme', value), scheme);
    const found: Found[] = [];
    let signedIn = '';
    for (const [file, recipe] of Object.entries(RECIPES)) {
      if (recipe.who !== signedIn) {
        await loginAs(page, recipe.who);
        signedIn = recipe.who;
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const opener = await recipe.opener(page);
        await expect(opener).toBeVisible();
        await opener.click();
        const dialog = page.getByRole('dialog', { name: recipe.dialog });
        await shown(dialog);
        await scan(page, `${file} a ${width} px`, found);
        if (scheme === 'light') await shot(page, `popup-${path.basename(file, '.tsx')}-${width}`, { viewport: true });
        // A date field that took the focus opens its calendar: the first Escape is that calendar's, the modal stays.
        const calendar = page.locator('[data-dates-dropdown]');
        if (await calendar.isVisible()) {
          await page.keyboard.press('Escape');
          await expect(calendar).toBeHidden();
          await expect(dialog).toBeVisible();
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
      }
    }
    report(`${scheme} pop-ups listados`, found);
  });
}
