import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A cell as a text the import reads: dates as 'YYYY-MM-DD', numbers as written, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result);
  if ('error' in value) return '';
  return '';
}

/**
 * The rows of the first sheet of an xlsx, read with exceljs's streaming reader: one row at a time, never the
 * whole workbook in memory. Empty rows keep their number (the spreadsheet's own), so errors point at them.
 */
export async function* xlsxRecords(bytes: Buffer): AsyncGenerator<{ fila: number; cells: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const cells: string[] = [];
      const values = row.values as ExcelJS.CellValue[];
      // exceljs numbers columns from 1: values[0] is always empty.
      for (let c = 1; c < values.length; c++) cells.push(cellText(values[c]).trim());
      yield { fila: row.number, cells };
    }
    // Only the first sheet holds the data; the template's second sheet lists the accepted values.
    return;
  }
}
