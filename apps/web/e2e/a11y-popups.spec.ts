import { axeScan } from './axe.js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import {
  api,
  asuncionIsoDay,
  createAlumno,
  fullSection,
  loginAs,
  newAlumno,
  NEW_ALUMNO_PASSWORD,
  newAttendanceSession,
  plugInKey,
  profesorMaterias,
  searchList,
  shot,
  trackApiCalls,
} from './support.js';

/**
 * Accessibility gate for what a page scan never sees (issue 34 item 8): each kind of pop-up opened one by one, a
 * confirmation, a form modal (empty and with its field errors), the success, warning and error toasts, the
 * profile menu, a table row's menu and a select's list, in light and dark. 0 serious or critical, as
 * a11y.spec.ts holds the screens. Saves are answered by the test (page.route), so the demo data stays as it is.
 */
const SCHEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);

type Found = { what: string; rule: string; impact: string; nodes: number; sample: string };

/**
 * What axe finds in the open pop-ups (`layer` 'pop-up': Mantine portals every modal, drawer, popover, menu, list
 * of options and toast into a `[data-portal]` layer of <body>), or on the whole page ('page', for a screen's tab).
 * A pop-up's scan leaves out the screen behind it, which a11y.spec.ts scans: on a screen with a long table the
 * whole page took most of a pop-up's minutes (issue 42).
 */
async function scan(page: Page, what: string, found: Found[], layer: 'pop-up' | 'page' = 'pop-up') {
  let builder = axeScan(page);
  if (layer === 'pop-up') builder = builder.include('[data-portal]');
  const { violations } = await builder.analyze();
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

/** A subject of profesor@demo's active period with its planning made (the demo plans most), signed in as them. */
async function plannedMateria(page: Page): Promise<number> {
  for (const s of await profesorMaterias(page)) {
    const first = await api<{ id?: number }>(page, `/api/planning/${s.id}/page-1`);
    if (first.id) return s.id;
  }
  throw new Error('no subject of profesor@demo has its planning');
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
        await scan(page, `Horario vacío a ${width} px`, found, 'page');
      }
      await page.goto('/pages/subjects-periods');
      const edit = page.getByRole('link', { name: 'Editar' }).first();
      await expect(edit).toBeVisible();
      await calls.quiet(300);
      await edit.click();
      await expect(page.getByRole('heading', { name: 'Editar materia periodo' })).toBeVisible();
      await calls.quiet(300);
      await scan(page, 'pestaña Horario de clases', found, 'page');
      for (const tab of ['Calificaciones', 'Planeamiento']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeAttached();
        await calls.quiet(300);
        await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
        await scan(page, `pestaña ${tab}`, found, 'page');
      }
      // The schedule table with rows too, on a desktop and a phone (issue 34 item 11): its actions column has a
      // name that does not widen it, and its sideways scroller is a focusable region, so neither
      // empty-table-header (minor) nor scrollable-region-focusable (serious) comes back.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('tab', { name: 'Horario de clases' }).click();
        await expect(page.getByRole('region', { name: 'Horarios' })).toBeVisible();
        await scan(page, `Horario con filas a ${width} px`, found, 'page');
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
      await scan(page, 'pestaña Tareas', found, 'page');

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
        await scan(page, 'pestaña Asistencias', found, 'page');
        await options.first().click();
        const menu = page.getByRole('menu');
        await shown(menu);
        await scan(page, 'menú de una fila', found);
        await page.keyboard.press('Escape');
      }

      report(`${scheme} pop-ups de profesor`, found);
    });

    test(`professor: the planning wizard's unsaved-changes prompt (${scheme})`, async ({ page }) => {
      test.setTimeout(300_000);
      const found: Found[] = [];
      const materiaPeriodoId = await plannedMateria(page);
      await page.goto(`/pages/profesor-subjects/${materiaPeriodoId}`);
      await page.getByRole('tab', { name: 'Planeamiento' }).click();
      await page.getByRole('button', { name: 'Paso 9: Bibliografía básica / complementaria' }).click();
      await page.getByRole('textbox', { name: 'Bibliografía complementaria' }).fill('Apostol, Calculus.');
      await expect(page.getByText('Cambios sin guardar en: paso 9.')).toBeVisible();
      // Leaving for the start page (the top bar's link, on a phone too) asks; Escape stays, the change kept.
      const home = page.getByRole('link', { name: /: inicio$/ });
      const file = 'features/planning/components/unsaved-changes-prompt.tsx';
      const prompt = { opener: async () => home, dialog: 'Hay cambios sin guardar' };
      await scanAtEachWidth(page, file, prompt, found, scheme === 'light');
      await expect(page.getByText('Cambios sin guardar en: paso 9.')).toBeVisible();
      // 'No, continuar' drops the change and leaves.
      await home.click();
      await page
        .getByRole('dialog', { name: 'Hay cambios sin guardar' })
        .getByRole('button', { name: 'No, continuar' })
        .click();
      await expect(page).not.toHaveURL(new RegExp(`/pages/profesor-subjects/${materiaPeriodoId}$`));
      report(`${scheme} aviso de cambios sin guardar`, found);
    });

    // WebAuthn has no RP ID for an IP address: the key is registered at localhost (as passkeys.spec does).
    test.describe('at localhost', () => {
      test.use({ host: 'localhost' });

      test(`student: a security key's Quitar (${scheme})`, async ({ page, request }) => {
        test.setTimeout(300_000);
        const found: Found[] = [];
        const email = await newAlumno(request);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('WebAuthn.enable');
        await plugInKey(cdp);
        await loginAs(page, email, NEW_ALUMNO_PASSWORD);
        await page.goto('/pages/account/security');
        const card = page.getByRole('region', { name: 'Llaves de seguridad y passkeys' });
        await card.getByLabel('Nombre de la llave').fill('Llave a11y');
        await card.getByRole('button', { name: 'Agregar llave' }).click();
        await expect(page.getByText('Se agregó la llave de seguridad.')).toBeVisible();
        const file = 'features/security/components/remove-passkey-modal.tsx';
        const remove = {
          opener: async () => card.getByRole('button', { name: 'Quitar Llave a11y' }),
          dialog: 'Quitar llave de seguridad',
        };
        await scanAtEachWidth(page, file, remove, found, scheme === 'light');
        report(`${scheme} quitar llave de seguridad`, found);
      });
    });
  });
}

