import ExcelJS from 'exceljs';
import { TIPO_IMPORTACION_LABEL, TIPOS_AULA, type ImportFormato, type TipoImportacion } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import type { ImportColumn } from './columns.js';
import { exampleValue } from './example-row.js';
import { KINDS } from './imports.service.js';
import { loadReferences, type References } from './references.repository.js';

/** The example's career: one with a default malla, so a copy of the example row imports as it is. */
function exampleCarrera(refs: References): string {
  const withDefault = refs.carreras.find((c) => refs.mallas.some((m) => m.carreraId === c.id && m.usarPorDefecto));
  return (withDefault ?? refs.carreras[0])?.codigo ?? '';
}

/**
 * The example row: valid in every column but the people's document and the room's name, placeholders that
 * must be replaced (example-row.ts).
 */
function exampleRow(tipo: TipoImportacion, columns: readonly ImportColumn[], refs: References): string[] {
  return columns.map((c) => (c.key === 'carrera' ? exampleCarrera(refs) : exampleValue(tipo, c)));
}

/** The lists a file's values are checked against, for the second sheet. */
function acceptedLists(tipo: TipoImportacion, refs: References): [string, string[]][] {
  const carreras = refs.carreras.map((c) => `${c.codigo} - ${c.nombre}`);
  const mallas = refs.mallas
    .filter((m) => m.activo)
    .map((m) => {
      const carrera = refs.carreras.find((c) => c.id === m.carreraId);
      return `${carrera?.codigo ?? ''} - ${m.nombre}${m.usarPorDefecto ? ' (por defecto)' : ''}`;
    });
  if (tipo === 'aulas') return [['Tipos de aula', [...TIPOS_AULA]]];
  if (tipo === 'carreras') return [['Carreras que ya existen', carreras]];
  if (tipo === 'mallas') return [['Carreras', carreras]];
  const lists: [string, string[]][] = [['Países', refs.paises.map((p) => p.nombre)]];
  if (tipo === 'alumnos') lists.unshift(['Carreras', carreras], ['Mallas', mallas]);
  if (tipo === 'profesores') lists.push(['Escalafones', refs.escalafones.map((e) => e.nombre)]);
  return lists;
}

export function templateFileName(tipo: TipoImportacion, formato: ImportFormato): string {
  return `Plantilla ${TIPO_IMPORTACION_LABEL[tipo]}.${formato}`;
}

const csvCell = (text: string) => (/[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * GET /api/importaciones/{tipo}/plantilla: the header row and one example row (for people, its document is
 * one nobody has, and a file that keeps it is refused on that row); the xlsx adds a second sheet with what each
 * column accepts. The CSV is UTF-8 with its BOM and `;`, as Excel in Spanish opens it.
 */
export async function buildTemplate(db: DbOrTx, tipo: TipoImportacion, formato: ImportFormato): Promise<Buffer> {
  const refs = await loadReferences(db);
  const columns = KINDS[tipo].columns;
  const header = columns.map((c) => c.label);
  const example = exampleRow(tipo, columns, refs);
  if (formato === 'csv') {
    const lines = [header, example].map((row) => row.map(csvCell).join(';'));
    return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Arandu';
  const data = workbook.addWorksheet(TIPO_IMPORTACION_LABEL[tipo], { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = columns.map((c) => ({ header: c.label, width: Math.max(14, c.label.length + 4) }));
  data.getRow(1).font = { bold: true };
  // Every cell is text, so Excel keeps documents such as '4.858.380', '0981 123456' and the dates as typed.
  data.addRow(example);
  for (let i = 1; i <= columns.length; i++) data.getColumn(i).numFmt = '@';

  const help = workbook.addWorksheet('Valores aceptados');
  help.columns = [{ width: 26 }, { width: 14 }, { width: 90 }];
  help.addRow(['Columna', 'Obligatoria', 'Qué admite']).font = { bold: true };
  for (const c of columns) help.addRow([c.label, c.required ? 'Sí' : 'No', c.valores]);
  for (const [title, values] of acceptedLists(tipo, refs)) {
    help.addRow([]);
    help.addRow([title]).font = { bold: true };
    for (const value of values) help.addRow([value]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
