import path from 'node:path';
import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS, UnzipBudget } from './file-bounds.js';
import { inflateEntry, NotAZip, zipDirectory, type ZipEntry } from './read-zip.js';
import { parseXml, type XmlHandlers } from './read-xml.js';

/*
 * An xlsx read part by part, each inflated from the zip (read-zip.ts) into the XML reader (read-xml.ts) as it
 * is parsed, every figure of FILE_BOUNDS checked as the bytes come (issue 40). exceljs's streaming
 * WorkbookReader is no longer used for reading (it still writes templates and reports): it keeps
 * the whole shared-strings table however long, concatenates a text however long, writes a sheet that comes
 * before that table in the zip to a temporary file however big, and gives no way to count the inflated bytes.
 * What it made of a cell is kept: dates (a number under a date format) as 'YYYY-MM-DD', numbers as JavaScript
 * writes them, booleans as 'true'/'false', a formula by its cached result, errors as empty.
 */

export interface XlsxRecord {
  fila: number;
  cells: string[];
}

/** Excel's last row and column (XFD). */
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

/** Excel's built-in number formats that are dates or times (ids 14-22 and 45-47). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** Style and format ids past Excel's own limit (64,000 formats) are not kept: their cells read as numbers. */
const MAX_STYLE_ID = 65_535;

