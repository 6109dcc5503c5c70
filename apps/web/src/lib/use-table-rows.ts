import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { foldText } from './fold-text';

/*
 * The tables that hold every row in memory (a subject's students, a homework's scores, an attendance sheet)
 * filter and sort them here, so that they all ignore accents and case the same way ('benitez' finds
 * 'Benítez') and a name sorts as Spanish sorts it.
 */

export type SortDirection = 1 | -1;
export type SortState<K extends string> = { key: K; dir: SortDirection };

/** The rows whose text holds the searched one, accents and case ignored; all of them for a blank search. */
export function filterRows<T>(rows: readonly T[], search: string, text: (row: T) => string): T[] {
  const needle = foldText(search.trim());
  if (!needle) return [...rows];
  return rows.filter((row) => foldText(text(row)).includes(needle));
}

/** A sorted copy, compared as Spanish text with accents and case ignored. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K>,
  value: (row: T, key: K) => string,
): T[] {
  return [...rows].sort(
    (a, b) => sort.dir * foldText(value(a, sort.key)).localeCompare(foldText(value(b, sort.key)), 'es'),
  );
}

/** A click on the sorted column turns its direction; a click on another column sorts it ascending. */
export const nextSort = <K extends string>(sort: SortState<K>, key: K): SortState<K> => ({
  key,
  dir: sort.key === key ? (-sort.dir as SortDirection) : 1,
});

type TableRowsOptions<T, K extends string> = {
  /** The text a row is searched in. */
  text: (row: T) => string;
  /** Wait this long after the last keystroke before filtering (a long list on a slow phone). */
  debounceMs?: number;
  /** Sortable columns: the first order and the text a column sorts by. */
  sort?: { initial: SortState<K>; value: (row: T, key: K) => string };
};

/** The search box's text, the sorted column and the rows they leave, for a table that has all its rows. */
export function useTableRows<T, K extends string = never>(rows: readonly T[], options: TableRowsOptions<T, K>) {
  const { text, debounceMs = 0, sort: sortBy } = options;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, debounceMs);
  const [sort, setSort] = useState<SortState<K> | null>(sortBy?.initial ?? null);
  const applied = debounceMs > 0 ? debounced : search;
  const value = sortBy?.value;
  const visible = useMemo(() => {
    const found = filterRows(rows, applied, text);
    return sort && value ? sortRows(found, sort, value) : found;
  }, [rows, applied, text, sort, value]);
  const toggleSort = useCallback((key: K) => setSort((s) => (s ? nextSort(s, key) : { key, dir: 1 })), []);
  return { search, setSearch, rows: visible, sort, toggleSort };
}
