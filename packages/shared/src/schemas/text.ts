import { z } from 'zod';
import { MSG_QUALITY } from '../messages-quality.js';

const hasNoNullByte = (value: string) => !value.includes('\u0000');

/**
 * Every text the API accepts: a string without the null byte (U+0000). PostgreSQL cannot store it in `text`
 * (error 22021), so without this check one byte in any field or search turns into a 500. Use it wherever an
 * input schema would say `z.string(...)`; chain `.trim()`, `.max()`, … as on any string.
 */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(hasNoNullByte, MSG_QUALITY.textNullByte);
}