/**
 * Every pop-up the app has (issue 43 'Done when'), listed from the code: each source file that renders one of
 * Mantine's (Modal, Drawer, Popover, the modals manager) or one of the app's pop-up wrappers (a pop-up component
 * that shows what its caller passes, `children`: FormModal, RecordFormModal), the wrappers followed to the files
 * that use them, so a new modal is listed by its own file whatever it is built on. A listed file fails 'lists
 * every pop-up' until it has a way to open it below, where it is then scanned, opened from its button, closed by
 * Escape, and the focus checked back on that button; or a line in SCANNED_ELSEWHERE naming the test of this file
 * that opens and scans it.
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
  /**
   * Makes what the pop-up needs through the API, once a run, signed in as `who`; `opener` is given what it
   * answers (a record's id, an e-mail).
   */
  prepare?: (page: Page) => Promise<string>;
  /** Reaches the screen and returns the button that opens the pop-up. */
  opener: (page: Page, made: string) => Promise<Locator>;
  /** What stands between the button and the pop-up: a menu's item, a confirmation. */
  through?: (page: Page) => Promise<void>;
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

/** The first exam of the demo in `estado` (0 active, 1 sealed), opened as staff. */
async function openExamen(page: Page, estado: 0 | 1) {
  const { items } = await api<{ items: { id: number }[] }>(page, '/api/exams/all', {
    page: 1,
    pageSize: 1,
    filters: { estado: [estado] },
  });
  expect(items, `a demo exam in state ${estado}`).not.toHaveLength(0);
  await page.goto(`/pages/exams/edit/${items[0]!.id}`);
  // A sealed exam of the demo loads its rows and its rectifications: slow on a loaded machine.
  const heading = estado === 1 ? 'Ver examen' : 'Editar examen';
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 60_000 });
}

/** The demo's homework handed in through Arandu (demo-hand-ins.ts); alumno@demo handed it in. */
const HAND_IN = 'Informe de laboratorio 1';

/** The subject-period of HAND_IN, found as alumno@demo. */
async function handInMateria(page: Page): Promise<string> {
  const mine = await api<{ items: { materiaPeriodoId: number }[] }>(page, '/api/studentsubjects/all-my-subjects', {
    page: 1,
    pageSize: 100,
  });
  for (const { materiaPeriodoId } of mine.items) {
    const tareas = await api<{ items: { descripcion: string }[] }>(page, `/api/exams/${materiaPeriodoId}/homework/my`, {
      page: 1,
      pageSize: 50,
    });
    if (tareas.items.some((t) => t.descripcion === HAND_IN)) return String(materiaPeriodoId);
  }
  throw new Error(`alumno@demo has no '${HAND_IN}'`);
}

