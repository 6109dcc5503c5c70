import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client.js';
import { usuarioFotos, usuarios } from '../../src/db/schema/index.js';
import { writeTx } from '../../src/db/tx.js';

/** A noisy jpeg (noise does not compress, so size follows the pixel count), optionally with EXIF. */
export async function jpegBytes(width: number, height: number, opts: { exif?: Record<string, string> } = {}) {
  let image = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  if (opts.exif) image = image.withExif({ IFD0: opts.exif });
  return image.jpeg({ quality: 90 }).toBuffer();
}

export async function pngBytes(width: number, height: number, opts: { alpha?: boolean } = {}) {
  const channels = opts.alpha ? 4 : 3;
  return sharp(Buffer.alloc(width * height * channels, 0x80), { raw: { width, height, channels } })
    .png()
    .toBuffer();
}

/**
 * A png that is almost only a header: it claims `width` x `height` RGB pixels over a few bytes of data
 * (the 68-byte upload of issue 9, item 9, with 49,000,000 x 1).
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(8))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The most resident memory the process has held while `task` ran, above what it held before (Linux's
 * peak-RSS counter, reset first; elsewhere a sample every 5 ms).
 */
export async function peakRssGrowth(task: () => Promise<unknown>): Promise<number> {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const before = process.memoryUsage().rss;
  let peak = before;
  let hwm = false;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    hwm = true;
  } catch {
    // not Linux: sample instead
  }
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await task();
  } finally {
    clearInterval(timer);
  }
  if (hwm) {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) peak = Math.max(peak, Number(kb) * 1024);
  }
  return peak - before;
}

/**
 * Grows a jpeg to exactly `size` bytes with APP15 segments after its start marker: still a valid image,
 * and metadata the server must drop.
 */
export function padJpeg(jpeg: Buffer, size: number): Buffer {
  const missing = size - jpeg.length;
  if (missing < 4) throw new Error(`cannot pad a ${jpeg.length}-byte jpeg to ${size}`);
  // A segment is 2 marker bytes + 2 length bytes + data, at most 65,537 bytes in all: share them out evenly.
  const count = Math.ceil(missing / 65_537);
  const segments = Array.from({ length: count }, (_, i) => {
    const total = Math.floor(missing / count) + (i < missing % count ? 1 : 0);
    return segment(total - 4);
  });
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

function segment(dataLength: number): Buffer {
  const header = Buffer.from([0xff, 0xef, ((dataLength + 2) >> 8) & 0xff, (dataLength + 2) & 0xff]);
  return Buffer.concat([header, Buffer.alloc(dataLength, 0x41)]);
}

/** Gives a user a stored photo without going through the API (forms refuse to save users without one). */
export async function givePhoto(db: Db, usuarioId: number): Promise<void> {
  const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  await writeTx(db, null, async (tx) => {
    await tx
      .insert(usuarioFotos)
      .values({ usuarioId, mime: 'image/jpeg', fotoDatos: data, bytes: data.length })
      .onConflictDoNothing();
    await tx
      .update(usuarios)
      .set({ photoName: `foto-${usuarioId}.jpg` })
      .where(eq(usuarios.id, usuarioId));
  });
}

/** A multipart body with one file part. */
export function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----arandu${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
