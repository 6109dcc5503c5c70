import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRELATIVA_MSG, IMPORT_ACCEPT, MSG_IMPORT, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { FILE_BOUNDS, MSG_FILE_BOUNDS } from '../src/modules/imports/file-bounds.js';
import { deflatedPart, repeatedPart, zipOf, type ZipPart } from './factories/hostile-files.js';
import { ALUMNO_HEADER, alumnoRow, uniqueCode, uploadImport, xlsxOf, type Report } from './factories/imports.js';
import { createCarreraWithMalla } from './factories/students.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, login, setupTestApp, type TestContext } from './helper.js';
import { findSoffice } from './soffice.js';

/*
 * Issue 44, 'Bringing the data in': careers imported, the mallas' 'Correlativas' column, .ods files (real ones
 * written by LibreOffice and hostile ones), the refused value beside each error, and both rows of a repeat.
 */

let t: TestContext;
let staff: string;
const soffice = findSoffice();

beforeAll(async () => {
  t = await setupTestApp();
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  staff = await login(t.app, funcionario.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const CARRERA_HEADER = ['Código', 'Nombre', 'Activa'];
const MALLA_HEADER = ['Carrera', 'Malla', 'Fecha de vigencia', 'Código', 'Materia', 'Semestre', 'Correlativas'];

const filaOf = (report: Report, fila: number) => report.filas.find((f) => f.fila === fila)!;

describe('careers (kind carreras)', () => {
  it('has a template, a dry run and an apply that creates and then updates, as the Carreras screen saves', async () => {
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/api/importaciones/carreras/plantilla',
      headers: bearer(staff),
    });
    expect(tpl.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Código', 'Nombre', 'Activa']);

    const a = uniqueCode('C');
    const b = uniqueCode('C');
    const file = await xlsxOf([CARRERA_HEADER, [a, `Ingeniería ${a}`, 'Sí'], [b, `Arquitectura ${b}`, '']]);
    const dry = (await uploadImport(t.app, staff, 'carreras', 'prueba', file)).json<Report>();
    expect(dry.resumen).toEqual({ crear: 2, actualizar: 0, sinCambios: 0, errores: 0 });
    const applied = await uploadImport(t.app, staff, 'carreras', 'aplicar', file);
    expect(applied.statusCode, applied.body).toBe(200);
    const stored = await rows<{ codigo: string; nombre: string; activo: boolean }>(
      t.db,
      sql`select codigo, nombre, activo from carreras where codigo in (${a}, ${b}) order by codigo`,
    );
    expect(stored).toEqual([
      { codigo: a, nombre: `Ingeniería ${a}`, activo: true },
      { codigo: b, nombre: `Arquitectura ${b}`, activo: true },
    ]);

    const again = await xlsxOf([CARRERA_HEADER, [a, `Ingeniería ${a}`, 'Sí'], [b, `Arquitectura y Diseño ${b}`, 'No']]);
    const second = (await uploadImport(t.app, staff, 'carreras', 'prueba', again)).json<Report>();
    expect(second.resumen).toMatchObject({ actualizar: 1, sinCambios: 1 });
    expect(filaOf(second, 3).cambios).toEqual(['Nombre', 'Activa']);
  });

  it('refuses a name another career has, a code twice (both rows), an empty name and a yes/no it cannot read', async () => {
    const existing = await createCarreraWithMalla(t.db, { subjects: 0 });
    const a = uniqueCode('C');
    const file = await xlsxOf([
      CARRERA_HEADER,
      [a, existing.carrera.nombre, ''],
      [uniqueCode('C'), '', ''],
      [a, 'Otra', ''],
      [uniqueCode('C'), 'Bien', 'quizás'],
    ]);
    const report = (await uploadImport(t.app, staff, 'carreras', 'prueba', file)).json<Report>();
    expect(report.resumen.errores).toBe(4);
    expect(filaOf(report, 2).errores.Nombre).toBe(MSG_IMPORT.carreraNombreOfAnother);
    expect(filaOf(report, 2).valores).toMatchObject({ Nombre: existing.carrera.nombre });
    expect(filaOf(report, 2).errores['Código']).toBe(MSG_IMPORT.repeatedBelow(4));
    expect(filaOf(report, 4).errores['Código']).toBe(MSG_IMPORT.repeated(2));
    expect(filaOf(report, 3).errores.Nombre).toBeTruthy();
    expect(filaOf(report, 5).errores.Activa).toBe(MSG_IMPORT.activoInvalid);
    expect(filaOf(report, 5).valores).toEqual({ Activa: 'quizás' });
  });

  it('a mallas file naming a career that does not exist says to import careers first', async () => {
    const missing = uniqueCode('NOEX');
    const file = await xlsxOf([MALLA_HEADER, [missing, 'Plan 1', '01/03/2026', uniqueCode('M'), 'Álgebra', '1', '']]);
    const report = (await uploadImport(t.app, staff, 'mallas', 'prueba', file)).json<Report>();
    expect(filaOf(report, 2).errores.Carrera).toBe(MSG_IMPORT.carreraUnknown(missing));
    expect(MSG_IMPORT.carreraUnknown(missing)).toContain('impórtela antes');
    expect(filaOf(report, 2).valores).toEqual({ Carrera: missing });
  });
});

describe('the refused value beside each error, and both rows of a repeat', () => {
  it('shows the bad e-mail and marks both rows of a document repeated in rows 2 and 4', async () => {
    const { carrera } = await createCarreraWithMalla(t.db, { subjects: 1 });
    const first = alumnoRow(carrera.codigo);
    const repeated = alumnoRow(carrera.codigo, { Documento: first[0]! });
    const bad = alumnoRow(carrera.codigo, { 'Correo electrónico': 'no-es-un-correo' });
    const report = (
      await uploadImport(t.app, staff, 'alumnos', 'prueba', await xlsxOf([ALUMNO_HEADER, first, bad, repeated]))
    ).json<Report>();
    expect(filaOf(report, 3).accion).toBe('error');
    expect(filaOf(report, 3).valores).toEqual({ 'Correo electrónico': 'no-es-un-correo' });
    expect(filaOf(report, 2).accion).toBe('error');
    expect(filaOf(report, 2).errores.Documento).toBe(MSG_IMPORT.repeatedBelow(4));
    expect(filaOf(report, 4).errores.Documento).toBe(MSG_IMPORT.repeated(2));
    expect(filaOf(report, 4).valores?.Documento).toBe(first[0]);
  });
});

async function mallaFile(carrera: string, malla: string, materias: [string, string, number, string][]) {
  return xlsxOf([
    MALLA_HEADER,
    ...materias.map(([codigo, nombre, semestre, correlativas]) => [
      carrera,
      malla,
      '01/03/2026',
      codigo,
      nombre,
      String(semestre),
      correlativas,
    ]),
  ]);
}

async function correlativasOf(malla: string) {
  return rows<{ materia: string; requiere: string; condicion: string }>(
    t.db,
    sql`select mm.codigo as materia, r.codigo as requiere, c.condicion
          from correlativas c
          join materias_malla mm on mm.id = c.materia_malla_id
          join materias_malla r on r.id = c.requiere_id
          join mallas m on m.id = mm.malla_id
         where m.nombre = ${malla}
         order by 1, 2`,
  );
}

describe("the mallas' Correlativas column", () => {
  it('creates a malla with its correlatives in one apply, and a changed list is an update of the row', async () => {
    const { carrera } = await createCarreraWithMalla(t.db, { subjects: 0 });
    const malla = `Plan ${uniqueCode('P')}`;
    const [a, b, c] = [uniqueCode('CB'), uniqueCode('CB'), uniqueCode('CB')];
    const file = await mallaFile(carrera.codigo, malla, [
      [a, 'Cálculo I', 1, ''],
      [b, 'Física I', 1, ''],
      [c, 'Cálculo II', 2, `${a} (regularizada); ${b.toLowerCase()} (Aprobada)`],
    ]);
    const dry = (await uploadImport(t.app, staff, 'mallas', 'prueba', file)).json<Report>();
    expect(dry.resumen, JSON.stringify(dry.filas)).toEqual({ crear: 3, actualizar: 0, sinCambios: 0, errores: 0 });
    const applied = await uploadImport(t.app, staff, 'mallas', 'aplicar', file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await correlativasOf(malla)).toEqual([
      { materia: c, requiere: a, condicion: 'regular' },
      { materia: c, requiere: b, condicion: 'aprobada' },
    ]);

    const changed = await mallaFile(carrera.codigo, malla, [
      [a, 'Cálculo I', 1, ''],
      [b, 'Física I', 1, ''],
      [c, 'Cálculo II', 2, `${a} (aprobada)`],
    ]);
    const second = (await uploadImport(t.app, staff, 'mallas', 'prueba', changed)).json<Report>();
    expect(second.resumen).toMatchObject({ actualizar: 1, sinCambios: 2, errores: 0 });
    expect(filaOf(second, 4).cambios).toEqual(['Correlativas']);
    expect((await uploadImport(t.app, staff, 'mallas', 'aplicar', changed)).statusCode).toBe(200);
    expect(await correlativasOf(malla)).toEqual([{ materia: c, requiere: a, condicion: 'aprobada' }]);
  });

  it('refuses a cycle, a later semester, a subject of another malla, itself and a condition other than the two', async () => {
    const other = await createCarreraWithMalla(t.db, { subjects: 1 });
    const { carrera } = await createCarreraWithMalla(t.db, { subjects: 0 });
    const malla = `Plan ${uniqueCode('P')}`;
    const [a, b, c, d, e] = [uniqueCode('X'), uniqueCode('X'), uniqueCode('X'), uniqueCode('X'), uniqueCode('X')];
    const ajena = other.subjects[0]!.materiaMalla.codigo;
    const file = await mallaFile(carrera.codigo, malla, [
      [a, 'Uno', 1, `${b} (regularizada)`],
      [b, 'Dos', 1, `${a} (aprobada)`],
      [c, 'Tres', 1, `${d} (regularizada)`],
      [d, 'Cuatro', 2, `${ajena} (regularizada)`],
      [e, 'Cinco', 2, `${e} (regularizada); ${a} (cursada)`],
    ]);
    const report = (await uploadImport(t.app, staff, 'mallas', 'prueba', file)).json<Report>();
    const error = (fila: number) => filaOf(report, fila).errores.Correlativas;
    expect(error(2)).toMatch(/^Las correlativas formarían un ciclo: Uno → Dos → Uno$/);
    expect(error(4)).toBe(CORRELATIVA_MSG.later('Cuatro', 2));
    expect(error(5)).toBe(MSG_IMPORT.correlativaUnknown(ajena));
    expect(error(6)).toBe(MSG_IMPORT.correlativaFormat(`${a} (cursada)`));
    expect(filaOf(report, 6).valores).toEqual({ Correlativas: `${e} (regularizada); ${a} (cursada)` });
    // Nothing written: an apply of this file is refused whole.
    expect((await uploadImport(t.app, staff, 'mallas', 'aplicar', file)).statusCode).toBe(400);
    expect(await correlativasOf(malla)).toEqual([]);

    const self = await mallaFile(carrera.codigo, `Plan ${uniqueCode('P')}`, [[a, 'Uno', 1, `${a} (regularizada)`]]);
    const selfReport = (await uploadImport(t.app, staff, 'mallas', 'prueba', self)).json<Report>();
    expect(filaOf(selfReport, 2).errores.Correlativas).toBe(CORRELATIVA_MSG.self('Uno'));
  });

  it('moving a stored subject to an earlier semester than one that requires it is refused, as in the modal', async () => {
    const { carrera } = await createCarreraWithMalla(t.db, { subjects: 0 });
    const malla = `Plan ${uniqueCode('P')}`;
    const [a, b] = [uniqueCode('Y'), uniqueCode('Y')];
    const file = await mallaFile(carrera.codigo, malla, [
      [a, 'Base', 1, ''],
      [b, 'Sigue', 2, `${a} (regularizada)`],
    ]);
    expect((await uploadImport(t.app, staff, 'mallas', 'aplicar', file)).statusCode).toBe(200);
    // Without the column, the stored list stays and is checked against the new semesters.
    const moved = await xlsxOf([MALLA_HEADER.slice(0, 6), [carrera.codigo, malla, '01/03/2026', a, 'Base', '3']]);
    const report = (await uploadImport(t.app, staff, 'mallas', 'prueba', moved)).json<Report>();
    expect(filaOf(report, 2).errores).toEqual({ Semestre: CORRELATIVA_MSG.requiredByEarlier('Sigue', 2) });
    expect(filaOf(report, 2).valores).toEqual({ Semestre: '3' });
  });
});

/** An .ods built by hand around `table` (the rows of its first sheet), stored the way LibreOffice stores it. */
function odsOf(table: string | ZipPart): Buffer {
  const mimetype = 'application/vnd.oasis.opendocument.spreadsheet';
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content ' +
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>' +
    '<table:table table:name="Hoja1">';
  const tail = '</table:table></office:spreadsheet></office:body></office:document-content>';
  return zipOf([
    { name: 'mimetype', data: Buffer.from(mimetype), method: 0, size: mimetype.length },
    typeof table === 'string' ? deflatedPart('content.xml', head + table + tail) : table,
  ]);
}
const odsHead = (cells: string[]) =>
  `<table:table-row>${cells.map((c) => `<table:table-cell office:value-type="string"><text:p>${c}</text:p></table:table-cell>`).join('')}</table:table-row>`;

describe('.ods files', () => {
  it('the file picker and the messages name the three formats', () => {
    expect(IMPORT_ACCEPT).toContain('.ods');
    expect(IMPORT_ACCEPT).toContain('application/vnd.oasis.opendocument.spreadsheet');
    expect(MSG_IMPORT.chooseFile).toContain('ods');
  });

  it.skipIf(!soffice)(
    'reads an .ods written by LibreOffice (soffice --convert-to ods of an xlsx): careers, then a malla with correlatives',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-ods-'));
      try {
        const carrera = uniqueCode('O');
        const malla = `Plan ${uniqueCode('P')}`;
        const [a, b] = [uniqueCode('OD'), uniqueCode('OD')];
        const workbook = new ExcelJS.Workbook();
        const carreras = workbook.addWorksheet('Carreras');
        carreras.addRow(CARRERA_HEADER);
        carreras.addRow([carrera, `Licenciatura ${carrera}`, 'Sí']);
        fs.writeFileSync(path.join(dir, 'carreras.xlsx'), Buffer.from(await workbook.xlsx.writeBuffer()));
        const mallaBook = new ExcelJS.Workbook();
        const sheet = mallaBook.addWorksheet('Malla');
        sheet.addRow(MALLA_HEADER);
        // A date cell and number cells, as a secretariat types them: read as the xlsx reader reads them.
        sheet.addRow([carrera, malla, new Date(Date.UTC(2026, 2, 1)), a, 'Cálculo  I', 1, '']);
        sheet.addRow([carrera, malla, new Date(Date.UTC(2026, 2, 1)), b, 'Cálculo II', 2, `${a} (regularizada)`]);
        sheet.getCell('A2').note = 'una nota que no es un dato';
        fs.writeFileSync(path.join(dir, 'malla.xlsx'), Buffer.from(await mallaBook.xlsx.writeBuffer()));
        execFileSync(
          soffice!,
          [
            '--headless',
            '--convert-to',
            'ods',
            '--outdir',
            dir,
            path.join(dir, 'carreras.xlsx'),
            path.join(dir, 'malla.xlsx'),
          ],
          { stdio: 'pipe', timeout: 120_000, env: { ...process.env, HOME: dir } },
        );
        const carrerasOds = fs.readFileSync(path.join(dir, 'carreras.ods'));
        const applied = await uploadImport(t.app, staff, 'carreras', 'aplicar', carrerasOds, 'carreras.ods');
        expect(applied.statusCode, applied.body).toBe(200);
        expect(applied.json<Report>().resumen.crear).toBe(1);

        const mallaOds = fs.readFileSync(path.join(dir, 'malla.ods'));
        const dry = (await uploadImport(t.app, staff, 'mallas', 'prueba', mallaOds, 'malla.ods')).json<Report>();
        expect(dry.resumen, JSON.stringify(dry)).toEqual({ crear: 2, actualizar: 0, sinCambios: 0, errores: 0 });
        expect((await uploadImport(t.app, staff, 'mallas', 'aplicar', mallaOds, 'malla.ods')).statusCode).toBe(200);
        const stored = await rows<{ codigo: string; nombre: string; fecha: string }>(
          t.db,
          sql`select mm.codigo, m.nombre, to_char(ma.fecha_vigencia, 'YYYY-MM-DD') as fecha
                from materias_malla mm join materias m on m.id = mm.materia_id join mallas ma on ma.id = mm.malla_id
               where ma.nombre = ${malla} order by mm.codigo`,
        );
        // LibreOffice keeps the two spaces as <text:s/>: read back as they were typed.
        expect(stored).toEqual([
          { codigo: a, nombre: 'Cálculo  I', fecha: '2026-03-01' },
          { codigo: b, nombre: 'Cálculo II', fecha: '2026-03-01' },
        ]);
        expect(await correlativasOf(malla)).toEqual([{ materia: b, requiere: a, condicion: 'regular' }]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    600_000,
  );

  it('an empty sheet repeated to the last column and row (as LibreOffice writes it) reads its rows and no more', async () => {
    const file = odsOf(
      odsHead(CARRERA_HEADER) +
        `<table:table-row><table:table-cell><text:p>${uniqueCode('R')}</text:p></table:table-cell>` +
        '<table:table-cell><text:p>Repetida</text:p></table:table-cell>' +
        '<table:table-cell table:number-columns-repeated="1000000000"/></table:table-row>' +
        '<table:table-row table:number-rows-repeated="1000000000"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>',
    );
    const started = Date.now();
    const res = await uploadImport(t.app, staff, 'carreras', 'prueba', file, 'vacia.ods');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Report>().resumen.crear).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses a cell with data repeated past the last column, without making its cells', async () => {
    const file = odsOf(
      odsHead(CARRERA_HEADER) +
        '<table:table-row><table:table-cell table:number-columns-repeated="2000000000"><text:p>x</text:p></table:table-cell></table:table-row>',
    );
    const res = await uploadImport(t.app, staff, 'carreras', 'prueba', file, 'bomba.ods');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(MSG_FILE_BOUNDS.columns(2));
  });

  it('refuses a row with data repeated a billion times at the row bound', async () => {
    const file = odsOf(
      odsHead(CARRERA_HEADER) +
        '<table:table-row table:number-rows-repeated="1000000000"><table:table-cell><text:p>A</text:p></table:table-cell>' +
        '<table:table-cell><text:p>B</text:p></table:table-cell></table:table-row>',
    );
    const res = await uploadImport(t.app, staff, 'carreras', 'prueba', file, 'filas.ods');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(MSG_IMPORT.tooManyRows);
  });

  it('refuses a repeated text and a billion spaces at their bounds', async () => {
    const long = 'x'.repeat(30_000);
    const wide = odsOf(
      odsHead(CARRERA_HEADER) +
        `<table:table-row table:number-rows-repeated="100000"><table:table-cell table:number-columns-repeated="100"><text:p>${long}</text:p></table:table-cell></table:table-row>`,
    );
    const res = await uploadImport(t.app, staff, 'carreras', 'prueba', wide, 'texto.ods');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(MSG_FILE_BOUNDS.cellChars);

    const spaces = odsOf(
      odsHead(CARRERA_HEADER) +
        '<table:table-row><table:table-cell><text:p>a<text:s text:c="1000000000"/>b</text:p></table:table-cell></table:table-row>',
    );
    const res2 = await uploadImport(t.app, staff, 'carreras', 'prueba', spaces, 'espacios.ods');
    expect(res2.statusCode).toBe(400);
    expect(res2.json<{ error: string }>().error).toBe(MSG_FILE_BOUNDS.cellLength(2));
  });

  it('refuses a content.xml that inflates past the bound, and an OpenDocument text as unreadable', async () => {
    const bomb = odsOf(
      repeatedPart(
        'content.xml',
        '<?xml version="1.0"?><office:document-content xmlns:office="o" xmlns:table="t"><office:body><office:spreadsheet><table:table>',
        '<table:table-row/>',
        Math.ceil((FILE_BOUNDS.unzippedBytes + 1) / 17),
        '</table:table></office:spreadsheet></office:body></office:document-content>',
      ),
    );
    const res = await uploadImport(t.app, staff, 'carreras', 'prueba', bomb, 'bomba.ods');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(MSG_FILE_BOUNDS.unzippedBytes);

    const odt = zipOf([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), method: 0, size: 39 },
      deflatedPart('content.xml', '<office:document-content xmlns:office="o"/>'),
    ]);
    const res2 = await uploadImport(t.app, staff, 'carreras', 'prueba', odt, 'carta.odt');
    expect(res2.statusCode).toBe(400);
    expect(res2.json<{ error: string }>().error).toBe(MSG_IMPORT.unreadable);
  });
});
