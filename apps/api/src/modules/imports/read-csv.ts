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

/** The records of a CSV (RFC 4180: quoted fields may hold separators, quotes doubled and line breaks). */
export function* csvRecords(text: string, separator: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
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
    else if (ch === separator) {
      record.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      yield record;
      record = [];
      field = '';
    } else field += ch;
    i++;
  }
  if (field !== '' || record.length) {
    record.push(field);
    yield record;
  }
}
