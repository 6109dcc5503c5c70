import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryCopyRows, pgStorage } from '../src/lib/storage/pg-storage.js';
import { inParts, PART_BYTES } from '../src/lib/storage/storage.js';
import { setupTestApp, type TestContext } from './helper.js';

/**
 * The PostgreSQL file store (issue 46) on whichever engine the run uses: on the server its reads go by binary
 * COPY, a batch of parts at a time, on PGlite by SELECT; a file of many batches must come back byte for byte.
 */

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Bytes that differ from part to part and within each, so a part out of order or cut short shows. */
function pattern(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 1) out[i] = (i * 31 + (i >>> 10)) & 255;
  return out;
}

async function* chunksOf(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

describe('files kept in PostgreSQL', () => {
  it('reads back a file of many parts, across batches, byte for byte', async () => {
    const store = pgStorage(t.db);
    // 9 parts and a bit: three reads of four parts, the last one short.
    const data = pattern(9 * PART_BYTES + 1234);
    const writer = await store.create();
    for await (const part of inParts(chunksOf(data, 64 * 1024 + 7))) await writer.write(part);
    const kept = await writer.finish();
    expect(kept).toEqual({ sha256: sha(data), bytes: data.length });
    const parts: Buffer[] = [];
    for await (const part of (await store.read(kept.sha256))!) parts.push(part);
    expect(parts.map((p) => p.length)).toEqual([...Array<number>(9).fill(PART_BYTES), 1234]);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
  });

  it('a file of exactly one batch ends after it', async () => {
    const store = pgStorage(t.db);
    const data = pattern(4 * PART_BYTES);
    const writer = await store.create();
    for await (const part of inParts(chunksOf(data, PART_BYTES))) await writer.write(part);
    const kept = await writer.finish();
    const parts: Buffer[] = [];
    for await (const part of (await store.read(kept.sha256))!) parts.push(part);
    expect(parts).toHaveLength(4);
    expect(sha(Buffer.concat(parts))).toBe(kept.sha256);
  });
});

describe("binary COPY's rows", () => {
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  const row = (data: Buffer) => {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    head.writeInt32BE(data.length, 2);
    return Buffer.concat([head, data]);
  };
  const trailer = Buffer.from([0xff, 0xff]);

  it('gives each row its bytes, an empty one too', () => {
    const rows = binaryCopyRows(Buffer.concat([header, row(Buffer.from('uno')), row(Buffer.alloc(0)), trailer]));
    expect(rows.map((r) => r.toString())).toEqual(['uno', '']);
  });

  it('refuses what is not a binary COPY', () => {
    expect(() => binaryCopyRows(Buffer.from('\\x2550'))).toThrow(/firma/);
  });
});