/** The reference of the attendance session the quick take is opened on. */
const TAKE_REFERENCE = 'Toma a11y';

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
  // The root administrator's 'Abrir examen' of a sealed exam asks why and under which resolution.
  'features/exams/components/reopen-dialog.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await openExamen(page, 1);
      return page.getByRole('button', { name: 'Abrir examen' });
    },
    dialog: 'Abrir examen',
  },
  // A record's 'Historial' (a subject-period's here): who changed what and when, in a drawer.
  'components/record-history/record-history.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      const { items } = await api<{ items: { id: number }[] }>(page, '/api/MateriasPeriodo/all', {
        page: 1,
        pageSize: 1,
      });
      await page.goto(`/pages/subjects-periods/edit/${items[0]!.id}`);
      return page.getByRole('button', { name: 'Historial' });
    },
    dialog: /^Historial: /,
  },
  // An audit row's values past the first three, in a popover.
  'features/audit/components/changes-cell.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await page.goto('/pages/audit_log');
      return page.getByRole('button', { name: /^Ver todo \(\d+\)$/ }).first();
    },
    dialog: /^Ver todo \(\d+\)$/,
  },
  // Staff reset a user's second factor with the reason, their own password and a code: every user's record has it.
  'components/reauth-modal.tsx': {
    who: 'admin@demo.edu.py',
    opener: async (page) => {
      await page.goto('/pages/users');
      await searchList(page, 'profesor@demo.edu.py');
      await page
        .getByRole('row')
        .filter({ hasText: 'profesor@demo.edu.py' })
        .getByRole('link', { name: 'Editar' })
        .click();
      await page.getByRole('tab', { name: 'Seguridad' }).click();
      return page.getByRole('button', { name: 'Restablecer segundo factor' });
    },
    dialog: 'Restablecer segundo factor',
  },
  // Without a mail server a reset's temporary password shows once, to whoever reset it: a student of this test's own.
  'features/users/components/temporary-password-dialog.tsx': {
    who: 'admin@demo.edu.py',
    prepare: createAlumno,
    opener: async (page, email) => {
      await page.goto('/pages/users');
      await searchList(page, email);
      return page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: 'Restablecer contraseña' });
    },
    through: async (page) => {
      const confirm = page.getByRole('dialog', { name: 'Restablecer contraseña' });
      await confirm.getByRole('button', { name: 'Sí, restablecer' }).click();
    },
    dialog: 'Contraseña temporal',
  },
  // 'Rectificar acta' of a sealed exam (funcionario@demo holds 'actas:rectificar' in the demo).
  'components/rectification/rectifications-panel.tsx': {
    who: 'funcionario@demo.edu.py',
    opener: async (page) => {
      await openExamen(page, 1);
      return page.getByRole('button', { name: 'Rectificar acta' });
    },
    dialog: 'Rectificar acta',
  },
  'features/exams/pages/exam-form-page.tsx': {
    who: 'funcionario@demo.edu.py',
    opener: async (page) => {
      await openExamen(page, 0);
      return page.getByRole('button', { name: 'Agregar/Quitar Alumnos' });
    },
    dialog: 'Agregar/Quitar Alumnos',
  },
  // 'Mover' a student of the demo's full section's waiting list.
  'features/subject-periods/pages/waitlist-page.tsx': {
    who: 'funcionario@demo.edu.py',
    opener: async (page) => {
      const section = await fullSection(page);
      await page.goto(`/pages/subjects-periods/waitlist/${section.id}`);
      return page.getByRole('button', { name: /^Mover a / }).first();
    },
    dialog: /^Mover a /,
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
  'features/teaching/components/percentages-modal.tsx': {
    who: 'profesor@demo.edu.py',
    opener: async (page) => {
      await planTab(page, 'Alumnos');
      return page.getByRole('button', { name: /^Editar Asistencia \/ Notas de / }).first();
    },
    dialog: 'Editar Asistencia / Notas',
  },
  // 'Tomar asistencia', the tab's menu of sessions, on a session of today made for it.
  'features/teaching/components/quick-take-modal.tsx': {
    who: 'profesor@demo.edu.py',
    prepare: async (page) => String((await newAttendanceSession(page, asuncionIsoDay(0), TAKE_REFERENCE)).subject),
    opener: async (page, materiaPeriodoId) => {
      await page.goto(`/pages/profesor-subjects/${materiaPeriodoId}`);
      await page.getByRole('tab', { name: 'Asistencias' }).click();
      return page.getByRole('button', { name: 'Tomar asistencia' });
    },
    through: async (page) => {
      await page.getByRole('menuitem').filter({ hasText: TAKE_REFERENCE }).first().click();
    },
    dialog: /^Tomar asistencia/,
  },
  // A hand-in through Arandu: alumno@demo's 'Ver entrega'.
  'features/teaching/components/entrega-modal.tsx': {
    who: 'alumno@demo.edu.py',
    prepare: handInMateria,
    opener: async (page, materiaPeriodoId) => {
      await page.goto(`/pages/student-tasks/${materiaPeriodoId}`);
      return page.getByRole('row').filter({ hasText: HAND_IN }).getByRole('button', { name: 'Ver entrega' });
    },
    dialog: HAND_IN,
  },
};

