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
