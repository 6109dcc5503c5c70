import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS } from './file-bounds.js';

/** XML that is not well formed, or has a DOCTYPE (no part of an xlsx has one): the caller says unreadable. */
export class NotXml extends Error {
  constructor(why: string) {
    super(`xml: ${why}`);
    this.name = 'NotXml';
  }
}

export interface XmlHandlers {
  /** An element opens: its name without its namespace prefix, its attributes as written (prefixes kept). */
  open?(name: string, attributes: Record<string, string>): void;
  /** Character data, entities decoded (CDATA sections too); one text may come in several pieces. */
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The longest entity reference with its '&' and ';' ('&#x10FFFF;', '&#1114111;'). */
const MAX_ENTITY = 10;

function entity(body: string): string {
  switch (body) {
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'amp':
      return '&';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
  }
  const code = /^#x[0-9a-fA-F]+$/.test(body)
    ? parseInt(body.slice(2), 16)
    : /^#[0-9]+$/.test(body)
      ? parseInt(body.slice(1), 10)
      : NaN;
  if (!(code >= 0 && code <= 0x10ffff)) throw new NotXml(`entity &${body.slice(0, MAX_ENTITY)};`);
  return String.fromCodePoint(code);
}

/** Text with its entity references decoded; an '&' that starts none is not XML. */
function decode(text: string): string {
  let amp = text.indexOf('&');
  if (amp === -1) return text;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    const semi = text.indexOf(';', amp + 1);
    if (semi === -1 || semi - amp >= MAX_ENTITY) throw new NotXml('stray &');
    out += text.slice(from, amp) + entity(text.slice(amp + 1, semi));
    from = semi + 1;
    amp = text.indexOf('&', from);
  }
  return out + text.slice(from);
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * A streaming reader of the XML an xlsx holds: elements, attributes, text, CDATA, comments and processing
 * instructions (skipped); a DOCTYPE is refused, so no entity but the five predefined and character references
 * can be expanded. It is written for what it must not do: it never holds more than one chunk and an unfinished
 * piece of markup (a tag, comment, CDATA section or entity cut by the chunk's end), and that piece is bounded
 * (FILE_BOUNDS.xmlRun), as is the depth of open elements (FILE_BOUNDS.xmlDepth). Text is handed on as it comes.
 * Close tags must match their open tags.
 */
export class XmlReader {
  private carry = '';
  private readonly open: string[] = [];

  constructor(private readonly handlers: XmlHandlers) {}

  write(chunk: string): void {
    const buf = this.carry ? this.carry + chunk : chunk;
    this.carry = '';
    let pos = 0;
    while (pos < buf.length) {
      const lt = buf.indexOf('<', pos);
      if (lt === -1) {
        this.textToEnd(buf, pos);
        break;
      }
      if (lt > pos) this.text(buf.slice(pos, lt));
      const next = this.markup(buf, lt);
      if (next === -1) {
        this.carry = buf.slice(lt);
        break;
      }
      pos = next;
    }
    if (this.carry.length > FILE_BOUNDS.xmlRun) throw new BoundCrossed(MSG_FILE_BOUNDS.cellLength());
  }

  end(): void {
    if (this.carry.trim() !== '' || this.open.length) throw new NotXml('unexpected end');
  }

  private text(raw: string): void {
    if (this.open.length) this.handlers.text?.(decode(raw));
    else if (raw.trim() !== '') throw new NotXml('text outside the root element');
  }

  /** Text up to the chunk's end, keeping back an entity reference the end may have cut. */
  private textToEnd(buf: string, pos: number): void {
    const amp = buf.lastIndexOf('&');
    let end = buf.length;
    if (amp >= pos && buf.length - amp < MAX_ENTITY && buf.indexOf(';', amp) === -1) {
      this.carry = buf.slice(amp);
      end = amp;
    }
    if (end > pos) this.text(buf.slice(pos, end));
  }

  /** Reads the markup that starts at `lt`; returns where the next thing starts, or -1 if the chunk cut it. */
  private markup(buf: string, lt: number): number {
    const n = buf.length;
    if (lt + 1 >= n) return -1;
    const c = buf.charCodeAt(lt + 1);
    if (c === 0x2f /* / */) {
      const gt = buf.indexOf('>', lt + 2);
      if (gt === -1) return -1;
      const name = buf.slice(lt + 2, gt).trimEnd();
      if (this.open.pop() !== name) throw new NotXml(`</${name.slice(0, 64)}> closes no open element`);
      this.handlers.close?.(localName(name));
      return gt + 1;
    }
    if (c === 0x3f /* ? */) {
      const end = buf.indexOf('?>', lt + 2);
      return end === -1 ? -1 : end + 2;
    }
    if (c === 0x21 /* ! */) {
      if (buf.startsWith('<!--', lt)) {
        const end = buf.indexOf('-->', lt + 4);
        return end === -1 ? -1 : end + 3;
      }
      if (buf.startsWith('<![CDATA[', lt)) {
        const end = buf.indexOf(']]>', lt + 9);
        if (end === -1) return -1;
        if (!this.open.length) throw new NotXml('CDATA outside the root element');
        this.handlers.text?.(buf.slice(lt + 9, end));
        return end + 3;
      }
      const head = buf.slice(lt, lt + 9);
      if (head.length < 9 && ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head))) return -1;
      throw new NotXml('DOCTYPE or declaration');
    }
    return this.startTag(buf, lt);
  }

