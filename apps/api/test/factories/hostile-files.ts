import zlib from 'node:zlib';

/*
 * Spreadsheets an attacker would upload (issue 40, item 2), built small: XML is repetitive, and a deflate
 * stream of a segment compressed with a full flush can be repeated as it is (each copy starts from an empty
 * dictionary), so a gigabyte of XML is a megabyte here and is never held inflated by the test.
 */

export interface ZipPart {
  name: string;
  /** The bytes as stored: raw deflate for method 8, the data itself for method 0. */
  data: Buffer;
  method: 0 | 8;
  /** What the headers claim it inflates to (the truth, unless the test lies). */
  size: number;
}

/** A deflate stream that inflates to `head` + `body` x `times` + `tail`, built without inflating it. */
export function deflatedRepeat(
  head: string,
  body: string,
  times: number,
  tail: string,
): { data: Buffer; size: number } {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  // A segment of about a megabyte compresses a thousandfold; a short body on its own would not.
  const perSegment = Math.max(1, Math.min(times, Math.floor(2 ** 20 / Buffer.byteLength(body))));
  const segment = zlib.deflateRawSync(Buffer.from(body.repeat(perSegment)), flush);
  const parts = [zlib.deflateRawSync(Buffer.from(head), flush)];
  for (let i = 0; i < Math.floor(times / perSegment); i++) parts.push(segment);
  const rest = times % perSegment;
  if (rest) parts.push(zlib.deflateRawSync(Buffer.from(body.repeat(rest)), flush));
  parts.push(zlib.deflateRawSync(Buffer.from(tail)));
  const size = Buffer.byteLength(head) + Buffer.byteLength(body) * times + Buffer.byteLength(tail);
  return { data: Buffer.concat(parts), size };
}

export function deflatedPart(name: string, text: string | Buffer): ZipPart {
  const raw = typeof text === 'string' ? Buffer.from(text) : text;
  return { name, data: zlib.deflateRawSync(raw), method: 8, size: raw.length };
}

export function repeatedPart(name: string, head: string, body: string, times: number, tail: string): ZipPart {
  return { name, method: 8, ...deflatedRepeat(head, body, times, tail) };
}

/** A zip of `parts`: local headers, data, central directory. The CRCs are left 0 (the API does not rely on them). */
export function zipOf(parts: ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    // Past 4 GB the size goes in a zip64 extra field, the 32-bit one saying 0xffffffff.
    const zip64 = part.size >= 0xffffffff;
    const size = zip64 ? 0xffffffff : part.size;
    const extra = Buffer.alloc(zip64 ? 12 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(part.size), 4);
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(part.method, 10);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt16LE(extra.length, 30);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name, extra);
    chunks.push(local, name, extra, part.data);
    offset += local.length + name.length + extra.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SST_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}">`;
export const SST_TAIL = '</sst>';

/** The parts every workbook here has: one sheet, and a shared-strings table. */
function skeleton(): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    deflatedPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
        '<sheets><sheet name="Profesores" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  ];
}

/** A workbook of `sheet` (the first sheet's XML part) and `sharedStrings` (the table's part). */
export function workbookOf(sheet: ZipPart, sharedStrings?: ZipPart, extra: ZipPart[] = []): Buffer {
  return zipOf([...skeleton(), ...(sharedStrings ? [sharedStrings] : []), sheet, ...extra]);
}

export const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A row of inline strings, its cells without references (each follows the one before). */
export function inlineRow(fila: number, cells: string[]): string {
  const c = cells.map((text) => `<c t="inlineStr"><is><t>${xmlEscape(text)}</t></is></c>`).join('');
  return `<row r="${fila}">${c}</row>`;
}

export const SHEET_PART = 'xl/worksheets/sheet1.xml';
export const SST_PART = 'xl/sharedStrings.xml';
