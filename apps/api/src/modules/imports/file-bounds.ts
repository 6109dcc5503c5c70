import { IMPORT_MAX_ROWS } from '@arandu/shared';
import { AppError } from '../../lib/errors.js';

/**
 * What an uploaded spreadsheet may unpack to (issue 40, item 2). The upload itself is at most IMPORT_MAX_BYTES
 * (10 MB) on the wire, but an xlsx is a zip of XML: 10 MB of it can inflate to gigabytes, and a few kilobytes
 * of XML can name the same long text in every cell. Every figure here is checked while the file is read, on the
 * bytes and characters actually produced (never on the sizes a zip entry declares), and the first one crossed
 * stops the reading with a 400 that names it. The largest valid file (IMPORT_MAX_ROWS rows of the widest
 * template) stays well inside each of them: see bench/import-memory.ts for its figures.
 */
export const FILE_BOUNDS = {
  /**
   * Inflated bytes of every part of an xlsx read, together. The largest valid file (20,000 rows of the
   * students' template) is 9 MB of XML as exceljs writes it, twice that with inline strings and Excel's own
   * attributes; the parts are streamed, never held whole, so this bounds the reading's time (a few CPU seconds
   * at the most, bench/import-memory.ts), not its memory.
   */
  unzippedBytes: 50 * 1024 * 1024,
  /**
   * Parts of the zip: an xlsx has a dozen or two (more with pictures). The directory is walked once and its
   * names kept, so a zip of a million empty entries must not get that far.
   */
  zipEntries: 10_000,
  /**
   * The shared-strings table is the one part kept whole while the sheet is read (a cell names its text by
   * index). 20,000 rows x 11 columns (the widest template), every cell a different text, is 220,000; about
   * twice that is allowed.
   */
  sharedStrings: 500_000,
  /** And their characters together: 500,000 texts of 40 characters. About 40 MB of memory at most. */
  sharedStringsChars: 20_000_000,
  /**
   * The characters of every cell handed on to the import, together. The shared-strings bounds limit what is
   * kept, not what is referred to: a 30,000-character text named in each of 20,000 x 100 cells is a few
   * kilobytes of XML and 60 billion characters for whatever copies the cells afterwards (the report repeats a
   * row's document, a wrong country's name...). The largest valid file holds about 2 million.
   */
  cellChars: 20_000_000,
  /** The import's own row limit (IMPORT_MAX_ROWS, its message MSG_IMPORT.tooManyRows): data rows, not blank ones. */
  rows: IMPORT_MAX_ROWS,
  /** Columns with data: the widest template has 11; notes or formulas to the right of it are fine up to 100. */
  columns: 100,
  /** One cell's text: Excel's own limit (32,767 characters), so no spreadsheet Excel saves goes past it. */
  cellLength: 32_767,
  /**
   * Characters of unfinished markup the XML reader may hold across chunks (a tag, a comment, a CDATA section
   * whose end has not come yet): eight times a cell's limit, room for a cell's full text in a CDATA section or
   * a tag with all its attributes. Without it one comment without its end would be held whole, up to the
   * 50 MB above. Text is not held: it is handed on as it comes, and a cell's is bounded by cellLength.
   */
  xmlRun: 8 * 32_767,
  /** Nesting of XML elements: SpreadsheetML goes about ten deep; the reader keeps one name a level. */
  xmlDepth: 64,
  /** A CSV record (its line, or lines when a quoted cell holds line breaks): 100 columns of 1,000 characters. */
  csvLineChars: 100_000,
} as const;

const n = (value: number) => value.toLocaleString('es-PY');
const SPLIT = 'divídalo en archivos más pequeños';

/** The messages of the bounds: each names the bound and its figure. */
export const MSG_FILE_BOUNDS = {
  unzippedBytes: `El archivo descomprimido supera ${FILE_BOUNDS.unzippedBytes / 2 ** 20} MB: ${SPLIT}`,
  declaredSize: (bytes: number) =>
    `Una parte del archivo se descomprime a más de los ${n(bytes)} bytes que declara: el archivo está dañado`,
  zipEntries: `El archivo comprimido contiene más de ${n(FILE_BOUNDS.zipEntries)} archivos: no es una planilla que se pueda importar`,
  sharedStrings: `La planilla tiene más de ${n(FILE_BOUNDS.sharedStrings)} textos distintos: ${SPLIT}`,
  sharedStringsChars: `Los textos de la planilla suman más de ${n(FILE_BOUNDS.sharedStringsChars)} caracteres: ${SPLIT}`,
  cellChars: `Las celdas del archivo suman más de ${n(FILE_BOUNDS.cellChars)} caracteres: ${SPLIT}`,
  columns: (fila: number) =>
    `La fila ${n(fila)} tiene datos más allá de la columna ${n(FILE_BOUNDS.columns)}: el archivo admite hasta ${n(FILE_BOUNDS.columns)} columnas`,
  cellLength: (fila?: number) =>
    `${fila === undefined ? 'Un texto del archivo' : `Una celda de la fila ${n(fila)}`} supera los ${n(FILE_BOUNDS.cellLength)} caracteres`,
  xmlDepth: `La planilla anida elementos a más de ${n(FILE_BOUNDS.xmlDepth)} niveles: no es una planilla que se pueda importar`,
  csvLineChars: (fila: number) => `La fila ${n(fila)} del archivo supera los ${n(FILE_BOUNDS.csvLineChars)} caracteres`,
} as const;

/** A bound crossed: the reading stops here and the request is answered 400 with this message. */
export class BoundCrossed extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/**
 * The inflated bytes an xlsx may still produce, spent as they come out of the inflater. A part that declares
 * more than is left is refused before it is inflated; one that inflates past what it declares is refused at
 * that byte (inflateEntry), so the total never passes FILE_BOUNDS.unzippedBytes; `spend` checks it anyway.
 */
export class UnzipBudget {
  private left: number = FILE_BOUNDS.unzippedBytes;

  /** Refuses at once a part that declares more than is left (a file honest about being too big). */
  claim(bytes: number): void {
    if (bytes > this.left) throw new BoundCrossed(MSG_FILE_BOUNDS.unzippedBytes);
  }

  spend(bytes: number): void {
    this.left -= bytes;
    if (this.left < 0) throw new BoundCrossed(MSG_FILE_BOUNDS.unzippedBytes);
  }
}
