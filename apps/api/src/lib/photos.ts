import sharp from 'sharp';
import { MSG, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE } from '@arandu/shared';
import { AppError } from './errors.js';

/** Decoding is where a hostile file costs memory: a 5 MB png may claim a huge canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface Photo {
  data: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

const rejected = (message: string) => AppError.badRequest(message, { files: message });

/**
 * DOMAIN.md section 8: a png or jpeg judged by its content (never by its name or declared type), re-encoded
 * here so no metadata (GPS position, camera, comments) or crafted bytes survive, longest side at most
 * 1024 px. Every photo comes out as a jpeg on white, whatever its transparency.
 */
export async function normalisePhoto(input: Buffer): Promise<Photo> {
  if (input.length === 0) throw rejected(MSG.photoChoose);
  if (input.length > PHOTO_MAX_BYTES) throw rejected(MSG.photoTooLarge);
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw rejected(MSG.photoTypeInvalid);
  }
  if (format !== 'jpeg' && format !== 'png') throw rejected(MSG.photoTypeInvalid);
  if (pixels > MAX_INPUT_PIXELS) throw rejected(MSG.photoDimensionsTooLarge);
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
