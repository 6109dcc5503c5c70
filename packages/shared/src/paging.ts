import { z } from 'zod';
import { zText } from './schemas/text.js';
import { MSG } from './messages.js';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
export const SEARCH_TEXT_MAX = 32;

/**
 * The page and its size, 1-based, as every list asks for them: in the body of a list request and in the
 * query string of a GET list (the outbox).
 */
export const pageFields = {
  page: z.coerce.number({ error: MSG.pageInvalid }).int().min(1, MSG.pageInvalid).default(1),
  pageSize: z.coerce
    .number({ error: MSG.pageInvalid })
    .int()
    .min(1, MSG.pageInvalid)
    .max(MAX_PAGE_SIZE, MSG.pageInvalid)
    .default(DEFAULT_PAGE_SIZE),
};

/**
 * The spec's list request: `{ page, pageSize, filters }` (page is 1-based). Any other top-level key is refused,
 * like the fields of every other body, so a misspelt `filter` is an error rather than an unfiltered list.
 */
export function zPageRequest<F extends z.ZodType>(filters: F) {
  return z.strictObject({ ...pageFields, filters: filters.optional() });
}

/** The spec's list reply: `{ items, totalItemsCount }`. */
export function zPageReply<I extends z.ZodType>(item: I) {
  return z.object({ items: z.array(item), totalItemsCount: z.number().int() });
}

export type PageReply<T> = { items: T[]; totalItemsCount: number };

/** A search text as the list screens send it (max 32 characters, spec 01 section 5). */
export const zSearchText = zText()
  .trim()
  .max(SEARCH_TEXT_MAX, `La búsqueda admite hasta ${SEARCH_TEXT_MAX} caracteres`);

/** The filters of a list searched by one text only. */
export const zSearchFilters = z.strictObject({ search: zSearchText.optional() });
