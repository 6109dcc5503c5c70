import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS } from './file-bounds.js';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of a CSV as people have them: UTF-8 with or without its BOM, or Windows-1252 (what Excel in Spanish
 * writes). Bytes that are not valid UTF-8 can only be the latter, so nobody has to say which it is.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `;` when the header line has more of them than commas outside quotes (Excel in Spanish), else `,`. */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The records of a CSV (RFC 4180: quoted fields may hold separators, quotes doubled and line breaks), bounded as
 * they are read (FILE_BOUNDS): a record's characters, a field's, and data past the last column allowed. Empty
 * fields past it are let be (Excel writes a separator for every column of the widest row); the record's
 * length bounds how many there can be.
 */
export function* csvRecords(text: string, separator: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let fila = 1;
  let recordStart = 0;
  let i = 0;
  const n = text.length;
  const endField = () => {
    if (field.length > FILE_BOUNDS.cellLength) throw new BoundCrossed(MSG_FILE_BOUNDS.cellLength(fila));
    if (record.length >= FILE_BOUNDS.columns && field.trim() !== '')
      throw new BoundCrossed(MSG_FILE_BOUNDS.columns(fila));
    record.push(field);
    field = '';
  };
  while (i < n) {
    if (i - recordStart > FILE_BOUNDS.csvLineChars) throw new BoundCrossed(MSG_FILE_BOUNDS.csvLineChars(fila));
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) endField();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endField();
      yield record;
      record = [];
      fila++;
      recordStart = i + 1;
    } else field += ch;
    i++;
  }
  if (n - recordStart > FILE_BOUNDS.csvLineChars) throw new BoundCrossed(MSG_FILE_BOUNDS.csvLineChars(fila));
  if (field !== '' || record.length) {
    endField();
    yield record;
  }
}
