import { Readable, Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_IMPORT, Role } from '@arandu/shared';
import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS } from '../src/modules/imports/file-bounds.js';
import { NotXml, parseXml } from '../src/modules/imports/read-xml.js';
import { xlsxRecords } from '../src/modules/imports/read-xlsx.js';
import { createUser, TEST_PASSWORD } from './factories/users.js';
import { csvOf, uploadImport, xlsxOf, type Report } from './factories/imports.js';
import {
  deflatedPart,
  inlineRow,
  repeatedPart,
  SHEET_HEAD,
  SHEET_PART,
  SHEET_TAIL,
  SST_HEAD,
  SST_PART,
  SST_TAIL,
  workbookOf,
  zipOf,
  type ZipPart,
} from './factories/hostile-files.js';
import { login, setupTestApp, type TestContext } from './helper.js';

/*
 * Issue 40, item 2: what an uploaded spreadsheet may unpack to. Each hostile file is built here, small on disk
 * (see factories/hostile-files.ts), posted as a Funcionario to a professors' dry run, and must be answered 400
 * with the message of the bound it crosses, the process's RSS must not grow by 200 MB while it is read, and
 * the next request must be served. How long they take is measured by bench/import-memory.ts, not here.
 */

let t: TestContext;
let staff: string;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 2 ** 20;

