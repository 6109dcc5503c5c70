import * as z from 'zod/mini';
import { MSG } from '../messages.js';
import { MSG_QUALITY } from '../messages-quality.js';
import { hasNoBidiControl, hasNoNullByte } from './text-chars.js';

/**
 * The login's schemas in zod/mini (issue 16): the login page is the first thing a phone downloads, and
 * zod/mini's functions are shaken out one by one where classic zod brings nearly all of itself along. The
 * server validates with the same schemas; classic schemas compose them like any other.
 */
export const EMAIL_MAX = 254;
/** Long enough for any pass phrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX = 128;

/** As `zText` (./text.ts) does for classic schemas: the characters of text-chars.ts are refused here too. */
const cleanText = [
  z.refine<string>(hasNoNullByte, MSG_QUALITY.textNullByte),
  z.refine<string>(hasNoBidiControl, MSG_QUALITY.textBidiControl),
] as const;

export const zEmail = z.pipe(
  z
    .string({ error: MSG.emailRequired })
    .check(...cleanText, z.trim(), z.minLength(1, MSG.emailRequired), z.maxLength(EMAIL_MAX, MSG.emailInvalid)),
  z.email({ error: MSG.emailInvalid }),
);

/** The login page's forms. */
export const zLogin = z.strictObject({
  email: zEmail,
  // A password is never shown: only the null byte is refused (a bidi control in it disguises nothing).
  password: z
    .string({ error: MSG.passwordRequired })
    .check(cleanText[0], z.minLength(1, MSG.passwordRequired), z.maxLength(PASSWORD_MAX)),
  rememberMe: z.optional(z.boolean()),
});
export type Login = z.infer<typeof zLogin>;

/** 'Olvidé mi contraseña', on the same page. */
export const zForgotPassword = z.strictObject({ email: zEmail });
