import { MSG_IMPORT } from '@arandu/shared';
import { AppError } from '../../lib/errors.js';
import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS } from './file-bounds.js';
import { csvRecords, decodeCsv, detectSeparator } from './read-csv.js';
import { ODS_MIMETYPE, odsRecords } from './read-ods.js';
import { xlsxRecords } from './read-xlsx.js';
import { zipDirectory, type ZipEntry } from './read-zip.js';

export interface FileRecord {
  /** The row's number in the spreadsheet: the header is row 1. */
  fila: number;
  cells: string[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** An xlsx or an ods is a zip; anything else is read as a CSV. */
export function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => bytes[i] === b);
}

/**
 * An OpenDocument file names its type in a `mimetype` entry (stored, the first of the zip) and keeps its
 * sheets in `content.xml`; an xlsx has `[Content_Types].xml`. Another ODF file (a text document) is not one.
 */
function isOds(bytes: Buffer, entries: Map<string, ZipEntry>): boolean {
  const mimetype = entries.get('mimetype');
  if (mimetype && mimetype.method === 0 && mimetype.compressedSize < 100) {
    const at = mimetype.localHeader;
    if (at + 30 <= bytes.length) {
      const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
      const type = bytes.toString('latin1', start, Math.min(bytes.length, start + mimetype.compressedSize));
      if (type.startsWith('application/vnd.oasis.opendocument.')) return type === ODS_MIMETYPE;
    }
  }
  return entries.has('content.xml') && !entries.has('[Content_Types].xml');
}

async function* zipRecords(bytes: Buffer): AsyncGenerator<FileRecord> {
  const entries = zipDirectory(bytes);
  if (isOds(bytes, entries)) yield* odsRecords(bytes, entries);
  else yield* xlsxRecords(bytes);
}

function* csvFileRecords(bytes: Buffer): Generator<FileRecord> {
  const text = decodeCsv(bytes);
  let fila = 0;
  for (const cells of csvRecords(text, detectSeparator(text)))
    yield { fila: ++fila, cells: cells.map((c) => c.trim()) };
}

async function* anyRecords(bytes: Buffer): AsyncGenerator<FileRecord> {
  if (!isZip(bytes)) {
    yield* csvFileRecords(bytes);
    return;
  }
  try {
    yield* zipRecords(bytes);
  } catch (err) {
    // A bound crossed says which; anything else (not a zip, not XML, no sheet) is a file we cannot read.
    if (err instanceof BoundCrossed) throw err;
    throw AppError.badRequest(MSG_IMPORT.unreadable);
  }
}

/**
 * The file's header and its data rows, the blank ones left out. Refuses a file with more than
 * IMPORT_MAX_ROWS rows, or whose cells hold more than FILE_BOUNDS.cellChars characters together, as soon as it
 * gets there, without reading the rest; the readers refuse what crosses the other bounds of FILE_BOUNDS.
 */
export async function readImportFile(bytes: Buffer): Promise<{ header: string[]; rows: FileRecord[] }> {
  let header: string[] | undefined;
  const rows: FileRecord[] = [];
  let chars = 0;
  for await (const record of anyRecords(bytes)) {
    if (record.cells.every((c) => c === '')) continue;
    for (const cell of record.cells) chars += cell.length;
    if (chars > FILE_BOUNDS.cellChars) throw new BoundCrossed(MSG_FILE_BOUNDS.cellChars);
    if (!header) {
      header = record.cells;
      continue;
    }
    if (rows.length >= FILE_BOUNDS.rows) throw AppError.badRequest(MSG_IMPORT.tooManyRows);
    rows.push(record);
  }
  if (!header || rows.length === 0) throw AppError.badRequest(MSG_IMPORT.empty);
  return { header, rows };
}
