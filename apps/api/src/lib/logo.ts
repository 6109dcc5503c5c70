import sharp, { type Metadata } from 'sharp';
import { LOGO_MAX_BYTES, MSG_CONFIG } from '@arandu/shared';
import { AppError } from './errors.js';

/** The letterhead prints the logo at most ~3 cm high: 600 x 300 px is plenty for print and small to store. */
const MAX_WIDTH = 600;
const MAX_HEIGHT = 300;
const MAX_INPUT_SIDE = 5_000;

const rejected = (message: string) => AppError.badField('files', message);

/**
 * The uploaded logo judged by its content (png or jpeg, never by its name or declared type), re-encoded as
 * png (transparency kept, metadata dropped), fitted in 600 x 300 px.
 */
export async function normaliseLogo(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw rejected(MSG_CONFIG.logoChoose);
  if (input.length > LOGO_MAX_BYTES) throw rejected(MSG_CONFIG.logoTooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected(MSG_CONFIG.logoType);
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw rejected(MSG_CONFIG.logoType);
  if ((meta.width ?? 0) > MAX_INPUT_SIDE || (meta.height ?? 0) > MAX_INPUT_SIDE) throw rejected(MSG_CONFIG.logoType);
  try {
    return await sharp(input, { failOn: 'error' })
      .rotate()
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw rejected(MSG_CONFIG.logoType);
  }
}
