import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IMPORT_MAX_ROWS, MSG_IMPORT, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { createAlumno } from './factories/academic.js';
import { createCarreraWithMalla } from './factories/students.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import {
  ALUMNO_HEADER,
  alumnoRow,
  applyImport,
  csvOf,
  downloadImportReport,
  uploadImport,
  xlsxOf,
  type Report,
} from './factories/imports.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';
import { serverUrl } from './test-database.js';
import { findSoffice } from './soffice.js';

let t: TestContext;
let staff: string;
let carrera: Awaited<ReturnType<typeof createCarreraWithMalla>>;

beforeAll(async () => {
  t = await setupTestApp();
  carrera = await createCarreraWithMalla(t.db, { subjects: 2 });
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  staff = await login(t.app, funcionario.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const template = async (tipo: string, formato: 'xlsx' | 'csv') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/importaciones/${tipo}/plantilla?formato=${formato}`,
    headers: bearer(staff),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** The template's data sheet, its example row copied `n` times with other documents and e-mails. */
async function copiesOfExample(bytes: Buffer, n: number): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const example = (sheet.getRow(2).values as string[]).slice(1).map((v) => String(v ?? ''));
  const out = [header];
  for (let i = 0; i < n; i++) {
    const copy = [...example];
    copy[0] = String(6_100_000 + (process.pid % 1000) * 100 + i);
    copy[3] = `copia${process.pid}-${i}@prueba.edu.py`;
    out.push(copy);
  }
  return out;
}

describe('templates', () => {
  it('the xlsx has the header, a valid example and the accepted values; copies of the example import cleanly', async () => {
    const bytes = await template('alumnos', 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Alumnos', 'Valores aceptados']);
    const res = await uploadImport(t.app, staff, 'alumnos', 'prueba', await xlsxOf(await copiesOfExample(bytes, 5)));
    expect(res.json<Report>().resumen).toEqual({ crear: 5, actualizar: 0, sinCambios: 0, errores: 0 });
  });

  it('the CSV is UTF-8 with its BOM and semicolons', async () => {
    for (const tipo of ['alumnos', 'profesores']) {
      const bytes = await template(tipo, 'csv');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.toString('utf8')).toContain('Documento;Nombre;Apellido;Correo electrónico');
    }
  });

  // Issue 40: the example's document was 4.858.380, a student of the demo, whom an unchanged template updated.
  it('uploaded unchanged changes and creates nobody, even with the old example document on file, and says why', async () => {
    const { user } = await createAlumno(t.db, carrera.malla.id, { numeroDocumento: '4858380', nombre: 'Existente' });
    const people = () => rows<{ n: number }>(t.db, sql`select count(*)::int as n from usuarios`).then(([r]) => r!.n);
    const before = await people();
    for (const tipo of ['alumnos', 'profesores']) {
      for (const formato of ['xlsx', 'csv'] as const) {
        const bytes = await template(tipo, formato);
        const dry = await uploadImport(t.app, staff, tipo, 'prueba', bytes, `plantilla.${formato}`);
        expect(dry.statusCode, dry.body).toBe(200);
        const report = dry.json<Report>();
        expect(report.resumen, `${tipo} ${formato}`).toEqual({ crear: 0, actualizar: 0, sinCambios: 0, errores: 1 });
        expect(report.filas).toEqual([
          expect.objectContaining({ fila: 2, accion: 'error', errores: { Documento: MSG_IMPORT.exampleRow } }),
        ]);
        const applied = await uploadImport(t.app, staff, tipo, 'aplicar', bytes, `plantilla.${formato}`);
        expect(applied.statusCode).toBe(400);
        expect(applied.json<Report>().error).toBe(MSG_IMPORT.refused);
      }
    }
    expect(await people()).toBe(before);
    const [stored] = await rows<{ nombre: string; esProfesor: boolean }>(
      t.db,
      sql`select nombre, es_profesor as "esProfesor" from usuarios where id = ${user.id}`,
    );
    expect(stored).toEqual({ nombre: 'Existente', esProfesor: false });
  });
});

describe('the report as xlsx', () => {
  it('lists one line per error, with the row, the column and the message', async () => {
    const file = await xlsxOf([ALUMNO_HEADER, alumnoRow(carrera.carrera.codigo, { 'Correo electrónico': 'mal' })]);
    const { res, row } = await downloadImportReport(t.app, staff, 'alumnos', file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Informe%20de%20importaci%C3%B3n%20de%20Alumnos.xlsx');
    expect(row(2)).toEqual([
      2,
      'error',
      expect.any(String),
      'Correo electrónico',
      'El correo electronico no es valido.',
    ]);
  });
});

describe('professors', () => {
  it('creates professors with their teaching categories, and replaces them on a second file', async () => {
    const [ranks] = [await rows<{ nombre: string }>(t.db, sql`select nombre from escalafones_docentes order by orden`)];
    const codigo = carrera.subjects[0]!.materia.codigo;
    const header = ['Documento', 'Nombre', 'Apellido', 'Correo', 'Celular', 'Categorías'];
    const doc = String(5_200_000 + (process.pid % 1000));
    const email = `prof${doc}@prueba.edu.py`;
    const first = [doc, 'Ana', 'Duarte', email, '0981 111222', `${codigo}: ${ranks[4]!.nombre}: Resolución 1/2020`];
    const applied = await uploadImport(t.app, staff, 'profesores', 'aplicar', await xlsxOf([header, first]));
    expect(applied.statusCode, applied.body).toBe(200);
    const cats = () =>
      rows<{ escalafon: string; notas: string }>(
        t.db,
        sql`select e.nombre as escalafon, c.notas from categorias_profesores c
              join escalafones_docentes e on e.id = c.escalafon_docente_id
              join usuarios u on u.id = c.usuario_id where u.numero_documento = ${doc}`,
      );
    expect(await cats()).toEqual([{ escalafon: ranks[4]!.nombre, notas: 'Resolución 1/2020' }]);

    const second = [...first];
    second[5] = `${codigo}: ${ranks[3]!.nombre}: Concurso 2024`;
    const dry = (
      await uploadImport(t.app, staff, 'profesores', 'prueba', await xlsxOf([header, second]))
    ).json<Report>();
    expect(dry.filas[0]).toMatchObject({ accion: 'actualizar', cambios: ['Categorías'] });
    await applyImport(t.app, staff, 'profesores', await xlsxOf([header, second]));
    expect(await cats()).toEqual([{ escalafon: ranks[3]!.nombre, notas: 'Concurso 2024' }]);

    const bad = [...first];
    bad[5] = 'NO-EXISTE: Profesor Titular: x';
    const refused = (
      await uploadImport(t.app, staff, 'profesores', 'prueba', await xlsxOf([header, bad]))
    ).json<Report>();
    expect(refused.filas[0]!.errores).toEqual({ Categorías: MSG_IMPORT.materiaUnknown('NO-EXISTE') });
  });

  it('a Funcionario may not update an administrator through a file', async () => {
    const admin = await createUser(t.db, { roles: [Role.Admin] });
    const header = ['Documento', 'Nombre', 'Apellido', 'Correo', 'Celular'];
    const file = await xlsxOf([
      header,
      [admin.numeroDocumento, 'Cambiado', admin.apellido, admin.email, '0981 222333'],
    ]);
    const report = (await uploadImport(t.app, staff, 'profesores', 'prueba', file)).json<Report>();
    expect(report.filas[0]).toMatchObject({
      accion: 'error',
      errores: { Documento: expect.stringContaining('administrador') },
    });
  });
});

describe('mallas', () => {
  it('creates a malla with new and existing subjects, then updates their hours', async () => {
    const existing = carrera.subjects[0]!.materia.codigo;
    const header = ['Carrera', 'Malla', 'Vigencia', 'Código', 'Materia', 'Semestre', 'Horas teoría', 'HP', 'HL'];
    const nuevo = `IMP-${process.pid % 10000}`;
    const rowsOf = (horas: string) => [
      header,
      [carrera.carrera.codigo, 'Plan Importado', '01/03/2026', existing, '', '1', horas, '0', '0'],
      [carrera.carrera.nombre, 'plan importado', '01/03/2026', nuevo, 'Ingeniería de Datos', '2', '32', '16', '0'],
    ];
    const dry = (await uploadImport(t.app, staff, 'mallas', 'prueba', await xlsxOf(rowsOf('48')))).json<Report>();
    expect(dry.resumen).toEqual({ crear: 2, actualizar: 0, sinCambios: 0, errores: 0 });
    expect((await uploadImport(t.app, staff, 'mallas', 'aplicar', await xlsxOf(rowsOf('48')))).statusCode).toBe(200);
    const saved = await rows<{ codigo: string; semestre: number; teoria: number }>(
      t.db,
      sql`select mm.codigo, mm.semestre_nro_orden as semestre, mm.horas_teoria_semestral as teoria
            from materias_malla mm join mallas m on m.id = mm.malla_id
           where m.nombre = 'Plan Importado' order by mm.semestre_nro_orden`,
    );
    expect(saved).toEqual([
      { codigo: existing, semestre: 1, teoria: 48 },
      { codigo: nuevo, semestre: 2, teoria: 32 },
    ]);
    const again = (await uploadImport(t.app, staff, 'mallas', 'prueba', await xlsxOf(rowsOf('64')))).json<Report>();
    expect(again.filas.map((f) => [f.accion, f.cambios])).toEqual([
      ['actualizar', ['Horas de teoría']],
      ['sin cambios', []],
    ]);
  });

  it('refuses a semester out of range and a subject twice in a malla', async () => {
    const header = ['Carrera', 'Malla', 'Vigencia', 'Código', 'Materia', 'Semestre'];
    const file = await xlsxOf([
      header,
      [carrera.carrera.codigo, 'Plan X', '01/03/2026', 'X-1', 'Uno', '11'],
      [carrera.carrera.codigo, 'Plan X', '01/03/2026', 'X-2', 'Dos', '1'],
      [carrera.carrera.codigo, 'Plan X', '01/03/2026', 'x-2', 'Dos', '1'],
    ]);
    const report = (await uploadImport(t.app, staff, 'mallas', 'prueba', file)).json<Report>();
    expect(report.filas.map((f) => f.errores)).toEqual([
      { Semestre: 'Debe seleccionar el semestre' },
      { Código: MSG_IMPORT.repeatedBelow(4) },
      { Código: MSG_IMPORT.repeated(3) },
    ]);
  });
});

describe('limits', () => {
  it('refuses a file above the row limit with a clear message', async () => {
    const lines = [ALUMNO_HEADER, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['1'])];
    const res = await uploadImport(t.app, staff, 'alumnos', 'prueba', Buffer.from(csvOf(lines, ',')), 'a.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json<Report>().error).toBe(MSG_IMPORT.tooManyRows);
  });

  it('refuses a file above 10 MB', async () => {
    const res = await uploadImport(t.app, staff, 'alumnos', 'prueba', Buffer.alloc(10 * 1024 * 1024 + 10, 65), 'a.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json<Report>().error).toBe(MSG_IMPORT.tooLarge);
  });

  it('refuses something that is not a spreadsheet', async () => {
    const res = await uploadImport(
      t.app,
      staff,
      'alumnos',
      'prueba',
      Buffer.from([0x50, 0x4b, 3, 4, 1, 2, 3]),
      'a.xlsx',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<Report>().error).toBe(MSG_IMPORT.unreadable);
  });
});

const soffice = findSoffice();
if (!soffice)
  console.log('[imports] LibreOffice no está instalado: se omite la prueba de un archivo escrito por soffice');

describe.skipIf(!soffice)('a file written by LibreOffice', () => {
  it('imports like the original (the template saved again by soffice as xlsx)', async () => {
    const original = await xlsxOf(await copiesOfExample(await template('alumnos', 'xlsx'), 3));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-import-'));
    try {
      const source = path.join(dir, 'origen.xlsx');
      fs.writeFileSync(source, original);
      const out = path.join(dir, 'convertido');
      fs.mkdirSync(out);
      execFileSync(soffice!, ['--headless', '--convert-to', 'xlsx', '--outdir', out, source], {
        stdio: 'pipe',
        timeout: 120_000,
        env: { ...process.env, HOME: dir },
      });
      const converted = fs.readFileSync(path.join(out, 'origen.xlsx'));
      expect(converted.equals(original)).toBe(false);
      const a = (await uploadImport(t.app, staff, 'alumnos', 'prueba', original)).json<Report>();
      const b = (await uploadImport(t.app, staff, 'alumnos', 'prueba', converted)).json<Report>();
      expect(b).toEqual(a);
      expect(b.resumen.crear).toBe(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});

describe.skipIf(!serverUrl())('one apply of a kind at a time, across processes (PostgreSQL server)', () => {
  it('answers 409 while another connection holds the kind lock, and applies once it is free', async () => {
    const [conn] = await rows<{ db: string }>(t.db, sql`select current_database() as db`);
    const url = new URL(serverUrl()!);
    url.pathname = `/${conn!.db}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1::int, 0)', [0x4152494d]);
      const file = await xlsxOf([ALUMNO_HEADER, alumnoRow(carrera.carrera.codigo)]);
      const busy = await uploadImport(t.app, staff, 'alumnos', 'aplicar', file);
      expect(busy.statusCode).toBe(409);
      expect(busy.json<Report>().error).toBe(MSG_IMPORT.busy('alumnos'));
      // Another kind is not held up.
      const profesor = [
        String(5_300_000 + (process.pid % 1000)),
        'Eva',
        'Paz',
        `eva${process.pid}@prueba.edu.py`,
        '0981 333444',
      ];
      const header = ['Documento', 'Nombre', 'Apellido', 'Correo', 'Celular'];
      const free = await uploadImport(t.app, staff, 'profesores', 'aplicar', await xlsxOf([header, profesor]));
      expect(free.statusCode, free.body).toBe(200);
      await other.query('rollback');
      expect((await uploadImport(t.app, staff, 'alumnos', 'aplicar', file)).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });
});