/** Pop-ups another test of this file opens and scans. */
const SCANNED_ELSEWHERE: Record<string, string> = {
  'components/confirm-dialog.ts': "'modal de confirmación' (staff: confirmation, form modal…)",
  'features/mallas/components/excepciones-modal.tsx': "'the correlative exceptions modal on a phone and a desktop'",
  'features/security/components/remove-passkey-modal.tsx': "'a security key's Quitar' (a virtual authenticator)",
  'features/planning/components/unsaved-changes-prompt.tsx': "'the planning wizard's unsaved-changes prompt'",
};

test('lists every pop-up from the code, each opened here or named with the reason', () => {
  const listed = popupFiles().sort();
  expect(listed.length).toBeGreaterThan(10);
  const known = { ...RECIPES, ...SCANNED_ELSEWHERE };
  expect(listed.filter((file) => !(file in known))).toEqual([]);
  expect(Object.keys(known).filter((file) => !listed.includes(file))).toEqual([]);
});

/**
 * Opens a pop-up by clicking `opener` (and going `through` what stands between) at 1280 and 390 px: scanned, then
 * closed by Escape, and the focus back on the opener.
 */
async function scanAtEachWidth(
  page: Page,
  what: string,
  popup: Pick<Recipe, 'through' | 'dialog'> & { opener: () => Promise<Locator> },
  found: Found[],
  screenshots: boolean,
) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const opener = await popup.opener();
    await expect(opener).toBeVisible();
    await opener.click();
    await popup.through?.(page);
    const dialog = page.getByRole('dialog', { name: popup.dialog });
    await shown(dialog);
    await scan(page, `${what} a ${width} px`, found);
    if (screenshots) await shot(page, `popup-${path.basename(what, '.tsx')}-${width}`, { viewport: true });
    // A field that took the focus may open its list (a searchable select) or calendar (a date field): the first
    // Escape is that one's, the pop-up stays.
    const inner = page.locator('[data-dates-dropdown]').or(page.getByRole('listbox')).first();
    if (await inner.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(inner).toBeHidden();
      await expect(dialog).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
}

/** Whoever opens the listed pop-ups: one test each, so a test stays a few minutes long on a loaded machine. */
const OPENERS = [...new Set(Object.values(RECIPES).map((r) => r.who))];

// Issue 43: at 390 px axe found serious scrollable-region-focusable behind and inside the modals (the plan's
// 'Alertas tempranas' table, the homework modal's scores): every Table.ScrollContainer's scroller is a tab stop
// now (theme.ts), so this runs with the rest.
for (const scheme of SCHEMES) {
  for (const who of OPENERS) {
    test(`every form pop-up listed: opened from its button, scanned, closed by Escape, the focus back (${who}, ${scheme})`, async ({
      page,
    }) => {
      // Up to nine pop-ups, each opened and scanned at two widths, on a shared machine.
      test.setTimeout(600_000);
      await page.addInitScript((value) => localStorage.setItem('arandu.colorScheme', value), scheme);
      const found: Found[] = [];
      await loginAs(page, who);
      for (const [file, recipe] of Object.entries(RECIPES).filter(([, r]) => r.who === who)) {
        const made = (await recipe.prepare?.(page)) ?? '';
        const popup = { ...recipe, opener: () => recipe.opener(page, made) };
        await scanAtEachWidth(page, file, popup, found, scheme === 'light');
      }
      report(`${scheme} pop-ups listados de ${who}`, found);
    });
  }
}
