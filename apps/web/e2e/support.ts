import path from 'node:path';
import { dateInAsuncion } from '@arandu/shared';
import { expect, type APIRequestContext, type CDPSession, type Page, type Request } from '@playwright/test';
import { restoreSession } from './harness/signed-in.js';
import { DEMO_PASSWORD, signInThroughForm } from './harness/login-form.js';
import { portraitJpeg } from './images.js';

export { DEMO_PASSWORD, signInThroughForm };

export const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Saves a full-page screenshot under e2e/screenshots, for a person to look at; `viewport` pictures only what is
 * on screen, for a test about what the user sees without scrolling.
 */
export async function shot(page: Page, name: string, { viewport = false } = {}): Promise<void> {
  // After a reload index.html's loading screen stays 500 ms over the app (spec 01): picture the app, not it.
  await page.locator('#app-loading').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !viewport });
}

/** A day counted from today in Asunción as the API takes it (yyyy-mm-dd): 0 today, 1 tomorrow, -1 yesterday. */
export function asuncionIsoDay(daysFromToday = 0): string {
  return dateInAsuncion(new Date(Date.now() + daysFromToday * 86_400_000));
}

/** A calendar day (yyyy-mm-dd) as the screens write it (dd/mm/yyyy). */
export const screenDate = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** The same day as the screens write it (dd/mm/yyyy). */
export const asuncionDay = (daysFromToday = 0) => screenDate(asuncionIsoDay(daysFromToday));

/** A student's enrolment offer as the form reads it (`subjects_by_semesters`), for a page signed in as them or staff. */
export interface EnrolmentOffer {
  conforme: boolean;
  enableInscription: boolean;
  inscripcionPorAbrir: boolean;
  semestres: {
    nombre: string;
    materias: {
      materiaPeriodoId: number;
      codigo: string;
      nombre: string;
      seccion: string;
      inscripto: boolean;
      aprobada: boolean;
    }[];
  }[];
}

export function enrolmentOffer(page: Page, perfilAlumnoId: number): Promise<EnrolmentOffer> {
  return api<EnrolmentOffer>(page, `/api/studentsubjects/subjects_by_semesters/${perfilAlumnoId}`);
}

/** The active period as the API lists it, for a page signed in as staff. */
export async function activePeriodo(
  page: Page,
): Promise<{ id: number; anho: number; nombre: string; finClases: string }> {
  // In the page, as the app calls: the session cookie goes by itself, the CSRF token in its header.
  return page.evaluate(async () => {
    const csrf = /(?:^|; )arandu_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const headers = { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' };
    const res = await fetch('/api/periodos/all', {
      method: 'POST',
      headers,
      body: JSON.stringify({ page: 1, pageSize: 100 }),
    });
    const { items } = (await res.json()) as {
      items: { id: number; anho: number; nombre: string; finClases: string; activo: boolean }[];
    };
    return items.find((p) => p.activo)!;
  });
}

/**
 * Signs `email` in on `page`. An account the setup project signed in (the demo's, the empty installation's
 * administrator) gets that session back without the login form, unless a test of this spec file ended it;
 * any other account, or a session that no longer lives, goes through the form. Specs about the login itself
 * use `signInThroughForm`.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const landing = password === DEMO_PASSWORD ? await restoreSession(page, email) : null;
  if (landing) {
    await page.goto(landing);
    await page.waitForLoadState('networkidle');
    return;
  }
  await signInThroughForm(page, email, password);
}

/**
 * The signed-in browser's session token, read as only the test can: from the context's HttpOnly cookie
 * (issue 41; no script in the page can read it).
 */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'arandu_session');
  expect(cookie?.value, 'the session cookie of a signed-in page').toBeTruthy();
  return cookie!.value;
}

/**
 * Follows the page's /api calls from now on. For tests that change the server behind the browser's back:
 * `quiet()` waits until no call has been in flight for `quietMs`, so a call still loading the previous
 * screen cannot be the one that meets the change.
 */
export function trackApiCalls(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const ended = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs = 300): Promise<void> {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, { timeout: 15_000 })
        .toBe(true);
    },
  };
}

/**
 * Sets the active period's enrolment window through the API, as 'Editar periodo' would, for a page signed in
 * as an administrator: `daysFrom`/`daysTo` are days from now (negative: past), or instants (ISO) to put back
 * what `enrolmentWindow` read. A spec that closes the window opens it again afterwards, so the specs after it
 * find the demo as `npm start` leaves it.
 */
