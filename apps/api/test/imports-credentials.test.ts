import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_IMPORT, Role, TipoAuditoria } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { ALUMNO_HEADER, alumnoRow, uploadImport, xlsxOf, type Report } from './factories/imports.js';
import { createCarreraWithMalla } from './factories/students.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';
import { readPdf } from './pdf-reader.js';

/*
 * Issue 44, 'Credentials without SMTP': an import that creates accounts on an installation without SMTP hands
 * the person who applied it a key to their credential letters; one download, audited; again only by a reset.
 */

let t: TestContext;
let staff: string;
let staffId: number;
let other: string;
let admin: string;
let carrera: string;

beforeAll(async () => {
  t = await setupTestApp({ config: { publicUrl: 'https://arandu.facultad.edu.py' } });
  carrera = (await createCarreraWithMalla(t.db, { subjects: 1 })).carrera.codigo;
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  staffId = funcionario.id;
  staff = await login(t.app, funcionario.email, TEST_PASSWORD);
  const otro = await createUser(t.db, { roles: [Role.Funcionario] });
  other = await login(t.app, otro.email, TEST_PASSWORD);
  const administrador = await createUser(t.db, { roles: [Role.Admin] });
  admin = await login(t.app, administrador.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const download = (token: string, id: number, clave: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/importaciones/credenciales/${id}/pdf`,
    headers: bearer(token),
    payload: { clave },
  });

/** Each letter's password, in the order of the letters. */
const passwordsIn = (text: string) => [...text.matchAll(/Contraseña temporal: (\S{12})/g)].map((m) => m[1]!);

describe('credential letters of an import without SMTP', () => {
  it('the apply hands a key; one download gives the letters, audited, and never shown in Correos', async () => {
    const rowsOfFile = [
      alumnoRow(carrera, { Nombre: 'Rosa', Apellido: 'Benítez', Documento: '4.101.202' }),
      alumnoRow(carrera, { Nombre: 'Mateo', Apellido: 'Ñamandú', Documento: '4101203' }),
      alumnoRow(carrera, { Nombre: 'Lía', Apellido: 'Giménez', Documento: '4101204' }),
    ];
    const res = await uploadImport(t.app, staff, 'alumnos', 'aplicar', await xlsxOf([ALUMNO_HEADER, ...rowsOfFile]));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<Report>();
    expect(report.credenciales).toMatchObject({ cuentas: 3 });
    const { id, clave } = report.credenciales!;
    // The key is not on the server: the row holds only the ciphertext.
    const [stored] = await rows<{ cifrado: string; cuentas: number[] }>(
      t.db,
      sql`select cifrado, cuentas from entregas_credenciales where id = ${id}`,
    );
    expect(stored!.cuentas).toHaveLength(3);
    expect(stored!.cifrado).not.toContain(clave);

    // Someone else's letters, and a wrong key, are not found, and leave the letters as they were.
    expect((await download(other, id, clave)).statusCode).toBe(404);
    const wrong = Buffer.alloc(32, 7).toString('base64url');
    expect((await download(staff, id, wrong)).statusCode).toBe(404);
    expect((await download(staff, id, 'corta')).statusCode).toBe(404);

    const pdf = await download(staff, id, clave);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const read = await readPdf(pdf.rawPayload);
    // Two letters a sheet: three people, two A4 pages.
    expect(read.pages).toBe(2);
    expect(read.pageTexts[0]).toContain('Rosa Benítez');
    expect(read.pageTexts[0]).toContain('4.101.202');
    expect(read.pageTexts[0]).toContain('Mateo Ñamandú');
    expect(read.pageTexts[1]).toContain('Lía Giménez');
    expect(read.text).toContain(rowsOfFile[0]![3]!);
    expect(read.text).toContain('https://arandu.facultad.edu.py');
    expect(read.text).toContain('Cambie su contraseña al ingresar');
    expect(read.text).toContain('Facultad');
    const passwords = passwordsIn(read.text);
    expect(passwords).toHaveLength(3);
    // The password in the letter is the account's.
    expect(await login(t.app, rowsOfFile[0]![3]!, passwords[0]!)).toBeTruthy();

    // Once: the row is emptied, and a second download says how to get them again.
    const again = await download(staff, id, clave);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: string }>().error).toBe(MSG_IMPORT.credencialesGone);

    // Audited: one SHOWN entry per account, by the person who downloaded.
    const shown = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from auditoria
           where tipo = ${TipoAuditoria.Shown} and usuario_id = ${staffId} and nombre_tabla = 'usuarios'
             and clave_primaria in (select jsonb_array_elements_text(${JSON.stringify(stored!.cuentas)}::jsonb))`,
    );
    expect(shown[0]!.n).toBe(3);

    // 'Correos' keeps the welcome mails, their passwords masked.
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?page=1&pageSize=100',
      headers: bearer(admin),
    });
    expect(outbox.statusCode, outbox.body).toBe(200);
    for (const password of passwords) expect(outbox.body).not.toContain(password);
  });

  it('a reset hands new letters for the accounts not yet used, and the old passwords stop working', async () => {
    const rowsOfFile = [alumnoRow(carrera), alumnoRow(carrera)];
    const res = await uploadImport(t.app, staff, 'alumnos', 'aplicar', await xlsxOf([ALUMNO_HEADER, ...rowsOfFile]));
    const { id, clave } = res.json<Report>().credenciales!;
    const first = passwordsIn((await readPdf((await download(staff, id, clave)).rawPayload)).text);
    // The second person signed in and chose a password: theirs is left alone.
    await t.db.execute(sql`update usuarios set first_login = false where email = ${rowsOfFile[1]![3]!}`);

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/importaciones/credenciales/${id}/restablecer`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(404);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/importaciones/credenciales/${id}/restablecer`,
      headers: bearer(staff),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const renewed = reset.json<{ id: number; clave: string; cuentas: number; omitidas: number }>();
    expect(renewed).toMatchObject({ cuentas: 1, omitidas: 1 });
    const letters = await readPdf((await download(staff, renewed.id, renewed.clave)).rawPayload);
    expect(letters.pages).toBe(1);
    expect(letters.text).toContain(rowsOfFile[0]![3]!);
    expect(letters.text).not.toContain(rowsOfFile[1]![3]!);
    const [renewedPassword] = passwordsIn(letters.text);
    expect(renewedPassword).not.toBe(first[0]);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: rowsOfFile[0]![3]!, password: first[0]! },
    });
    expect(old.statusCode).not.toBe(200);
    expect(await login(t.app, rowsOfFile[0]![3]!, renewedPassword!)).toBeTruthy();
  });

  it('an import that creates no account has no letters; a bad id or key is a 400, not a 500', async () => {
    const existing = alumnoRow(carrera);
    await uploadImport(t.app, staff, 'alumnos', 'aplicar', await xlsxOf([ALUMNO_HEADER, existing]));
    const update = await uploadImport(t.app, staff, 'alumnos', 'aplicar', await xlsxOf([ALUMNO_HEADER, existing]));
    expect(update.json<Report>().credenciales).toBeUndefined();
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/importaciones/credenciales/abc/pdf',
      headers: bearer(staff),
      payload: { clave: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    const longKey = await download(staff, 1, 'x'.repeat(5000));
    expect(longKey.statusCode).toBe(400);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/importaciones/credenciales/1/pdf',
      headers: bearer(staff),
      payload: { clave: 12 },
    });
    expect(noKey.statusCode).toBe(400);
  });
});

describe('with SMTP', () => {
  it('an import mails the passwords and hands no letters', async () => {
    const smtp = await setupTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      const codigo = (await createCarreraWithMalla(smtp.db, { subjects: 1 })).carrera.codigo;
      const funcionario = await createUser(smtp.db, { roles: [Role.Funcionario] });
      const token = await login(smtp.app, funcionario.email, TEST_PASSWORD);
      const res = await uploadImport(
        smtp.app,
        token,
        'alumnos',
        'aplicar',
        await xlsxOf([ALUMNO_HEADER, alumnoRow(codigo)]),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Report>().credenciales).toBeUndefined();
      const reset = await smtp.app.inject({
        method: 'POST',
        url: '/api/importaciones/credenciales/1/restablecer',
        headers: bearer(token),
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json<{ error: string }>().error).toBe(MSG_IMPORT.credencialesWithSmtp);
    } finally {
      await smtp.close();
    }
  });
});