/** exceljs's test for a date format: a date or time letter outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** 'B12' -> 2; undefined for a reference that is not one. */
function columnOf(ref: string): number | undefined {
  const letters = /^\$?([A-Za-z]{1,3})\$?\d*$/.exec(ref)?.[1];
  if (!letters) return undefined;
  let col = 0;
  for (const ch of letters.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col <= MAX_COLUMN ? col : undefined;
}

function excelDate(serial: number, date1904: boolean): string | undefined {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

interface Relationship {
  type: string;
  /** The part it points to, as a zip entry name. */
  target: string;
}

/** A part's relationships live in `dir/_rels/name.rels`. */
function relsOf(part: string): string {
  return path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
}

function resolveTarget(source: string, target: string): string | undefined {
  const resolved = target.startsWith('/')
    ? path.posix.normalize(target.slice(1))
    : path.posix.normalize(path.posix.join(path.posix.dirname(source), target));
  return resolved.startsWith('..') ? undefined : resolved;
}

/** The workbook's data, read one part at a time from the zip held in `bytes`. */
class Package {
  private readonly entries: Map<string, ZipEntry>;
  private readonly budget = new UnzipBudget();

  constructor(private readonly bytes: Buffer) {
    this.entries = zipDirectory(bytes);
  }

  has(part: string): boolean {
    return this.entries.has(part);
  }

  /** Parses a part; yields after each chunk (see parseXml). */
  parse(part: string, handlers: XmlHandlers): AsyncGenerator<void> {
    const entry = this.entries.get(part);
    if (!entry) throw new NotAZip(`missing ${part}`);
    return parseXml(inflateEntry(this.bytes, entry, this.budget), handlers);
  }

  async read(part: string, handlers: XmlHandlers): Promise<void> {
    for await (const _ of this.parse(part, handlers));
  }

  async relationships(part: string): Promise<Map<string, Relationship>> {
    const rels = new Map<string, Relationship>();
    const file = relsOf(part);
    if (!this.has(file)) return rels;
    await this.read(file, {
      open(name, a) {
        if (name !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
        const target = resolveTarget(part, a.Target);
        if (target && rels.size < 1000) rels.set(a.Id, { type: a.Type ?? '', target });
      },
    });
    return rels;
  }
}

const byType = (rels: Map<string, Relationship>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

/** The workbook part, its first sheet in tab order and its date system. */
async function readWorkbook(pkg: Package): Promise<{ part: string; firstSheet: string; date1904: boolean }> {
  const root = await pkg.relationships('');
  const part = byType(root, 'officeDocument') ?? 'xl/workbook.xml';
  let firstSheetId: string | undefined;
  let date1904 = false;
  await pkg.read(part, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name === 'sheet' && firstSheetId === undefined) {
        firstSheetId = Object.entries(a).find(([key]) => key === 'id' || key.endsWith(':id'))?.[1] ?? '';
      }
    },
  });
  const rels = await pkg.relationships(part);
  // Without the relationship, the name every writer gives the first sheet (what exceljs read).
  const firstSheet = (firstSheetId && rels.get(firstSheetId)?.target) || 'xl/worksheets/sheet1.xml';
  if (!pkg.has(firstSheet)) throw new NotAZip('no sheet');
  return { part, firstSheet, date1904 };
}

/** The cell formats (cellXfs) whose number format is a date. */
async function readDateStyles(pkg: Package, part: string | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!part || !pkg.has(part)) return dates;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  let xf = 0;
  await pkg.read(part, {
    open(name, a) {
      if (name === 'numFmt') {
        const id = Number(a.numFmtId);
        if (Number.isInteger(id) && id >= 0 && id <= MAX_STYLE_ID) custom.set(id, isDateFormat(a.formatCode ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        if (xf <= MAX_STYLE_ID && (custom.get(id) ?? BUILTIN_DATE_FORMATS.has(id))) dates.add(xf);
        xf++;
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

/**
 * The shared-strings table: each <si>'s text (its runs joined, the phonetic guides left out), bounded in count,
 * in total characters and one by one.
 */
async function readSharedStrings(pkg: Package, part: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!part || !pkg.has(part)) return strings;
  let chars = 0;
  let text = '';
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  await pkg.read(part, {
    open(name) {
      if (name === 'si') {
        inItem = true;
        text = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inItem && phonetic === 0) inText = true;
    },
    text(value) {
      if (!inText) return;
      text += value;
      if (text.length > FILE_BOUNDS.cellLength) throw new BoundCrossed(MSG_FILE_BOUNDS.cellLength());
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        inItem = false;
        if (strings.length >= FILE_BOUNDS.sharedStrings) throw new BoundCrossed(MSG_FILE_BOUNDS.sharedStrings);
        chars += text.length;
        if (chars > FILE_BOUNDS.sharedStringsChars) throw new BoundCrossed(MSG_FILE_BOUNDS.sharedStringsChars);
        strings.push(text);
        text = '';
      }
    },
  });
  return strings;
}

interface CellState {
  col: number;
  type: string;
  style: number;
  text: string;
}

/**
 * The rows of the first sheet of an xlsx, one at a time as the sheet is inflated and parsed; rows without data
 * are left out (the others keep their own number, so errors point at them). A row's cells are trimmed texts,
 * '' where a cell is empty.
 */
export async function* xlsxRecords(bytes: Buffer): AsyncGenerator<XlsxRecord> {
  const pkg = new Package(bytes);
  const workbook = await readWorkbook(pkg);
  const rels = await pkg.relationships(workbook.part);
  const dateStyles = await readDateStyles(pkg, byType(rels, 'styles') ?? 'xl/styles.xml');
  const shared = await readSharedStrings(pkg, byType(rels, 'sharedStrings') ?? 'xl/sharedStrings.xml');

  const valueOf = (cell: CellState): string => {
    const text = cell.text;
    switch (cell.type) {
      case 's':
        return text.trim() === '' ? '' : (shared[Number(text)] ?? '');
      case 'inlineStr':
      case 'str':
        return text;
      case 'b':
        return text === '' ? '' : String(parseInt(text, 10) !== 0);
      case 'e':
        return '';
      case 'd':
        return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
      default: {
        if (text.trim() === '') return '';
        const number = parseFloat(text);
        if (!Number.isFinite(number)) return text;
        return (dateStyles.has(cell.style) && excelDate(number, workbook.date1904)) || String(number);
      }
    }
  };

  const pending: XlsxRecord[] = [];
  let inSheetData = false;
  let sheetDone = false;
  let row: XlsxRecord | undefined;
  let lastRow = 0;
  let lastCol = 0;
  let cell: CellState | undefined;
  let capture = false;
  let inInline = false;
  let phonetic = 0;

  const handlers: XmlHandlers = {
    open(name, a) {
      if (name === 'sheetData') inSheetData = true;
      else if (name === 'row' && inSheetData) {
        const fila = a.r === undefined ? lastRow + 1 : Number(a.r);
        if (!Number.isInteger(fila) || fila < 1 || fila > MAX_ROW) throw new NotAZip(`row ${a.r}`);
        row = { fila, cells: [] };
        lastRow = fila;
        lastCol = 0;
      } else if (name === 'c' && row) {
        const col = a.r === undefined ? lastCol + 1 : columnOf(a.r);
        if (col === undefined || col > MAX_COLUMN) throw new NotAZip(`cell ${a.r}`);
        cell = { col, type: a.t ?? 'n', style: Number(a.s ?? 0) || 0, text: '' };
        lastCol = col;
      } else if (cell) {
        if (name === 'v') capture = true;
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && inInline && phonetic === 0) capture = true;
      }
    },
    text(value) {
      if (!capture || !cell || !row) return;
      cell.text += value;
      if (cell.text.length > FILE_BOUNDS.cellLength) throw new BoundCrossed(MSG_FILE_BOUNDS.cellLength(row.fila));
    },
    close(name) {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c' && cell && row) {
        const value = valueOf(cell).trim();
        if (value !== '') {
          if (cell.col > FILE_BOUNDS.columns) throw new BoundCrossed(MSG_FILE_BOUNDS.columns(row.fila));
          while (row.cells.length < cell.col) row.cells.push('');
          row.cells[cell.col - 1] = value;
        }
        cell = undefined;
      } else if (name === 'row' && row) {
        if (row.cells.length) pending.push(row);
        row = undefined;
      } else if (name === 'sheetData') {
        inSheetData = false;
        sheetDone = true;
      }
    },
  };

  for await (const _ of pkg.parse(workbook.firstSheet, handlers)) {
    yield* pending.splice(0);
    // What follows the rows (merged cells, page setup...) is not read.
    if (sheetDone) return;
  }
  yield* pending.splice(0);
}
