import { sql, type SQL } from 'drizzle-orm';
import { containsPattern, searchWords } from '../../lib/search.js';

/** Each search word must appear in the student's legajo or in the user's `busqueda` (name, document, e-mail). */
export function alumnoMatches(perfil: SQL, search: string | undefined): SQL[] {
  return searchWords(search).map((word) => {
    const pattern = containsPattern(word);
    const byUser = sql`${perfil}.usuario_id in (select w.id from usuarios w where w.busqueda like sin_acentos(${pattern}))`;
    // Only digits can be part of a legajo.
    return /^\d+$/.test(word) ? sql`(${byUser} or ${perfil}.numero_legajo::text like ${pattern})` : byUser;
  });
}

/** `a and b and …`, or `true` for no condition. */
export function allOf(conditions: readonly (SQL | undefined | null | false | 0)[]): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/** A batch of an export: after the keyset of the last row, `size` rows. */
export interface Slice<K> {
  after?: K | undefined;
  size: number;
}

/** A page of a list: `limit` and `offset`, with the total beside each row. */
export interface PageSlice {
  page: number;
  pageSize: number;
}