export async function setEnrolmentWindow(
  page: Page,
  daysFrom: number | string,
  daysTo: number | string,
): Promise<void> {
  const status = await page.evaluate(
    async ([from, to]) => {
      const csrf = /(?:^|; )arandu_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const headers = { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' };
      const list = (await (await fetch('/api/periodos/all', { method: 'POST', headers, body: '{}' })).json()) as {
        items: { id: number; activo: boolean }[];
      };
      const id = list.items.find((p) => p.activo)!.id;
      const p = (await (await fetch(`/api/periodos/${id}`, { headers })).json()) as Record<string, unknown>;
      const day = (n: number | string) =>
        typeof n === 'string' ? n : new Date(Date.now() + n * 86_400_000).toISOString();
      const body = {
        id,
        nombre: p.nombre,
        anho: p.anho,
        esSemestrePar: p.esSemestrePar,
        activo: true,
        inicioClases: p.inicioClases,
        finClases: p.finClases,
        inicioPeriodoInscripcion: day(from),
        finPeriodoInscripcion: day(to),
        finCalificarTareas: p.finCalificarTareas,
        finEditarPlaneamiento: p.finEditarPlaneamiento,
      };
      return (await fetch('/api/periodos', { method: 'POST', headers, body: JSON.stringify(body) })).status;
    },
    [daysFrom, daysTo] as const,
  );
  expect(status, 'the active period saved with its enrolment window').toBe(200);
}

/** The active period's enrolment window as saved (ISO instants), for a page signed in as staff. */
export async function enrolmentWindow(page: Page): Promise<{ inicio: string; fin: string }> {
  const { id } = await activePeriodo(page);
  const p = await api<{ inicioPeriodoInscripcion: string; finPeriodoInscripcion: string }>(page, `/api/periodos/${id}`);
  return { inicio: p.inicioPeriodoInscripcion, fin: p.finPeriodoInscripcion };
}

/** The signed-in user's bearer header, for set-up calls to the API (a bearer call needs no CSRF token). */
export async function auth(page: Page) {
  return { Authorization: `Bearer ${await sessionToken(page)}` };
}

/** A GET (no body) or POST to the API as the signed-in user of `page`, for finding demo data to open. */
export async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const headers = await auth(page);
  const res =
    body === undefined
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: body });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Signs in as profesor@demo and lists its own subjects of the active period with three students or more,
 * lowest semester first: the teaching spec publishes and seals the highest one.
 */
export async function profesorMaterias(page: Page) {
  await loginAs(page, 'profesor@demo.edu.py');
  const mine = await api<{
    items: { id: number; esPropia: boolean; numeroSemestre: number; cantidadInscriptos: number; periodoId: number }[];
  }>(page, '/api/Professors/subjects/all', { page: 1, pageSize: 100 });
  // The latest period among those with students: the structure spec adds a newer period with an empty section
  // taught by this professor, which must not count as 'the active one' here.
  const taught = mine.items.filter((s) => s.esPropia && s.cantidadInscriptos >= 3);
  const active = Math.max(...taught.map((s) => s.periodoId));
  const candidates = taught.filter((s) => s.periodoId === active).sort((a, b) => a.numeroSemestre - b.numeroSemestre);
  expect(candidates.length).toBeGreaterThan(0);
  return candidates;
}

/**
 * An attendance session of its own for a test, made through the API (not the path under test) in the first of
 * the professor's subjects that takes sessions (one whose attendance is entered by hand has none). Signs in.
 */
export async function newAttendanceSession(page: Page, date: string, reference: string) {
  for (const s of await profesorMaterias(page)) {
    const res = await page.request.post('/api/assistances', {
      headers: await auth(page),
      data: { id: null, subjectPeriodId: s.id, date, reference, room: null },
    });
    if (res.ok()) return { id: ((await res.json()) as { id: number }).id, subject: s.id };
  }
  throw new Error('no subject of profesor@demo takes attendance sessions');
}

/** A list's free-text search: opens 'Búsqueda', types `text` in 'Buscar' and presses the 'Buscar' button. */
export async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await page.getByRole('textbox', { name: 'Buscar' }).fill(text);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

/** Chooses a portrait (drawn with `initials` on `color`) as the ficha's photo and uploads it ('Subir foto'). */
export async function uploadPortrait(page: Page, fileName: string, initials: string, color: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'image/jpeg',
    buffer: await portraitJpeg(initials, color),
  });
  await page.getByRole('button', { name: 'Subir foto' }).click();
  await expect(page.getByText('Foto guardado exitosamente')).toBeVisible();
}

/**
 * The ficha a student completes before the first enrolment ('Editar Perfil'): a photo and an emergency contact;
 * Guardar then goes on to the inscription form.
 */
