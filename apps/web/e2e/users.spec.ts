import { type Page } from '@playwright/test';
import { expect, test } from './harness/fixtures.js';
import { portraitJpeg } from './images.js';
import { loginAs, searchList, shot, takeTemporaryPassword, toast } from './support.js';

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** 'Agregar categoría' with 'Bases de Datos I' as the subject of row `fila`, its escalafón and note. */
async function addCategoria(page: Page, fila: number, escalafon: string, nota: string): Promise<void> {
  await page.getByRole('button', { name: 'Agregar categoría' }).click();
  await page.getByRole('combobox', { name: `Materia de la fila ${fila}` }).fill('Bases de Datos I');
  await page
    .getByRole('option', { name: /Bases de Datos I$/ })
    .first()
    .click();
  await choose(page, `Escalafón de la fila ${fila}`, escalafon);
  await page.getByRole('textbox', { name: `Nota de la fila ${fila}`, exact: true }).fill(nota);
}

test('[ADMIN] usuarios: crea un profesor con categorías y foto, lo busca, lo edita y le restablece la contraseña', async ({
  page,
}) => {
  await loginAs(page, 'admin@demo.edu.py');
  await page.goto('/pages/users');
  await expect(page.getByRole('heading', { name: 'Usuarios del Sistema' })).toBeVisible();
  await expect(page.getByText(/^Resultado 1 - 25 de \d+ registros$/)).toBeVisible();
  await page.getByRole('link', { name: 'Agregar nuevo usuario' }).click();
  await expect(page).toHaveURL(/\/pages\/users\/new$/);

  // The client checks of the photo: a file that is not an image is refused before any upload.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  // Said as a toast and at the photo field (issue 43): both alerts carry the message.
  await expect(toast(page, 'El tipo de imagen no es válido')).toHaveCount(2);
  await expect(page.locator('#foto-error')).toHaveText('El tipo de imagen no es válido');

  // Saving empty shows the form's own messages.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe ingresar el nombre')).toBeVisible();
  await expect(page.getByText('Debe ingresar el país de nacimiento')).toBeVisible();
  await expect(page.getByText('Debe seleccionar al menos un rol')).toBeVisible();

  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Hermelinda');
  await page.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Zárate Ocampos');
  await page.getByRole('textbox', { name: 'Número de documento', exact: true }).fill('3456789');
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill('hermelinda.zarate@demo.edu.py');
  await page.getByRole('textbox', { name: 'Fecha de nacimiento', exact: true }).fill('12/08/1979');
  await choose(page, 'Nacionalidad', 'Paraguay');
  await page.getByRole('textbox', { name: 'Teléfono celular', exact: true }).fill('0981 456 789');
  await page.getByRole('checkbox', { name: 'Profesor' }).check();
  await expect(page.getByRole('heading', { name: 'Nueva Ficha del Profesor' })).toBeVisible();

  // Two teaching categories; the same subject twice is refused by name.
  await addCategoria(page, 1, 'Profesor Titular', 'Titular por concurso, 2019');
  await addCategoria(page, 2, 'Profesor Adjunto', 'Adjunta');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/^La materia .*Bases de Datos I ya fue agregada\.$/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Materia de la fila 2' }).fill('Ingeniería de Software I');
  await page
    .getByRole('option', { name: /Ingeniería de Software I$/ })
    .first()
    .click();

  await fileInput.setInputFiles({ name: 'hermelinda.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg('HZ') });
  await expect(page.getByText('Se subirá al guardar')).toBeVisible();
  await shot(page, 'users-new-professor');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Usuario guardado exitosamente')).toBeVisible();
  await expect(toast(page, 'Foto guardado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/users$/);
  await takeTemporaryPassword(page, 'hermelinda.zarate@demo.edu.py');

  // Found by search, accents and case aside.
  await searchList(page, 'zarate hermelinda');
  await expect(page.getByText('Resultado 1 - 1 de 1 registros')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Hermelinda' });
  await expect(row.getByText('Escalafón: 2')).toBeVisible();
  await expect(row.getByText('3.456.789')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Borrar' })).toBeDisabled();
  await shot(page, 'users-list-search');

  // Edit: the photo is there, the categories too; change the phone.
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/pages\/users\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto de Hermelinda Zárate Ocampos' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nota de la fila 1', exact: true })).toHaveValue(
    /Titular por concurso|Adjunta/,
  );
  await page.getByRole('textbox', { name: 'Teléfono celular', exact: true }).fill('0971 222 333');
  await page.getByRole('button', { name: /Datos adicionales/ }).click();
  await page.getByRole('textbox', { name: 'Empresa', exact: true }).fill('Itaipú Binacional');
  await shot(page, 'users-edit-professor');
  // The toast of the first save may still be up on a fast machine: wait for it to close, so the one
  // asserted next is the edit's.
  await expect(toast(page, 'Usuario guardado exitosamente')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Usuario guardado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/users$/);
  await searchList(page, 'hermelinda');
  await expect(page.getByRole('row').filter({ hasText: 'Hermelinda' }).getByText('0971 222 333')).toBeVisible();

  // 'Restablecer contraseña' from the list, after a confirmation. The demo has no mail server: the password is
  // handed to whoever reset it, once, in a dialog (issue 40), and the toast does not claim a mail was sent.
  const resetButton = page
    .getByRole('row')
    .filter({ hasText: 'Hermelinda' })
    .getByRole('button', { name: 'Restablecer contraseña' });
  await resetButton.click();
  await page.getByRole('button', { name: 'Sí, restablecer' }).click();
  await expect(
    toast(
      page,
      'Contraseña restablecida exitosamente. No hay servidor de correo: entregue usted la contraseña temporal, que no se volverá a mostrar.',
    ),
  ).toBeVisible();
  await takeTemporaryPassword(page, 'hermelinda.zarate@demo.edu.py');
  await expect(resetButton).toBeFocused();
});

/**
 * A demo student whose ficha is still pending and who has no photo. Not alumno@demo: the enrolment spec runs
 * first and completes that one's ficha (its journey goes through it), so this test takes a student nobody
 * else's spec touches, found through the staff list as an administrator would.
 */
async function pendingAlumnoEmail(page: Page): Promise<string> {
  await loginAs(page, 'admin@demo.edu.py');
  const email = await page.evaluate(async () => {
    const csrf = /(?:^|; )arandu_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const headers = { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' };
    const list = (await (
      await fetch('/api/users/all', {
        method: 'POST',
        headers,
        body: JSON.stringify({ page: 1, pageSize: 50, filters: { roles: [0] } }),
      })
    ).json()) as { items: { id: number; email: string; roles: { value: number }[] }[] };
    for (const u of list.items) {
      if (u.roles.length !== 1 || ['alumno@demo.edu.py', 'nuevo@demo.edu.py'].includes(u.email)) continue;
      const detail = (await (await fetch(`/api/users/${u.id}`, { headers })).json()) as {
        fichaActualizada: boolean;
        urlPhoto: string | null;
      };
      if (!detail.fichaActualizada && !detail.urlPhoto) return u.email;
    }
    return null;
  });
  expect(email, 'a demo student with a pending ficha').not.toBeNull();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
  return email!;
}

test('[ALUMNO] usuarios: completa su ficha con foto y no puede abrir /pages/users', async ({ page }) => {
  await loginAs(page, await pendingAlumnoEmail(page));
  await page.getByRole('button', { name: /^Usuario:/ }).click();
  await page.getByRole('menuitem', { name: 'Mi Perfil' }).click();
  await expect(page).toHaveURL(/\/pages\/account\/my-profile$/);
  await expect(page.getByText('Debe actualizar la ficha antes de inscribirse a las materias')).toBeVisible();
  await expect(page.getByText('Ficha pendiente')).toBeVisible();
  await page.getByRole('link', { name: 'Editar Perfil' }).click();
  await expect(page).toHaveURL(/\/pages\/account\/edit-profile$/);
  await expect(page.getByText('Debe actualizar la ficha antes de inscribirse a las materias')).toBeVisible();

  // Identity data is the faculty's: read-only here.
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Número de documento', exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByRole('checkbox', { name: 'Profesor' })).toHaveCount(0);

  // Profile mode asks for the emergency contact.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe ingresar el nombre del contacto')).toBeVisible();
  await page.getByRole('textbox', { name: 'Teléfono de emergencia', exact: true }).fill('(021) 555 123');
  await page.getByRole('textbox', { name: 'Nombre del contacto', exact: true }).fill('Graciela Villalba');
  await page.getByRole('textbox', { name: 'Relación / parentesco', exact: true }).fill('Madre');
  const home = page.getByRole('region', { name: 'Domicilio' });
  await home.getByRole('textbox', { name: 'Calle', exact: true }).fill('Avda. Mariscal López');
  await home.getByRole('textbox', { name: 'Número', exact: true }).fill('1234');
  await page.getByRole('checkbox', { name: 'Otra' }).check();
  await page.getByRole('textbox', { name: 'Otra discapacidad', exact: true }).fill('Daltonismo');

  // Without a photo the ficha is not complete.
  await page.getByRole('button', { name: 'Guardar' }).click();
  // Said as a toast and at the photo field (issue 43).
  await expect(toast(page, 'Debe ingresar una foto')).toHaveCount(2);
  await expect(page.locator('#foto-error')).toHaveText('Debe ingresar una foto');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'sofia.png',
    mimeType: 'image/png',
    buffer: await portraitJpeg('SC', '#1f7a5a'),
  });
  // A jpeg named .png: the browser says png, the server judges the content and takes it.
  await page.getByRole('button', { name: 'Subir foto' }).click();
  await expect(toast(page, 'Foto guardado exitosamente')).toBeVisible();
  await shot(page, 'profile-edit');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Usuario guardado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/account\/my-profile$/);
  await expect(page.getByText('Ficha actualizada')).toBeVisible();
  await expect(page.getByText('Graciela Villalba')).toBeVisible();
  await expect(page.getByText('Debe actualizar la ficha antes de inscribirse a las materias')).toHaveCount(0);
  await shot(page, 'profile-view');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Editar Perfil' })).toBeVisible();
  await shot(page, 'profile-view-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/pages/users');
  await expect(page.getByRole('heading', { name: 'Acceso restringido' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await shot(page, 'users-forbidden-student');
});

test('[ADMIN] usuarios: sus propios roles y correo no se cambian desde Usuarios, y el rechazo queda en la auditoría', async ({
  page,
}) => {
  await loginAs(page, 'admin@demo.edu.py');
  const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('arandu.user')!) as { id: number }).id);
  await page.goto(`/pages/users/edit/${id}`);
  await expect(
    page.getByText(
      'Un administrador no puede cambiar sus propios roles ni su correo electrónico desde Usuarios del Sistema',
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('readonly');
  await expect(page.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  await shot(page, 'users-own-identity-locked');

  // The same change sent past the form: refused by the server, and recorded.
  const refused = await page.evaluate(async (userId) => {
    const csrf = /(?:^|; )arandu_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const headers = { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' };
    const d = (await (await fetch(`/api/users/${userId}`, { headers })).json()) as Record<string, unknown>;
    const form = (await (await fetch('/api/users/form_data', { headers })).json()) as { paises: { id: number }[] };
    const res = await fetch('/api/users', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        id: userId,
        nombre: d.nombre,
        apellido: d.apellido,
        numeroDocumento: d.numeroDocumento,
        email: 'otra.direccion@demo.edu.py',
        nacionalidadPaisId: d.nacionalidadPaisId ?? form.paises[0]!.id,
        telefonoCelular: d.telefonoCelular ?? '0981 000 000',
        roles: (d.roles as { value: number }[]).map((r) => r.value),
        categoriasProfesores: [],
      }),
    });
    return { status: res.status, body: (await res.json()) as { error: string } };
  }, id);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe(
    'Un administrador no puede cambiar sus propios roles ni su correo electrónico desde Usuarios del Sistema',
  );

  await page.goto('/pages/audit_log');
  await page.getByRole('button', { name: 'Búsqueda' }).click();
  await choose(page, 'Tipo', 'Denegación');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Denegación' }).first();
  // The table by its Spanish name (issue 34 item 17), not 'usuarios'.
  await expect(row.getByText('Usuarios', { exact: true }).first()).toBeVisible();
  await expect(row.getByText('Lucía Ramírez Benítez')).toBeVisible();
  await shot(page, 'audit-log-denied');
  // What was tried and why it was refused, where a change keeps its new values.
  const tried = row.getByText('Modificar usuario');
  await tried.scrollIntoViewIfNeeded();
  await expect(tried).toBeVisible();
  await shot(page, 'audit-log-denied-values');
});
