import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ImportReport } from '@arandu/shared';
import { multipart } from './photos.js';
import { bearer } from '../helper.js';

export const ALUMNO_HEADER = [
  'Documento',
  'Nombre',
  'Apellido',
  'Correo electrónico',
  'Teléfono celular',
  'Fecha de nacimiento',
  'Carrera',
  'Fecha de ingreso',
  'Legajo',
];

let sequence = 0;

/** A valid student row of `carrera`: a document and e-mail of its own each call. */
export function alumnoRow(carrera: string, overrides: Partial<Record<string, string>> = {}): string[] {
  sequence += 1;
  const n = 7_000_000 + (process.pid % 1000) * 1000 + sequence;
  const values: Record<string, string> = {
    Documento: n.toLocaleString('es-PY'),
    Nombre: `Lucía ${sequence}`,
    Apellido: 'Núñez Benítez',
    'Correo electrónico': `importado${n}@prueba.edu.py`,
    'Teléfono celular': '0981 123456',
    'Fecha de nacimiento': '23/04/2004',
    Carrera: carrera,
    'Fecha de ingreso': '01/03/2026',
    Legajo: '',
    ...overrides,
  };
  return ALUMNO_HEADER.map((h) => values[h] ?? '');
}

export async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvCell = (text: string, sep: string) =>
  text.includes(sep) || text.includes('"') ? `"${text.replace(/"/g, '""')}"` : text;

export function csvOf(rows: string[][], sep: ',' | ';'): string {
  return rows.map((r) => r.map((c) => csvCell(c, sep)).join(sep)).join('\r\n') + '\r\n';
}

/** CSV in UTF-8 with its BOM. */
export const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

/** CSV in Windows-1252 (what Excel in Spanish writes): latin1 covers every character these tests use. */
export const windows1252 = (text: string) => Buffer.from(text, 'latin1');

export function uploadImport(
  app: FastifyInstance,
  token: string,
  tipo: string,
  modo: 'prueba' | 'aplicar',
  data: Buffer,
  name = 'archivo.xlsx',
) {
  const body = multipart('archivo', name, 'application/octet-stream', data);
  return app.inject({
    method: 'POST',
    url: `/api/importaciones/${tipo}?modo=${modo}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

export type Report = ImportReport & { error?: string };

/**
 * An apply a test relies on, checked: a refused apply (the import lock busy, a row in error) fails here with
 * the server's reply, not later as a puzzling "crear" where "sin cambios" was expected (issue 42).
 */
export async function applyImport(
  app: FastifyInstance,
  token: string,
  tipo: string,
  data: Buffer,
  name?: string,
): Promise<Report> {
  const res = await uploadImport(app, token, tipo, 'aplicar', data, name);
  if (res.statusCode !== 200) throw new Error(`the apply of ${tipo} answered ${res.statusCode}: ${res.body}`);
  return res.json<Report>();
}

/**
 * A dry run's report downloaded as a spreadsheet (`…/informe`): the reply, to check its name, and the workbook's
 * first sheet's row `n` as the cells it holds (ExcelJS's leading empty slot dropped).
 */
export async function downloadImportReport(app: FastifyInstance, token: string, tipo: string, data: Buffer) {
  const body = multipart('archivo', 'a.xlsx', 'application/octet-stream', data);
  const res = await app.inject({
    method: 'POST',
    url: `/api/importaciones/${tipo}/informe`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  const workbook = new ExcelJS.Workbook();
  if (res.statusCode === 200) await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const row = (n: number) => (workbook.worksheets[0]!.getRow(n).values as unknown[]).slice(1);
  return { res, row };
}

let codes = 0;
/** A code of its own for each call ('Q7A1', 'R-7A2', ...), so tests never meet each other's records. */
export const uniqueCode = (prefix: string) =>
  `${prefix}${(process.pid % 1000).toString(36)}${(++codes).toString(36)}`.toUpperCase();
