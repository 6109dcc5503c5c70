import { sql, type SQL } from 'drizzle-orm';

/** A LIKE pattern that finds `text` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The spec's list search: `column` contains `text`, ignoring case and accents ('benitez' finds 'Benítez').
 * Undefined when there is nothing to search, so callers can drop it from the WHERE clause.
 */
export function containsText(column: SQL, text: string | undefined | null): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  return sql`sin_acentos(${column}) like sin_acentos(${containsPattern(trimmed)})`;
}

/**
 * A search about people as typed: documents are shown es-PY ('4.858.380') and stored bare ('4858380'), so the
 * dots of a number are dropped from the query (never from the column, which keeps its indexes usable): a word
 * of digits and dots loses them all ('4.858.' finds 4858380 while still typing), any other word those between
 * two digits. The one place every list whose search covers a document normalises its text.
 */
export function withoutDocumentDots(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (/^[\d.]*\d[\d.]*$/.test(word) ? word.replaceAll('.', '') : word.replace(/(\d)\.(?=\d)/g, '$1')))
    .join('');
}

/**
 * The words of a search about people, documents without dots: each must match on its own ('ramirez lucia'
 * finds 'Lucía Ramírez'), at most eight.
 */
export function searchWords(text: string | undefined): string[] {
  return withoutDocumentDots(text ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** `column` (already without accents, lower case) contains every word of `text` (users, students, the audit log). */
export function matchesWords(column: SQL, text: string | undefined): SQL[] {
  return searchWords(text).map((word) => sql`${column} like sin_acentos(${containsPattern(word)})`);
}

/** `containsText` for a column that holds a person's document: the query's document dots dropped. */
export function containsPersonText(column: SQL, text: string | undefined | null): SQL | undefined {
  return containsText(column, text == null ? text : withoutDocumentDots(text));
}

/** `where a and b …` of the conditions present, or nothing. */
export function whereAll(conditions: readonly (SQL | undefined | false)[]): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length === 0 ? sql`` : sql`where ${sql.join(present, sql` and `)}`;
}

/** A timestamptz column as an ISO 8601 instant in UTC, the same on both engines. */
export function isoInstant(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The OFFSET of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** A parsed list request (`{ page, pageSize, filters }` after the schema's defaults). */
export interface PageQuery<F> {
  page: number;
  pageSize: number;
  filters?: F | undefined;
}

/** Splits the `count(*) over()` column of a page query off its rows: `{ items, totalItemsCount }`. */
export function toPage<T extends { total: number }>(
  found: T[],
): { items: Omit<T, 'total'>[]; totalItemsCount: number } {
  return {
    items: found.map(({ total: _total, ...row }) => row),
    totalItemsCount: found[0]?.total ?? 0,
  };
}
