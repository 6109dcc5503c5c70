import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  ZIP64_END_OF_CENTRAL,
  ZIP64_LOCATOR,
  ZIP_CENTRAL_HEADER,
  ZIP_END_OF_CENTRAL,
  ZIP_LOCAL_HEADER,
  ZIP_MAX32,
} from '../../lib/zip-signatures.js';
import { BoundCrossed, FILE_BOUNDS, MSG_FILE_BOUNDS, type UnzipBudget } from './file-bounds.js';

/** A zip that cannot be read as one (torn, encrypted, split, another compression): the caller says unreadable. */
export class NotAZip extends Error {
  constructor(why: string) {
    super(`zip: ${why}`);
    this.name = 'NotAZip';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** What the entry says it inflates to: a claim, checked against the bytes as they come out. */
  declaredSize: number;
  localHeader: number;
}

const STORED = 0;
const DEFLATED = 8;

/** The inflater's output chunks: what the XML parser gets at a time. */
const CHUNK = 64 * 1024;

function u64(buf: Buffer, at: number): number {
  const value = buf.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new NotAZip('zip64 field out of range');
  return Number(value);
}

function endOfDirectory(buf: Buffer): { entries: number; offset: number; size: number } {
  // The end record is the last 22 bytes, or further up when the zip has a comment (at most 65,535 bytes).
  const lowest = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.length - 22; at >= lowest; at--) {
    if (buf.readUInt32LE(at) !== ZIP_END_OF_CENTRAL) continue;
    if (buf.readUInt16LE(at + 4) !== 0 || buf.readUInt16LE(at + 6) !== 0) throw new NotAZip('split archive');
    let entries = buf.readUInt16LE(at + 10);
    let size = buf.readUInt32LE(at + 12);
    let offset = buf.readUInt32LE(at + 16);
    if (entries === 0xffff || size === ZIP_MAX32 || offset === ZIP_MAX32) {
      const locator = at - 20;
      if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new NotAZip('zip64 locator');
      const record = u64(buf, locator + 8);
      if (record + 56 > buf.length || buf.readUInt32LE(record) !== ZIP64_END_OF_CENTRAL) throw new NotAZip('zip64 end');
      entries = u64(buf, record + 32);
      size = u64(buf, record + 40);
      offset = u64(buf, record + 48);
    }
    if (offset + size > buf.length) throw new NotAZip('directory out of the file');
    return { entries, offset, size };
  }
  throw new NotAZip('no end of central directory');
}

/**
 * The entries of a zip held in memory, by name, from its central directory (what every zip reader trusts; the
 * local headers are only used to find where each entry's data starts). At most FILE_BOUNDS.zipEntries entries;
 * a name twice is refused, since two readers could pick different ones.
 */
export function zipDirectory(buf: Buffer): Map<string, ZipEntry> {
  const end = endOfDirectory(buf);
  if (end.entries > FILE_BOUNDS.zipEntries) throw new BoundCrossed(MSG_FILE_BOUNDS.zipEntries);
  const entries = new Map<string, ZipEntry>();
  let at = end.offset;
  for (let i = 0; i < end.entries; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) throw new NotAZip('central directory');
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    let compressedSize = buf.readUInt32LE(at + 20);
    let declaredSize = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    let localHeader = buf.readUInt32LE(at + 42);
    const nameStart = at + 46;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > buf.length) throw new NotAZip('central directory entry out of the file');
    if (flags & 1) throw new NotAZip('encrypted entry');
    // Zip64: the fields that do not fit are 0xffffffff and follow in an extra field, in this order.
    if (declaredSize === ZIP_MAX32 || compressedSize === ZIP_MAX32 || localHeader === ZIP_MAX32) {
      let extra = extraStart;
      const extraEnd = extraStart + extraLength;
      while (extra + 4 <= extraEnd && buf.readUInt16LE(extra) !== 0x0001) extra += 4 + buf.readUInt16LE(extra + 2);
      if (extra + 4 > extraEnd) throw new NotAZip('zip64 extra field');
      let field = extra + 4;
      const take = () => {
        if (field + 8 > extraEnd) throw new NotAZip('zip64 extra field');
        const value = u64(buf, field);
        field += 8;
        return value;
      };
      if (declaredSize === ZIP_MAX32) declaredSize = take();
      if (compressedSize === ZIP_MAX32) compressedSize = take();
      if (localHeader === ZIP_MAX32) localHeader = take();
    }
    const name = buf.toString('utf8', nameStart, extraStart);
    if (entries.has(name)) throw new NotAZip(`${name} twice`);
    entries.set(name, { name, method, compressedSize, declaredSize, localHeader });
    at = next;
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeader;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== ZIP_LOCAL_HEADER)
    throw new NotAZip(`local header of ${entry.name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw new NotAZip(`data of ${entry.name} out of the file`);
  return buf.subarray(start, end);
}

function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/**
 * The inflated bytes of an entry, chunk by chunk, counted as they come out of the inflater: an entry that
 * declares more than the budget has left is refused before it is inflated, and one that inflates past what
 * it declares (the central directory's size, which every zip writer fills in after compressing) is refused
 * at the chunk that passes it, whatever the budget. The inflater waits for its reader (Node's zlib stops
 * between output chunks while its buffer is full), so a thousandfold entry is stopped with one chunk in hand.
 */
export async function* inflateEntry(buf: Buffer, entry: ZipEntry, budget: UnzipBudget): AsyncGenerator<Buffer> {
  budget.claim(entry.declaredSize);
  const data = entryData(buf, entry);
  let produced = 0;
  const count = (bytes: number) => {
    produced += bytes;
    if (produced > entry.declaredSize) throw new BoundCrossed(MSG_FILE_BOUNDS.declaredSize(entry.declaredSize));
    budget.spend(bytes);
  };
  if (entry.method === STORED) {
    for (const slice of slices(data)) {
      count(slice.length);
      yield slice;
    }
    return;
  }
  if (entry.method !== DEFLATED) throw new NotAZip(`compression method ${entry.method}`);
  const source = Readable.from([data]);
  const inflater = zlib.createInflateRaw({ chunkSize: CHUNK });
  source.pipe(inflater);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      count(chunk.length);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof BoundCrossed) throw err;
    throw new NotAZip(`${entry.name}: ${(err as Error).message}`);
  } finally {
    source.unpipe(inflater);
    source.destroy();
    inflater.destroy();
  }
}