beforeAll(async () => {
  t = await setupTestApp();
  const funcionario = await createUser(t.db, { roles: [Role.Funcionario] });
  staff = await login(t.app, funcionario.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const HEADER = ['Documento', 'Nombre', 'Apellido', 'Correo', 'Celular'];
const sheetOf = (rows: string) => deflatedPart(SHEET_PART, SHEET_HEAD + rows + SHEET_TAIL);
const headerOnly = () => sheetOf(inlineRow(1, HEADER));

/** Posts `file` to the professors' dry run, sampling the process's RSS while it is answered. */
async function post(file: Buffer, name = 'profesores.xlsx') {
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 5);
  try {
    const res = await uploadImport(t.app, staff, 'profesores', 'prueba', file, name);
    sample();
    return { res, grewMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

let next = 0;
/** The next request is served: a valid file of one professor is judged. */
async function servesTheNext() {
  next += 1;
  const doc = String(5_400_000 + (process.pid % 1000) * 100 + next);
  const file = await xlsxOf([HEADER, [doc, 'Ana', 'Duarte', `cota${doc}@prueba.edu.py`, '0981 111222']]);
  const res = await uploadImport(t.app, staff, 'profesores', 'prueba', file);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<Report>().resumen.errores).toBe(0);
}

async function refused(file: Buffer, message: string, name?: string) {
  const { res, grewMb } = await post(file, name);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  expect(res.json<Report>().error).toBe(message);
  expect(grewMb).toBeLessThan(200);
  await servesTheNext();
  return file;
}

describe('the hostile xlsx files of the issue', () => {
  it('a workbook built the way the hostile ones are is read (the files below are refused for their bound)', async () => {
    const file = workbookOf(
      sheetOf(inlineRow(1, HEADER) + inlineRow(2, ['4858380', 'Eva', 'Paz', 'e@x.py', '0981 1'])),
    );
    const { res } = await post(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Report>().filas.map((f) => f.clave)).toEqual(['4858380']);
  });

  it("the issue's file: a million shared strings of 1,000 characters (1 GB unpacked, 3 MB on disk)", async () => {
    const sst = repeatedPart(SST_PART, SST_HEAD, `<si><t>${'a'.repeat(1000)}</t></si>`, 1_000_000, SST_TAIL);
    const file = await refused(workbookOf(headerOnly(), sst), MSG_FILE_BOUNDS.unzippedBytes);
    expect(file.length).toBeLessThan(5 * MB);
  });

  // Padding no other bound counts (phonetic guides are not a cell's text, a formula without its result is an
  // empty cell): only counting the inflated bytes stops these.
  const paddedStrings = (times: number) =>
    repeatedPart(SST_PART, SST_HEAD, `<si><t>a</t><rPh><t>${'a'.repeat(100_000)}</t></rPh></si>`, times, SST_TAIL);
  const paddedSheet = (times: number) => {
    const row = `<row r="2"><c r="A2"><f>${'a'.repeat(100_000)}</f></c></row>`;
    return repeatedPart(SHEET_PART, SHEET_HEAD + inlineRow(1, HEADER), row, times, SHEET_TAIL);
  };

  it('a shared-strings table whose headers claim 2 KB and that inflates to 1 GB: stopped past 2 KB', async () => {
    const sst = paddedStrings(10_500);
    expect(sst.size).toBeGreaterThan(1000 * MB);
    await refused(workbookOf(headerOnly(), { ...sst, size: 2048 }), MSG_FILE_BOUNDS.declaredSize(2048));
  });

  it('a sheet whose headers claim 2 KB and that inflates to 1 GB: stopped past 2 KB', async () => {
    const sheet = paddedSheet(10_500);
    expect(sheet.size).toBeGreaterThan(1000 * MB);
    await refused(workbookOf({ ...sheet, size: 2048 }), MSG_FILE_BOUNDS.declaredSize(2048));
  });

  it('parts that each declare less than 50 MB, and more together', async () => {
    // 30 MB of shared strings are read; the sheet's 30 MB are more than is left.
    await refused(workbookOf(paddedSheet(300), paddedStrings(300)), MSG_FILE_BOUNDS.unzippedBytes);
  });

  it('more shared strings than the bound, each short (10 MB unpacked)', async () => {
    const sst = repeatedPart(SST_PART, SST_HEAD, '<si><t>a</t></si>', FILE_BOUNDS.sharedStrings + 100_000, SST_TAIL);
    await refused(workbookOf(headerOnly(), sst), MSG_FILE_BOUNDS.sharedStrings);
  });

  it('shared strings whose characters together pass the bound', async () => {
    const count = FILE_BOUNDS.sharedStringsChars / 100 + 1000;
    const sst = repeatedPart(SST_PART, SST_HEAD, `<si><t>${'b'.repeat(100)}</t></si>`, count, SST_TAIL);
    await refused(workbookOf(headerOnly(), sst), MSG_FILE_BOUNDS.sharedStringsChars);
  });

  it('one huge shared string (40 MB)', async () => {
    const sst = repeatedPart(SST_PART, `${SST_HEAD}<si><t>`, 'c'.repeat(1000), 40_000, `</t></si>${SST_TAIL}`);
    await refused(workbookOf(headerOnly(), sst), MSG_FILE_BOUNDS.cellLength());
  });

  it('one cell longer than a cell may be, in the sheet', async () => {
    const long = 'd'.repeat(FILE_BOUNDS.cellLength + 1);
    const file = workbookOf(sheetOf(inlineRow(1, HEADER) + inlineRow(2, ['4858380', long])));
    await refused(file, MSG_FILE_BOUNDS.cellLength(2));
  });

  it('one long text named by 40 cells of 20,000 rows: the cells handed on are bounded together', async () => {
    const sst = deflatedPart(SST_PART, `${SST_HEAD}<si><t>${'e'.repeat(30_000)}</t></si>${SST_TAIL}`);
    const row = `<row>${'<c t="s"><v>0</v></c>'.repeat(40)}</row>`;
    const sheet = repeatedPart(SHEET_PART, SHEET_HEAD + inlineRow(1, HEADER), row, 20_000, SHEET_TAIL);
    await refused(workbookOf(sheet, sst), MSG_FILE_BOUNDS.cellChars);
  });

  it('data past the last column allowed', async () => {
    const far = `<row r="2"><c r="A2" t="inlineStr"><is><t>4858380</t></is></c><c r="CW2" t="inlineStr"><is><t>x</t></is></c></row>`;
    await refused(workbookOf(sheetOf(inlineRow(1, HEADER) + far)), MSG_FILE_BOUNDS.columns(2));
  });

  it('XML nested 100,000 deep', async () => {
    const sheet = repeatedPart(SHEET_PART, SHEET_HEAD + inlineRow(1, HEADER), '<x>', 100_000, SHEET_TAIL);
    await refused(workbookOf(sheet), MSG_FILE_BOUNDS.xmlDepth);
  });

  it('a zip of more entries than an xlsx has', async () => {
    const empty: ZipPart[] = Array.from({ length: FILE_BOUNDS.zipEntries + 1 }, (_, i) => ({
      name: `xl/media/${i}.bin`,
      data: Buffer.alloc(0),
      method: 0,
      size: 0,
    }));
    await refused(workbookOf(headerOnly(), undefined, empty), MSG_FILE_BOUNDS.zipEntries);
  });
});

/** A zip bomb nested `depth` deep (42.zip's shape): each level holds four copies of the level below. */
function deepZip(depth: number): Buffer {
  // Each bomb compresses to less than deflate's 32 KB window, so that the level above compresses its copies.
  let level = zipOf([0, 1, 2, 3].map((i) => repeatedPart(`bomba-${i}.txt`, '', 'z'.repeat(1 << 20), 20, '')));
  for (let d = 1; d < depth; d++) {
    const inner = level;
    level = zipOf([0, 1, 2, 3].map((i) => deflatedPart(`capa-${d}-${i}.zip`, inner)));
  }
  return level;
}

describe('a deep zip', () => {
  it('is not a spreadsheet: refused as unreadable, without opening what it nests', async () => {
    const file = deepZip(6);
    expect(file.length).toBeLessThan(MB);
    await refused(file, MSG_IMPORT.unreadable);
  });

  it('nested inside a workbook, it is never opened: the sheet is read and judged', async () => {
    const file = workbookOf(
      sheetOf(inlineRow(1, HEADER) + inlineRow(2, ['4858380', 'Eva', 'Paz', 'e@x.py', '0981 1'])),
      undefined,
      [deflatedPart('xl/embeddings/oleObject1.bin', deepZip(6))],
    );
    const { res, grewMb } = await post(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(grewMb).toBeLessThan(200);
  });
});

describe('CSV', () => {
  const header = HEADER.join(';');

  it('a line longer than the bound', async () => {
    const csv = `${header}\r\n4858380;${'f'.repeat(FILE_BOUNDS.csvLineChars)}\r\n`;
    await refused(Buffer.from(csv), MSG_FILE_BOUNDS.csvLineChars(2), 'a.csv');
  });

  it('a line of nothing but separators is as long as any other', async () => {
    await refused(Buffer.from(`${header}\r\n${';'.repeat(5_000_000)}\r\n`), MSG_FILE_BOUNDS.csvLineChars(2), 'a.csv');
  });

  it('data past the last column allowed', async () => {
    const row = Array.from({ length: FILE_BOUNDS.columns + 1 }, (_, i) => String(i));
    await refused(Buffer.from(csvOf([HEADER, row], ';')), MSG_FILE_BOUNDS.columns(2), 'a.csv');
  });

  it('one cell longer than a cell may be', async () => {
    const row = ['4858380', 'g'.repeat(FILE_BOUNDS.cellLength + 1)];
    await refused(Buffer.from(csvOf([HEADER, row], ';')), MSG_FILE_BOUNDS.cellLength(2), 'a.csv');
  });

  it('empty columns past the last one allowed are let be (Excel writes them for the widest row)', async () => {
    const csv = `${header}${';'.repeat(150)}\r\n4858380;Eva;Paz;e@x.py;0981 1${';'.repeat(150)}\r\n`;
    const { res } = await post(Buffer.from(csv), 'a.csv');
    expect(res.statusCode, res.body).toBe(200);
  });
});

/** The reader this module had before issue 40: exceljs's streaming WorkbookReader, first sheet. */
async function exceljsRecords(bytes: Buffer): Promise<{ fila: number; cells: string[] }[]> {
  const text = (value: ExcelJS.CellValue): string => {
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value === 'string') return value;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return text(value.result);
    return '';
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const out: { fila: number; cells: string[] }[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let c = 1; c < values.length; c++) cells.push(text(values[c]).trim());
      out.push({ fila: row.number, cells });
    }
    break;
  }
  return out;
}

/** Rows with data, their trailing empty cells cut: what both readers agree a row is. */
function normalised(rows: { fila: number; cells: string[] }[]) {
  return rows
    .map(({ fila, cells }) => {
      const last = cells.findLastIndex((c) => c !== '');
      return { fila, cells: cells.slice(0, last + 1) };
    })
    .filter((r) => r.cells.length > 0);
}

async function read(bytes: Buffer) {
  const rows = [];
  for await (const row of xlsxRecords(bytes)) rows.push(row);
  return rows;
}

describe('the bounded reader reads what exceljs read', () => {
  const fill = (sheet: ExcelJS.Worksheet) => {
    sheet.addRow(['Documento', 'Nombre', 'Fecha de nacimiento', 'Número', 'Sí/No', ' con espacios ']);
    sheet.addRow(['4.858.380', 'María José', new Date(Date.UTC(2004, 3, 23)), 4858380, true, '  x  ']);
    sheet.addRow([]);
    sheet.addRow([1234567, 'Ñandú & <Cía> "entre comillas"', new Date(Date.UTC(1999, 11, 31)), -2.5, false]);
    const row = sheet.addRow(['a', { richText: [{ text: 'Bení' }, { font: { bold: true }, text: 'tez' }] }]);
    row.getCell(4).value = { formula: '1+1', result: 2 };
    row.getCell(5).value = { formula: '"a"&"b"', result: 'ab' };
    row.getCell(8).value = { text: 'un enlace', hyperlink: 'https://example.com' };
    sheet.getRow(9).getCell(3).value = 'fila 9, columna C';
    sheet.getRow(10).getCell(2).numFmt = 'dd/mm/yyyy';
    sheet.getRow(10).getCell(2).value = 38100;
    sheet.getRow(10).getCell(3).numFmt = '0.00';
    sheet.getRow(10).getCell(3).value = 38100.5;
  };

  it('a workbook of every kind of cell, with shared strings and a second sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    fill(workbook.addWorksheet('Datos'));
    workbook.addWorksheet('Otra').addRow(['no se lee']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const ours = await read(bytes);
    expect(ours).toEqual(normalised(await exceljsRecords(bytes)));
    expect(ours[1]!.cells).toEqual(['4.858.380', 'María José', '2004-04-23', '4858380', 'true', 'x']);
    expect(ours[3]).toEqual({ fila: 5, cells: ['a', 'Benítez', '', '2', 'ab', '', '', 'un enlace'] });
    expect(ours[4]).toEqual({ fila: 9, cells: ['', '', 'fila 9, columna C'] });
    expect(ours.at(-1)).toEqual({ fila: 10, cells: ['', '2004-04-23', '38100.5'] });
  });

  it('the 1904 date system', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    fill(workbook.addWorksheet('Datos'));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const ours = await read(bytes);
    expect(ours).toEqual(normalised(await exceljsRecords(bytes)));
    expect(ours[1]!.cells[2]).toBe('2004-04-23');
  });

  it('where exceljs was wrong: a formula under a date format, a boolean formula, an inline string of runs', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Datos');
    sheet.addRow(['Fecha', 'Sí/No']);
    const row = sheet.addRow([]);
    row.getCell(1).value = { formula: 'DATE(2004,4,23)', result: 38100 };
    row.getCell(1).numFmt = 'dd/mm/yyyy';
    row.getCell(2).value = { formula: '1=1', result: true };
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await exceljsRecords(bytes))[1]!.cells).toEqual(['38100', '1']);
    expect((await read(bytes))[1]!.cells).toEqual(['2004-04-23', 'true']);

    const runs =
      '<row r="1"><c r="A1" t="inlineStr"><is><r><t>Bení</t></r><r><rPr><b/></rPr><t>tez</t></r></is></c></row>';
    expect(await read(workbookOf(sheetOf(runs)))).toEqual([{ fila: 1, cells: ['Benítez'] }]);
  });

  it('inline strings, as the streaming writer writes them', async () => {
    const chunks: Buffer[] = [];
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
      useSharedStrings: false,
      useStyles: true,
    });
    const sheet = writer.addWorksheet('Datos');
    sheet.addRow(['Documento', 'Nombre', 'Fecha']).commit();
    sheet.addRow(['4858380', 'Ana Núñez', new Date(Date.UTC(2004, 3, 23))]).commit();
    sheet.commit();
    await writer.commit();
    const bytes = Buffer.concat(chunks);
    const ours = await read(bytes);
    expect(ours).toEqual(normalised(await exceljsRecords(bytes)));
    expect(ours[1]!.cells).toEqual(['4858380', 'Ana Núñez', '2004-04-23']);
  });
});