export async function completeFichaForInscripcion(
  page: Page,
  ficha: { photo: [fileName: string, initials: string, color: string]; telefono: string; contacto: string },
): Promise<void> {
  await uploadPortrait(page, ...ficha.photo);
  await page.getByLabel('Teléfono de emergencia').fill(ficha.telefono);
  await page.getByLabel('Nombre del contacto').fill(ficha.contacto);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/pages\/student-subjects\/inscription\/form$/);
}

/** The toast that says `text` (a Mantine notification is an alert). */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * The fields every new user needs on '/pages/users/new': names, document, e-mail, Paraguay as the country of
 * birth and a mobile number. The roles and the rest are the test's own.
 */
export async function fillNewUser(
  page: Page,
  user: { nombre: string; apellido: string; documento: string; email: string; celular: string },
): Promise<void> {
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(user.nombre);
  await page.getByRole('textbox', { name: 'Apellido', exact: true }).fill(user.apellido);
  await page.getByRole('textbox', { name: 'Número de documento', exact: true }).fill(user.documento);
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(user.email);
  await page.getByRole('combobox', { name: 'Nacionalidad', exact: true }).click();
  await page.getByRole('option', { name: 'Paraguay' }).first().click();
  await page.getByRole('textbox', { name: 'Teléfono celular', exact: true }).fill(user.celular);
}

/**
 * Without a mail server (the demo) the temporary password staff just set shows once, in a dialog (issue 40):
 * reads it, checks it is said to be shown only this once, closes the dialog and answers the password.
 */
export async function takeTemporaryPassword(page: Page, email: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Contraseña temporal' });
  const shown = dialog.getByLabel(`Contraseña temporal de ${email}`);
  await expect(shown).toHaveText(/^\S{8,}$/);
  await expect(dialog.getByText(/No se volverá a mostrar/)).toBeVisible();
  const password = ((await shown.textContent()) ?? '').trim();
  await dialog.getByRole('button', { name: 'Listo' }).click();
  await expect(dialog).toHaveCount(0);
  return password;
}

/** The password `newAlumno` sets as its student's own. */
export const NEW_ALUMNO_PASSWORD = 'Llave-Segura-2026';

/** A new student account as admin's POST /api/users takes it, its e-mail and document made unique by `stamp`. */
function alumnoAccount(stamp: number) {
  return {
    nombre: 'Lía',
    apellido: 'Llaves',
    numeroDocumento: String(stamp).padStart(9, '7'),
    email: `llave.${stamp}@demo.edu.py`,
    // Paraguay: the first country of the reference rows (migration 0001).
    nacionalidadPaisId: 1,
    telefonoCelular: '0981 123 456',
    roles: [0],
  };
}

/**
 * A student of its own (no other test signs in as them), created through the API by the staff member signed in
 * on `page`, with only the temporary password it was given. Answers the e-mail.
 */
export async function createAlumno(page: Page): Promise<string> {
  const account = alumnoAccount(Date.now() % 1_000_000_000);
  await api(page, '/api/users', account);
  return account.email;
}

/**
 * A student of its own (no other test signs in as them): created by admin@demo through the API, its first
 * password already set (NEW_ALUMNO_PASSWORD). Answers the e-mail.
 */
export async function newAlumno(request: APIRequestContext): Promise<string> {
  const bearer = async (email: string, password: string) => {
    const res = await request.post('/api/users/login', { data: { email, password } });
    expect(res.ok(), await res.text()).toBe(true);
    return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  const account = alumnoAccount(Date.now() % 1_000_000_000);
  const { email } = account;
  const created = await request.post('/api/users', {
    headers: await bearer('admin@demo.edu.py', DEMO_PASSWORD),
    data: account,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const temporary = ((await created.json()) as { contrasenaTemporal: string }).contrasenaTemporal;
  const set = await request.post('/api/users/set_new_password', {
    headers: await bearer(email, temporary),
    data: { email, currentPassword: temporary, newPassword: NEW_ALUMNO_PASSWORD, confirmPassword: NEW_ALUMNO_PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return email;
}

/** The demo's full section: the capped Cálculo II whose waiting list has students (for a page signed in as staff). */
export async function fullSection(page: Page) {
  const { items } = await api<{ items: { id: number; seccion: string }[] }>(page, '/api/MateriasPeriodo/all', {
    pageSize: 100,
    filters: { materia: 'Cálculo II' },
  });
  for (const s of items) {
    const list = await api<{ items: unknown[]; cupo: number | null }>(
      page,
      `/api/MateriasPeriodo/${s.id}/lista-espera`,
    );
    if (list.cupo !== null && list.items.length > 0) return { ...s, waiting: list.items.length };
  }
  throw new Error('no Cálculo II with a waiting list in the demo');
}

/** A USB security key with a PIN (user verification), that the test 'touches' on every request. */
export async function plugInKey(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}
