import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, MSG_IMPORT, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { createCarreraWithMalla } from './factories/students.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import {
  applyImport,
  ALUMNO_HEADER,
  alumnoRow,
  csvOf,
  uploadImport,
  utf8Bom,
  windows1252,
  xlsxOf,
  type Report,
} from './factories/imports.js';
import { login, setupTestApp, type TestContext } from './helper.js';

let t: TestContext;
let staff: string;
let carrera: string;
let mallaId: number;

beforeAll(async () => {
  t = await setupTestApp();
  const creada = await createCarreraWithMalla(t.db, { subjects: 1 });
  carrera = creada.carrera.codigo;
  mallaId = creada.malla.id;
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  staff = await login(t.app, funcionario.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

async function counts() {
  const [row] = await rows<{ usuarios: number; perfiles: number; auditoria: number; correos: number }>(
    t.db,
    sql`select (select count(*)::int from usuarios) as usuarios, (select count(*)::int from perfiles_alumno) as perfiles,
               (select count(*)::int from auditoria) as auditoria, (select count(*)::int from correos_salientes) as correos`,
  );
  return row!;
}

describe('dry run of a students file', () => {
  it('reads an xlsx and says each row would be created, writing nothing', async () => {
    const before = await counts();
    const file = await xlsxOf([ALUMNO_HEADER, alumnoRow(carrera), alumnoRow(carrera), alumnoRow(carrera)]);
    const res = await uploadImport(t.app, staff, 'alumnos', 'prueba', file);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<Report>();
    expect(report.resumen).toEqual({ crear: 3, actualizar: 0, sinCambios: 0, errores: 0 });
    expect(report.filas.map((f) => f.fila)).toEqual([2, 3, 4]);
    expect(report.aplicado).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('reads a CSV in UTF-8 with its BOM, commas and headers written otherwise', async () => {
    const header = [
      'Cédula',
      'NOMBRES',
      'apellidos',
      'E-mail',
      'Celular',
      'Nacimiento',
      'carrera',
      'Ingreso',
      'Nº de legajo',
    ];
    const row = alumnoRow(carrera, { Nombre: 'Ñandutí' });
    const res = await uploadImport(t.app, staff, 'alumnos', 'prueba', utf8Bom(csvOf([header, row], ',')), 'a.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Report>().resumen.crear).toBe(1);
  });

  it('reads a CSV in Windows-1252 with semicolons, and keeps the accents', async () => {
    const header = [
      'C.I. Nº',
      'Nombre',
      'Apellido',
      'Correo',
      'Teléfono',
      'Fecha de nacimiento',
      'Carrera',
      'Fecha de ingreso',
    ];
    const row = alumnoRow(carrera, { Nombre: 'José María' }).slice(0, 8);
    const res = await uploadImport(t.app, staff, 'alumnos', 'aplicar', windows1252(csvOf([header, row], ';')), 'a.csv');
    expect(res.statusCode, res.body).toBe(200);
    const [saved] = await rows<{ nombre: string; apellido: string }>(
      t.db,
      sql`select nombre, apellido from usuarios where numero_documento = ${row[0]!.replace(/\./g, '')}`,
    );
    expect(saved).toEqual({ nombre: 'José María', apellido: 'Núñez Benítez' });
  });

  it('reports each field error with the form message, next to its column', async () => {
    const file = await xlsxOf([
      ALUMNO_HEADER,
      alumnoRow(carrera, { 'Correo electrónico': 'no-es-un-correo' }),
      alumnoRow(carrera, { Documento: '12.34' }),
      alumnoRow(carrera, { 'Teléfono celular': 'llamar' }),
      alumnoRow(carrera, { 'Fecha de nacimiento': '31/02/2004' }),
      alumnoRow(carrera, { Carrera: 'Astrología' }),
      alumnoRow(carrera, { Nombre: '' }),
      alumnoRow(carrera, { 'Fecha de ingreso': '' }),
      alumnoRow(carrera, { Legajo: 'abc' }),
    ]);
    const report = (await uploadImport(t.app, staff, 'alumnos', 'prueba', file)).json<Report>();
    expect(report.filas.map((f) => f.errores)).toEqual([
      { 'Correo electrónico': MSG.emailInvalid },
      { Documento: MSG.documentoInvalid },
      { 'Teléfono celular': MSG.phoneInvalid },
      { 'Fecha de nacimiento': MSG.fechaNacimientoInvalid },
      { Carrera: MSG_IMPORT.carreraUnknown('Astrología') },
      { Nombre: MSG.nombreRequired },
      { 'Fecha de ingreso': MSG.fechaIngresoRequired },
      { Legajo: MSG.legajoInvalid },
    ]);
    expect(report.filas.every((f) => f.accion === 'error')).toBe(true);
    expect(report.resumen.errores).toBe(8);
  });

  it('finds a document or e-mail twice in the file, and an e-mail of someone else in the database', async () => {
    const other = await createUser(t.db, { roles: [Role.Profesor] });
    const first = alumnoRow(carrera);
    const file = await xlsxOf([
      ALUMNO_HEADER,
      first,
      alumnoRow(carrera, { Documento: first[0] }),
      alumnoRow(carrera, { 'Correo electrónico': first[3]!.toUpperCase() }),
      alumnoRow(carrera, { 'Correo electrónico': other.email }),
    ]);
    const report = (await uploadImport(t.app, staff, 'alumnos', 'prueba', file)).json<Report>();
    // Both rows of a repeat are marked (issue 44): the first one names the row that repeats it.
    expect(report.filas.map((f) => [f.accion, f.errores])).toEqual([
      ['error', { Documento: MSG_IMPORT.repeatedBelow(3), 'Correo electrónico': MSG_IMPORT.repeatedBelow(4) }],
      ['error', { Documento: MSG_IMPORT.repeated(2) }],
      ['error', { 'Correo electrónico': MSG_IMPORT.repeated(2) }],
      ['error', { 'Correo electrónico': MSG_IMPORT.emailOfAnother }],
    ]);
  });

  it('refuses a file without a required column, naming it', async () => {
    const file = await xlsxOf([ALUMNO_HEADER.filter((h) => h !== 'Carrera'), ['1']]);
    const res = await uploadImport(t.app, staff, 'alumnos', 'prueba', file);
    expect(res.statusCode).toBe(400);
    expect(res.json<Report>().error).toBe(MSG_IMPORT.missingColumns(['Carrera']));
  });
});

describe('apply of a students file', () => {
  it('writes nothing when one row in the middle is bad: 400 with the report, counts and audit unchanged', async () => {
    const before = await counts();
    const file = await xlsxOf([
      ALUMNO_HEADER,
      alumnoRow(carrera),
      alumnoRow(carrera, { 'Correo electrónico': 'mal' }),
      alumnoRow(carrera),
    ]);
    const res = await uploadImport(t.app, staff, 'alumnos', 'aplicar', file);
    expect(res.statusCode).toBe(400);
    const report = res.json<Report>();
    expect(report.error).toBe(MSG_IMPORT.refused);
    expect(report.resumen).toEqual({ crear: 2, actualizar: 0, sinCambios: 0, errores: 1 });
    expect(report.filas[1]!.errores).toEqual({ 'Correo electrónico': MSG.emailInvalid });
    expect(await counts()).toEqual(before);
  });

  it('creates users and student records, one audit entry for the import, and mails only after the apply', async () => {
    const before = await counts();
    const file = await xlsxOf([ALUMNO_HEADER, alumnoRow(carrera), alumnoRow(carrera, { Legajo: '987654' })]);
    const dry = await uploadImport(t.app, staff, 'alumnos', 'prueba', file);
    expect(dry.statusCode).toBe(200);
    expect((await counts()).correos).toBe(before.correos);

    const res = await uploadImport(t.app, staff, 'alumnos', 'aplicar', file, 'alumnos 2026.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Report>()).toMatchObject({ aplicado: true, resumen: { crear: 2, errores: 0 } });
    const after = await counts();
    expect(after.usuarios - before.usuarios).toBe(2);
    expect(after.perfiles - before.perfiles).toBe(2);
    expect(after.correos - before.correos).toBe(2);
    const entries = await rows<{ clave: string; nuevos: Record<string, unknown> }>(
      t.db,
      sql`select clave_primaria as clave, valores_nuevos as nuevos from auditoria
           where nombre_tabla = 'importaciones' order by id desc limit 1`,
    );
    expect(entries[0]).toMatchObject({ clave: 'alumnos', nuevos: { archivo: 'alumnos 2026.xlsx', crear: 2 } });
    const perfiles = await rows<{ legajo: number; malla: number; firstLogin: boolean }>(
      t.db,
      sql`select pa.numero_legajo as legajo, pa.malla_id as malla, u.first_login as "firstLogin"
            from perfiles_alumno pa join usuarios u on u.id = pa.usuario_id order by pa.id desc limit 2`,
    );
    expect(perfiles.map((p) => p.malla)).toEqual([mallaId, mallaId]);
    expect(perfiles.some((p) => p.legajo === 987654)).toBe(true);
    expect(perfiles.every((p) => p.firstLogin)).toBe(true);
  });

  it('the welcome mail lets the new student sign in with the temporary password', async () => {
    const row = alumnoRow(carrera);
    const res = await uploadImport(t.app, staff, 'alumnos', 'aplicar', await xlsxOf([ALUMNO_HEADER, row]));
    expect(res.statusCode).toBe(200);
    const [mail] = await rows<{ cuerpo: string }>(
      t.db,
      sql`select cuerpo from correos_salientes where destinatario = ${row[3]!} order by id desc limit 1`,
    );
    const temporary = /Contraseña temporal: (\S+)/.exec(mail!.cuerpo)![1]!;
    const loginRes = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: row[3], password: temporary },
    });
    expect(loginRes.statusCode, loginRes.body).toBe(200);
  });

  it('updates an existing person matched by document, listing the changed columns', async () => {
    const row = alumnoRow(carrera);
    await applyImport(t.app, staff, 'alumnos', await xlsxOf([ALUMNO_HEADER, row]));
    const same = await uploadImport(t.app, staff, 'alumnos', 'prueba', await xlsxOf([ALUMNO_HEADER, row]));
    expect(same.json<Report>().filas[0]).toMatchObject({ accion: 'sin cambios', cambios: [] });

    const changed = [...row];
    changed[1] = 'Otro Nombre';
    changed[4] = '0971 654321';
    const file = await xlsxOf([ALUMNO_HEADER, changed]);
    const dry = (await uploadImport(t.app, staff, 'alumnos', 'prueba', file)).json<Report>();
    expect(dry.filas[0]).toMatchObject({ accion: 'actualizar', cambios: ['Nombre', 'Teléfono celular'] });
    const before = await counts();
    expect((await uploadImport(t.app, staff, 'alumnos', 'aplicar', file)).statusCode).toBe(200);
    const after = await counts();
    expect(after.usuarios).toBe(before.usuarios);
    expect(after.correos).toBe(before.correos);
    const [saved] = await rows<{ nombre: string; telefono: string }>(
      t.db,
      sql`select nombre, telefono_celular as telefono from usuarios where numero_documento = ${row[0]!.replace(/\./g, '')}`,
    );
    expect(saved).toEqual({ nombre: 'Otro Nombre', telefono: '0971 654321' });
  });

  it('is for staff only', async () => {
    const alumno = await createUser(t.db, { roles: [Role.Alumno] });
    const token = await login(t.app, alumno.email, TEST_PASSWORD);
    const res = await uploadImport(t.app, token, 'alumnos', 'prueba', await xlsxOf([ALUMNO_HEADER]));
    expect(res.statusCode).toBe(403);
  });
});