  private startTag(buf: string, lt: number): number {
    const n = buf.length;
    let i = lt + 1;
    while (i < n) {
      const c = buf.charCodeAt(i);
      if (isSpace(c) || c === 0x2f || c === 0x3e) break;
      i++;
    }
    const name = buf.slice(lt + 1, i);
    if (!name || /[<=&"']/.test(name)) throw new NotXml('element name');
    const attributes: Record<string, string> = {};
    for (;;) {
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n) return -1;
      const c = buf.charCodeAt(i);
      if (c === 0x3e /* > */ || c === 0x2f /* / */) {
        const selfClosing = c === 0x2f;
        if (selfClosing && i + 1 >= n) return -1;
        if (selfClosing && buf.charCodeAt(i + 1) !== 0x3e) throw new NotXml(`<${name.slice(0, 64)}`);
        this.openElement(name, attributes);
        if (selfClosing) {
          this.open.pop();
          this.handlers.close?.(localName(name));
        }
        return i + (selfClosing ? 2 : 1);
      }
      const eq = buf.indexOf('=', i);
      if (eq === -1) return -1;
      const attribute = buf.slice(i, eq).trimEnd();
      if (!attribute || /[\s<>/"']/.test(attribute)) throw new NotXml('attribute name');
      i = eq + 1;
      while (i < n && isSpace(buf.charCodeAt(i))) i++;
      if (i >= n) return -1;
      const quote = buf[i];
      if (quote !== '"' && quote !== "'") throw new NotXml('attribute value');
      const close = buf.indexOf(quote, i + 1);
      if (close === -1) return -1;
      const value = buf.slice(i + 1, close);
      if (value.includes('<')) throw new NotXml('< in an attribute value');
      attributes[attribute] = decode(value);
      i = close + 1;
    }
  }

  private openElement(name: string, attributes: Record<string, string>): void {
    this.open.push(name);
    if (this.open.length > FILE_BOUNDS.xmlDepth) throw new BoundCrossed(MSG_FILE_BOUNDS.xmlDepth);
    this.handlers.open?.(localName(name), attributes);
  }
}

/**
 * Parses the XML of `chunks` (UTF-8 bytes) with XmlReader, calling `handlers` as it goes, and yields after each
 * chunk so that the caller can hand on what the chunk completed.
 */
export async function* parseXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): AsyncGenerator<void> {
  const reader = new XmlReader(handlers);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    reader.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  reader.write(decoder.decode());
  reader.end();
  yield;
}
