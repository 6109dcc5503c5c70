import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AULA_MSG, MSG_IMPORT, Role } from '@arandu/shared';
import { rows } from '../src/db/sql.js';
import { EJEMPLO_AULA } from '../src/modules/imports/example-row.js';
import {
  csvOf,
  downloadImportReport,
  uniqueCode,
  uploadImport,
  utf8Bom,
  xlsxOf,
  type Report,
} from './factories/imports.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { bearer, injectAs, login, setupTestApp, type TestContext } from './helper.js';
import { findSoffice } from './soffice.js';
import { serverUrl } from './test-database.js';

/*
 * Issue 45: rooms imported from a spreadsheet, a fourth kind beside students, professors and mallas, judged by
 * the 'Aulas' screen's own rules (zAulaSave, the name unique whatever its case).
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

/** A room name of its own for each call, so tests never meet each other's rooms. */
const nombre = (prefix: string) => uniqueCode(`${prefix}-`);

const HEADER = ['Nombre', 'Edificio', 'Capacidad', 'Tipo'];
const filaOf = (report: Report, fila: number) => report.filas.find((f) => f.fila === fila)!;

interface StoredAula {
  nombre: string;
  edificio: string | null;
  capacidad: number | null;
  tipo: string;
}

/** The stored rooms of these names, whatever their case, in the order of the names asked. */
async function stored(...names: string[]): Promise<StoredAula[]> {
  const found = await rows<StoredAula & Record<string, unknown>>(
    t.db,
    sql`select nombre, edificio, capacidad, tipo from aulas
         where lower(nombre) in (${sql.join(
           names.map((n) => sql`${n.toLowerCase()}`),
           sql`, `,
         )})`,
  );
  const place = (a: StoredAula) => names.findIndex((n) => n.toLowerCase() === a.nombre.toLowerCase());
  return found.sort((x, y) => place(x) - place(y));
}

