import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS, UnzipBudget } from './file-bounds.js';
import { parseXml, type XmlHandlers } from './read-xml.js';
import { inflateEntry, NotAZip, type ZipEntry } from './read-zip.js';

/*
 * An OpenDocument spreadsheet (.ods, LibreOffice's own format; issue 44), read like an xlsx (read-xlsx.ts): its
 * zip from the central directory, `content.xml` inflated chunk by chunk into the bounded XML reader, every
 * figure of FILE_BOUNDS checked as the bytes come. What ODS adds is repetition: a cell stands for
 * `table:number-columns-repeated` cells and a row for `table:number-rows-repeated` rows, and LibreOffice writes
 * the empty rest of a sheet as one cell repeated to the last column and one row repeated to the last row. So a
 * repetition is never expanded into memory: empty cells and rows only move the column and row counters, a cell
 * with data repeated past column FILE_BOUNDS.columns is refused before a cell is made, and a row with data
 * repeated is handed on one copy at a time, so the import's row and character bounds stop it (readImportFile).
 */

export interface OdsRecord {
  fila: number;
  cells: string[];
}

/** The ODF media type of a spreadsheet, as its `mimetype` entry states it. */
export const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** An attribute by its local name, whatever prefix the file gives its namespace. */
function attr(attributes: Record<string, string>, local: string): string | undefined {
  for (const [key, value] of Object.entries(attributes)) {
    if (key === local || key.endsWith(`:${local}`)) return value;
  }
  return undefined;
}

/** A repetition count: absent is 1; anything but a positive whole number is not ODS. */
function repeatOf(attributes: Record<string, string>, local: string): number {
  const text = attr(attributes, local);
  if (text === undefined) return 1;
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1) throw new NotAZip(`${local}="${text.slice(0, 20)}"`);
  return Number(text);
}

/** A cell's value from its type, as the xlsx reader gives it: numbers as JavaScript writes them, dates as 'YYYY-MM-DD'. */
function typedValue(attributes: Record<string, string>): string | undefined {
  switch (attr(attributes, 'value-type')) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const number = parseFloat(attr(attributes, 'value') ?? '');
      return Number.isFinite(number) ? String(number) : undefined;
    }
    case 'date': {
      const date = attr(attributes, 'date-value') ?? '';
      return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : undefined;
    }
    case 'boolean': {
      const value = attr(attributes, 'boolean-value');
      return value === undefined ? undefined : String(value === 'true');
    }
    default:
      // 'string', 'time' or none: the text the cell shows.
      return undefined;
  }
}

interface CellState {
  col: number;
  repeat: number;
  typed: string | undefined;
  text: string;
  paragraphs: number;
}

/**
 * The rows of the first sheet of an ods (its entries already read from the zip's directory), one at a time as
 * `content.xml` is inflated and parsed; rows without data are left out, the others keep their own number.
 */
export async function* odsRecords(bytes: Buffer, entries: Map<string, ZipEntry>): AsyncGenerator<OdsRecord> {
  const content = entries.get('content.xml');
  if (!content) throw new NotAZip('no content.xml');
  const pending: { record: OdsRecord; repeat: number }[] = [];
  let started = false;
  let inTable = false;
  let done = false;
  /** Tables inside the first one (a sheet can hold a table in a drawing): their cells are not the sheet's. */
  let nested = 0;
  let row: { fila: number; repeat: number; cells: string[] } | undefined;
  let nextRow = 1;
  let nextCol = 1;
  let cell: CellState | undefined;
  let paragraph = 0;
  /** Comments on a cell hold paragraphs too: left out, as the xlsx reader leaves out its notes. */
  let annotation = 0;

  const add = (text: string) => {
    if (!cell || !row) return;
    cell.text += text;
    if (cell.text.length > FILE_BOUNDS.cellLength) throw new BoundCrossed(MSG_FILE_BOUNDS.cellLength(row.fila));
  };

  const handlers: XmlHandlers = {
    open(name, a) {
      if (done) return;
      if (name === 'table') {
        if (inTable) nested++;
        else if (!started) started = inTable = true;
        return;
      }
      if (!inTable || nested) return;
      if (name === 'table-row' && !row) {
        row = { fila: nextRow, repeat: repeatOf(a, 'number-rows-repeated'), cells: [] };
        nextCol = 1;
      } else if ((name === 'table-cell' || name === 'covered-table-cell') && row && !cell) {
        cell = {
          col: nextCol,
          repeat: repeatOf(a, 'number-columns-repeated'),
          typed: typedValue(a),
          text: '',
          paragraphs: 0,
        };
      } else if (cell) {
        if (name === 'annotation') annotation++;
        else if (annotation) return;
        else if (name === 'p' || name === 'h') {
          if (cell.paragraphs++ > 0) add('\n');
          paragraph++;
        } else if (name === 's' && paragraph) {
          const spaces = repeatOf(a, 'c');
          if (spaces > FILE_BOUNDS.cellLength) throw new BoundCrossed(MSG_FILE_BOUNDS.cellLength(row!.fila));
          add(' '.repeat(spaces));
        } else if (name === 'tab' && paragraph) add('\t');
        else if (name === 'line-break' && paragraph) add('\n');
      }
    },
    text(value) {
      if (cell && paragraph && !annotation && !nested) add(value);
    },
    close(name) {
      if (done) return;
      if (name === 'table') {
        if (nested) nested--;
        else if (inTable) {
          inTable = false;
          done = true;
        }
        return;
      }
      if (!inTable || nested) return;
      if (name === 'annotation' && cell) annotation--;
      else if ((name === 'p' || name === 'h') && cell && !annotation) paragraph--;
      else if ((name === 'table-cell' || name === 'covered-table-cell') && cell && row) {
        const value = (cell.typed ?? cell.text).trim();
        nextCol = cell.col + cell.repeat;
        if (value !== '') {
          if (nextCol - 1 > FILE_BOUNDS.columns) throw new BoundCrossed(MSG_FILE_BOUNDS.columns(row.fila));
          while (row.cells.length < cell.col - 1) row.cells.push('');
          for (let i = 0; i < cell.repeat; i++) row.cells.push(value);
        }
        cell = undefined;
        paragraph = 0;
        annotation = 0;
      } else if (name === 'table-row' && row) {
        if (row.cells.length) pending.push({ record: { fila: row.fila, cells: row.cells }, repeat: row.repeat });
        nextRow = row.fila + row.repeat;
        row = undefined;
      }
    },
  };

  const drain = function* () {
    for (const { record, repeat } of pending.splice(0)) {
      for (let i = 0; i < repeat; i++) yield { fila: record.fila + i, cells: record.cells.slice() };
    }
  };
  for await (const _ of parseXml(inflateEntry(bytes, content, new UnzipBudget()), handlers)) {
    yield* drain();
    // What follows the first sheet (the other sheets, named ranges...) is not read.
    if (done) return;
  }
  yield* drain();
}
