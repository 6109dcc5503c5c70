import { z } from 'zod';
import { MSG_QUALITY } from '../messages-quality.js';
import { hasNoBidiControl, hasNoNullByte } from './text-chars.js';

/**
 * Every text the API accepts: a string without the null byte (U+0000), which PostgreSQL cannot store in `text`
 * (error 22021), and without bidi control characters, which can disguise what a list or an acta shows
 * (text-chars.ts). Use it wherever an input schema would say `z.string(...)`; chain `.trim()`, `.max()`, … as on
 * any string.
 */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine(hasNoNullByte, MSG_QUALITY.textNullByte)
    .refine(hasNoBidiControl, MSG_QUALITY.textBidiControl);
}

/**
 * A password: never shown, so the bidi controls that disguise a displayed text are a password's business (a
 * password that holds one must still log in); only the null byte, which nothing can store or hash as sent,
 * is refused.
 */
export function zPasswordText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(hasNoNullByte, MSG_QUALITY.textNullByte);
}