const auditCount = async () => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from auditoria`))[0]!.n;

describe('rooms import (kind aulas)', () => {
  it('has a template whose example row must be replaced, and says which kinds a room may be', async () => {
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/api/importaciones/aulas/plantilla',
      headers: bearer(staff),
    });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-disposition']).toContain('Plantilla%20Aulas.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const [data, help] = workbook.worksheets;
    expect(data!.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(data!.getRow(2).values).toEqual([undefined, EJEMPLO_AULA, 'Bloque B', '40', 'aula']);
    const helpText = help!
      .getSheetValues()
      .flat()
      .filter((v): v is string => typeof v === 'string')
      .join('|');
    expect(helpText).toContain('Tipos de aula|aula|laboratorio|auditorio');

    // The template uploaded as it is: its row is refused, nothing is written.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/importaciones/aulas/plantilla?formato=csv',
      headers: bearer(staff),
    });
    const report = (
      await uploadImport(t.app, staff, 'aulas', 'prueba', csv.rawPayload, 'plantilla.csv')
    ).json<Report>();
    expect(report.resumen.errores).toBe(1);
    expect(filaOf(report, 2).errores).toEqual({ Nombre: MSG_IMPORT.exampleRowAula });
  });

  it('a good file: dry run writes nothing, apply creates every room (audited), a second file updates what changed', async () => {
    const [a, b, c] = [nombre('IA'), nombre('IB'), nombre('IC')];
    const file = await xlsxOf([
      HEADER,
      [a, 'Bloque I', '40', 'Aula'],
      [b, 'Bloque I', '1.200', 'AUDITORIO'],
      [c, '', '', ''],
    ]);
    const before = await auditCount();
    const dry = await uploadImport(t.app, staff, 'aulas', 'prueba', file, 'aulas.xlsx');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<Report>().resumen).toEqual({ crear: 3, actualizar: 0, sinCambios: 0, errores: 0 });
    expect(await stored(a, b, c)).toEqual([]);
    expect(await auditCount()).toBe(before);

    const applied = await uploadImport(t.app, staff, 'aulas', 'aplicar', file, 'aulas.xlsx');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<Report>()).toMatchObject({ aplicado: true, resumen: { crear: 3 } });
    expect(await stored(a, b, c)).toEqual([
      { nombre: a, edificio: 'Bloque I', capacidad: 40, tipo: 'aula' },
      { nombre: b, edificio: 'Bloque I', capacidad: 1200, tipo: 'auditorio' },
      { nombre: c, edificio: null, capacidad: null, tipo: 'aula' },
    ]);
    // One entry per room from the table's trigger, and the import's own with the file and its summary.
    const audit = await rows<{ tabla: string; clave: string; nuevos: Record<string, unknown> }>(
      t.db,
      sql`select nombre_tabla as tabla, clave_primaria as clave, valores_nuevos as nuevos from auditoria
           where id > (select max(id) - 4 from auditoria) order by id`,
    );
    expect(audit.filter((e) => e.tabla === 'aulas')).toHaveLength(3);
    expect(audit.at(-1)).toMatchObject({
      tabla: 'importaciones',
      clave: 'aulas',
      nuevos: { archivo: 'aulas.xlsx', filas: 3, crear: 3 },
    });

    // The name matched whatever its case; an empty cell keeps what the room has; the listed changes are the real ones.
    const again = await xlsxOf([
      HEADER,
      [a.toLowerCase(), '', '45', ''],
      [b, 'Bloque I', '1200', 'auditorio'],
      [c, 'Bloque J', '', 'laboratorio'],
    ]);
    const second = (await uploadImport(t.app, staff, 'aulas', 'prueba', again)).json<Report>();
    expect(second.resumen).toEqual({ crear: 0, actualizar: 2, sinCambios: 1, errores: 0 });
    expect(filaOf(second, 2).cambios).toEqual(['Nombre', 'Capacidad']);
    expect(filaOf(second, 4).cambios).toEqual(['Edificio', 'Tipo']);
    expect((await uploadImport(t.app, staff, 'aulas', 'aplicar', again)).statusCode).toBe(200);
    expect(await stored(a, c)).toEqual([
      { nombre: a.toLowerCase(), edificio: 'Bloque I', capacidad: 45, tipo: 'aula' },
      { nombre: c, edificio: 'Bloque J', capacidad: null, tipo: 'laboratorio' },
    ]);
    // The rooms the import made are the screen's rooms: listed and saved there as any other.
    const listed = await injectAs(t.app, staff, 'POST', '/api/aulas/all', {
      page: 1,
      pageSize: 10,
      filters: { search: b },
    });
    expect(listed.json<{ items: { nombre: string }[] }>().items.map((i) => i.nombre)).toEqual([b]);
  });

  it('bad rows: the screen’s messages with the refused value beside each, a name twice marks both rows, nothing written', async () => {
    const [a, b, c] = [nombre('EA'), nombre('EB'), nombre('EC')];
    const file = utf8Bom(
      csvOf(
        [
          HEADER,
          [a, 'Bloque E', '30', 'aula'],
          ['', 'Bloque E', '30', 'aula'],
          [b, 'Bloque E', 'muchos', 'aula'],
          [c, 'Bloque E', '0', 'cancha'],
          [a.toLowerCase(), 'Bloque F', '20', ''],
          [nombre('ED'), 'e'.repeat(65), '', ''],
          ['x'.repeat(65), '', '', ''],
        ],
        ';',
      ),
    );
    const before = await auditCount();
    const report = (await uploadImport(t.app, staff, 'aulas', 'prueba', file, 'aulas.csv')).json<Report>();
    expect(report.resumen).toEqual({ crear: 0, actualizar: 0, sinCambios: 0, errores: 7 });
    expect(filaOf(report, 2).errores).toEqual({ Nombre: MSG_IMPORT.repeatedBelow(6) });
    expect(filaOf(report, 6).errores).toEqual({ Nombre: MSG_IMPORT.repeated(2) });
    expect(filaOf(report, 6).valores).toEqual({ Nombre: a.toLowerCase() });
    expect(filaOf(report, 3).errores).toEqual({ Nombre: AULA_MSG.nombreRequired });
    expect(filaOf(report, 4).errores).toEqual({ Capacidad: AULA_MSG.capacidadInvalid });
    expect(filaOf(report, 4).valores).toEqual({ Capacidad: 'muchos' });
    expect(filaOf(report, 5).errores).toEqual({
      Capacidad: AULA_MSG.capacidadInvalid,
      Tipo: AULA_MSG.tipoInvalid,
    });
    expect(filaOf(report, 5).valores).toEqual({ Capacidad: '0', Tipo: 'cancha' });
    expect(filaOf(report, 7).errores.Edificio).toBe('Admite hasta 64 caracteres');
    expect(filaOf(report, 8).errores.Nombre).toBe('Admite hasta 64 caracteres');

    // The same messages as the screen's save gives for the same values.
    const screen = await injectAs(t.app, staff, 'POST', '/api/aulas', { nombre: c, capacidad: 0, tipo: 'cancha' });
    expect(screen.statusCode).toBe(400);
    expect(screen.json<{ errors: Record<string, string> }>().errors).toEqual({
      capacidad: filaOf(report, 5).errores.Capacidad,
      tipo: filaOf(report, 5).errores.Tipo,
    });

    const refused = await uploadImport(t.app, staff, 'aulas', 'aplicar', file, 'aulas.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Report>().error).toBe(MSG_IMPORT.refused);
    expect(await stored(a, b, c)).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('the report of a dry run downloads as a spreadsheet named for rooms', async () => {
    const file = await xlsxOf([HEADER, [nombre('R'), '', 'muchos', '']]);
    const { res, row } = await downloadImportReport(t.app, staff, 'aulas', file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Informe%20de%20importaci%C3%B3n%20de%20Aulas.xlsx');
    expect(row(2)).toEqual([2, 'error', expect.stringMatching(/^R-/), 'Capacidad', AULA_MSG.capacidadInvalid]);
  });

  it.skipIf(!soffice)(
    'reads an .ods written by LibreOffice (soffice --convert-to ods of an xlsx)',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arandu-ods-aulas-'));
      try {
        const [a, b] = [nombre('OA'), nombre('OB')];
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet('Aulas');
        sheet.addRow(HEADER);
        // A number cell, as a secretariat types the capacity: read as the xlsx reader reads it.
        sheet.addRow([a, 'Bloque O', 35, 'aula']);
        sheet.addRow([b, 'Bloque O', 24, 'Laboratorio']);
        fs.writeFileSync(path.join(dir, 'aulas.xlsx'), Buffer.from(await workbook.xlsx.writeBuffer()));
        execFileSync(soffice!, ['--headless', '--convert-to', 'ods', '--outdir', dir, path.join(dir, 'aulas.xlsx')], {
          stdio: 'pipe',
          timeout: 120_000,
          env: { ...process.env, HOME: dir },
        });
        const ods = fs.readFileSync(path.join(dir, 'aulas.ods'));
        const applied = await uploadImport(t.app, staff, 'aulas', 'aplicar', ods, 'aulas.ods');
        expect(applied.statusCode, applied.body).toBe(200);
        expect(applied.json<Report>().resumen.crear).toBe(2);
        expect(await stored(a, b)).toEqual([
          { nombre: a, edificio: 'Bloque O', capacidad: 35, tipo: 'aula' },
          { nombre: b, edificio: 'Bloque O', capacidad: 24, tipo: 'laboratorio' },
        ]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    600_000,
  );

  it('is for staff only: a professor or a student gets 403', async () => {
    for (const role of [Role.Profesor, Role.Alumno]) {
      const user = await createUser(t.db, { roles: [role] });
      const token = await login(t.app, user.email, TEST_PASSWORD);
      const file = await xlsxOf([HEADER, [nombre('P'), '', '', '']]);
      expect((await uploadImport(t.app, token, 'aulas', 'prueba', file)).statusCode).toBe(403);
    }
  });
});

describe.skipIf(!serverUrl())('one rooms apply at a time (PostgreSQL server)', () => {
  it('answers 409 while another connection holds the rooms import lock, and applies once it is free', async () => {
    const [conn] = await rows<{ db: string }>(t.db, sql`select current_database() as db`);
    const url = new URL(serverUrl()!);
    url.pathname = `/${conn!.db}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('begin');
      // The kind's number is its place in TIPOS_IMPORTACION: aulas is the fifth.
      await other.query('select pg_advisory_xact_lock($1::int, 4)', [0x4152494d]);
      const a = nombre('LK');
      const file = await xlsxOf([HEADER, [a, 'Bloque L', '30', 'aula']]);
      const busy = await uploadImport(t.app, staff, 'aulas', 'aplicar', file);
      expect(busy.statusCode).toBe(409);
      expect(busy.json<Report>().error).toBe(MSG_IMPORT.busy('aulas'));
      expect(await stored(a)).toEqual([]);
      await other.query('rollback');
      expect((await uploadImport(t.app, staff, 'aulas', 'aplicar', file)).statusCode).toBe(200);
      expect(await stored(a)).toHaveLength(1);
    } finally {
      await other.end();
    }
  });
});
