/**
 * The characters no text input may hold, as plain predicates: `zText` (classic zod) and the login's zod/mini
 * schemas apply the same ones.
 */

/** PostgreSQL cannot store U+0000 in `text` (error 22021): one byte in any field would turn into a 500. */
export const hasNoNullByte = (value: string) => !value.includes('\u0000');

/**
 * Bidi embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069) reorder what is shown after them:
 * 'INF\u202e101' is shown as 'INF101' while it holds something else, so a subject code or a name in a list or a
 * printed acta could pass for another (security issue 28). Right-to-left text itself, and the marks U+200E and
 * U+200F that reorder nothing around them, stay allowed.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
export const hasNoBidiControl = (value: string) => !BIDI_CONTROL.test(value);
