import sharp, { type Metadata } from 'sharp';
import { MSG, MSG_OPS, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from '@arandu/shared';
import { AppError } from './errors.js';
import { Semaphore } from './semaphore.js';

/**
 * Decoding is where a hostile file costs memory: a 68-byte png may claim a huge canvas. Both limits are
 * checked from the header, before any pixel is decoded: the pixel count alone lets a 49,000,000 x 1 png
 * through, whose single row libvips allocates at once (~1.7 GB).
 */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_INPUT_SIDE = 10_000;

/**
 * One libvips thread per image and no operation cache: a photo is small work, and what matters under a
 * burst of uploads is the memory each decode holds. At most two decodes run at once (a 50-megapixel png
 * costs ~200 MB while it is decoded); a few more wait, the rest get 429 at once.
 */
sharp.concurrency(1);
sharp.cache(false);
const decoding = new Semaphore(2, 8);

export interface Photo {
  data: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

const rejected = (message: string) => AppError.badField('files', message);

/**
 * DOMAIN.md section 8: a png or jpeg judged by its content (never by its name or declared type), re-encoded
 * here so no metadata (GPS position, camera, comments) or crafted bytes survive, longest side at most
 * 1024 px. Every photo comes out as a jpeg on white, whatever its transparency.
 */
export async function normalisePhoto(input: Buffer): Promise<Photo> {
  if (input.length === 0) throw rejected(MSG.photoChoose);
  if (input.length > PHOTO_MAX_BYTES) throw rejected(MSG.photoTooLarge);
  let meta: Metadata;
  try {
    // Reads the header only.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected(MSG.photoTypeInvalid);
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw rejected(MSG.photoTypeInvalid);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) throw rejected(MSG_OPS.photoSideTooLarge);
  if (width * height > MAX_INPUT_PIXELS) throw rejected(MSG.photoDimensionsTooLarge);
  return decoding.run(
    () => reencode(input),
    () => AppError.tooManyRequests(),
  );
}

async function reencode(input: Buffer): Promise<Photo> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // A header that parses over a body that does not (truncated or crafted files).
    throw rejected(MSG.photoTypeInvalid);
  }
}