describe('the XML reader', () => {
  /** The events of `chunks`, adjacent texts joined. */
  async function events(chunks: Buffer[]): Promise<unknown[]> {
    const out: unknown[] = [];
    const push = (event: unknown[]) => {
      const last = out.at(-1) as unknown[] | undefined;
      if (event[0] === 'text' && last?.[0] === 'text') last[1] = `${last[1] as string}${event[1] as string}`;
      else out.push(event);
    };
    async function* source() {
      yield* chunks;
    }
    for await (const _ of parseXml(source(), {
      open: (name, attributes) => push(['open', name, attributes]),
      text: (text) => push(['text', text]),
      close: (name) => push(['close', name]),
    }));
    return out.filter((e) => !(Array.isArray(e) && e[0] === 'text' && String(e[1]).trim() === ''));
  }

  const DOC =
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- un comentario -->\n' +
    '<x:root xmlns:x="urn:x" a="1" b=\'dos > uno\' c="&lt;&amp;&#65;&#x1F600;">' +
    '<x:item/><item  k = "v" >Ñandú &amp; &quot;cía&quot; &#233;<![CDATA[<no es> & marca]]></item >' +
    '<!-- dentro --><?pi algo?></x:root>\n';
  const EXPECTED = [
    ['open', 'root', { 'xmlns:x': 'urn:x', a: '1', b: 'dos > uno', c: '<&A😀' }],
    ['open', 'item', {}],
    ['close', 'item'],
    ['open', 'item', { k: 'v' }],
    ['text', 'Ñandú & "cía" é<no es> & marca'],
    ['close', 'item'],
    ['close', 'root'],
  ];

  it('reads elements, attributes, entities, CDATA, comments and instructions, however the chunks cut them', async () => {
    const bytes = Buffer.from(DOC);
    expect(await events([bytes])).toEqual(EXPECTED);
    for (let at = 1; at < bytes.length; at++) {
      expect(await events([bytes.subarray(0, at), bytes.subarray(at)]), `cut at ${at}`).toEqual(EXPECTED);
    }
    const bytewise = [...bytes].map((b) => Buffer.from([b]));
    expect(await events(bytewise)).toEqual(EXPECTED);
  });

  it('refuses what is not well-formed XML, and a DOCTYPE', async () => {
    for (const xml of [
      '<a></b>',
      '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
      '<a>&bogus;</a>',
      '<a>AT&T</a>',
      '<a>&#xFFFFFFF;</a>',
      '<a>',
      '<a b="1"',
      '<a b=1/>',
      'texto<a/>',
    ]) {
      await expect(events([Buffer.from(xml)]), xml).rejects.toBeInstanceOf(NotXml);
    }
  });

  it('bounds the depth, and an unfinished piece of markup; a long text is handed on as it comes', async () => {
    const deep = `${'<a>'.repeat(FILE_BOUNDS.xmlDepth + 1)}`;
    await expect(events([Buffer.from(deep)])).rejects.toThrow(MSG_FILE_BOUNDS.xmlDepth);
    const comment = Buffer.from(`<a><!--${'x'.repeat(FILE_BOUNDS.xmlRun)}--></a>`);
    const chunks = Array.from({ length: Math.ceil(comment.length / 65536) }, (_, i) =>
      comment.subarray(i * 65536, (i + 1) * 65536),
    );
    await expect(events(chunks)).rejects.toBeInstanceOf(BoundCrossed);
    const long = Buffer.from(`<a>${'y'.repeat(4 * FILE_BOUNDS.xmlRun)}</a>`);
    const pieces = Array.from({ length: Math.ceil(long.length / 65536) }, (_, i) =>
      long.subarray(i * 65536, (i + 1) * 65536),
    );
    expect(await events(pieces)).toEqual([
      ['open', 'a', {}],
      ['text', 'y'.repeat(4 * FILE_BOUNDS.xmlRun)],
      ['close', 'a'],
    ]);
  });
});
