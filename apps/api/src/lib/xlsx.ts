import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  /** Width in characters. */
  width?: number;
  value: (row: T) => CellValue;
  /** Excel number format, e.g. '0.00' or 'dd/mm/yyyy'. */
  numFmt?: string;
}

export interface XlsxSheet<T> {
  name: string;
  columns: readonly XlsxColumn<T>[];
  /** Rows in batches (a keyset-paged query yields one batch at a time) or one by one. */
  rows: AsyncIterable<T | readonly T[]> | Iterable<T | readonly T[]>;
}

/**
 * `Content-Disposition` for a spec file name that may hold spaces or accents ("Reporte Estado Academico.xlsx"):
 * an ASCII fallback and the exact name in RFC 5987 form.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Writes one sheet with exceljs's streaming writer into `output`: each row is committed as soon as it is
 * added, so a list of 100,000 rows never sits in memory as a workbook (DOMAIN.md section 8).
 */
export async function writeXlsx<T>(output: Writable, sheet: XlsxSheet<T>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Arandu';
  workbook.created = new Date();
  const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? Math.max(12, c.header.length + 2),
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const batch of sheet.rows) {
    const list = (Array.isArray(batch) ? batch : [batch]) as readonly T[];
    for (const row of list) {
      ws.addRow(sheet.columns.map((c) => c.value(row) ?? null)).commit();
    }
    // Leaving the loop ends the row source too (its `return` runs), so a keyset query stops asking for pages.
    if (!(await paced(ws, output))) throw new DownloadAbandoned();
  }
  ws.commit();
  await workbook.commit();
}

/** The reader went away before the file was complete: not an error of ours, nothing left to write. */
export class DownloadAbandoned extends Error {
  constructor() {
    super('download abandoned by the client');
  }
}

/** The part of a stream's state this module reads (Node's and readable-stream's writables both keep it). */
interface WritableState {
  _writableState?: { length: number; highWaterMark: number };
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/**
 * exceljs writes each committed row into the zip entry of the sheet without looking at `write`'s return
 * value (its StreamBuf), so with a reader slower than the query the rows would pile up in that entry's
 * buffer, unbounded (a 100,000-row file: tens of MB). The source is paced here instead: the next batch is
 * produced only once the sheet's entry stream and `output` are below their high-water marks. The entry
 * stream is exceljs's internal (`worksheet.stream.pipes`); should a future version change that, pacing
 * falls back to `output` alone. Resolves false when `output` closes (the client went away).
 */
async function paced(worksheet: unknown, output: Writable): Promise<boolean> {
  const entries = (worksheet as { stream?: { pipes?: WritableState[] } }).stream?.pipes ?? [];
  for (const stream of [...entries, output as unknown as WritableState]) {
    if (output.destroyed || output.writableEnded) return false;
    const state = stream._writableState;
    if (state && state.length > state.highWaterMark && !(await drainedOrClosed(stream, output))) return false;
  }
  return !output.destroyed;
}

function drainedOrClosed(stream: WritableState, output: Writable): Promise<boolean> {
  return new Promise((resolve) => {
    const drained = () => finish(true);
    const closed = () => finish(false);
    function finish(ok: boolean) {
      stream.off('drain', drained);
      output.off('close', closed);
      resolve(ok);
    }
    stream.once('drain', drained);
    output.once('close', closed);
  });
}

/** Streams a one-sheet workbook as the reply, with the spec's file name. */
export function sendXlsx<T>(reply: FastifyReply, fileName: string, sheet: XlsxSheet<T>): FastifyReply {
  const body = new PassThrough();
  writeXlsx(body, sheet).catch((err: unknown) => {
    if (err instanceof DownloadAbandoned) return void reply.log.info('xlsx download abandoned by the client');
    reply.log.error({ err }, 'xlsx stream failed');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', attachmentHeader(fileName))
    .header('Cache-Control', 'no-store')
    .send(body);
}

/**
 * Keyset paging for exports: calls `page(afterKey)` until it returns fewer than `size` rows, so only one
 * batch is held at a time.
 */
export async function* inBatches<T, K>(
  size: number,
  page: (after: K | undefined, size: number) => Promise<T[]>,
  keyOf: (row: T) => K,
): AsyncGenerator<T[]> {
  let after: K | undefined;
  for (;;) {
    const batch = await page(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}
