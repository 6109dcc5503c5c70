import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterRows, nextSort, sortRows, useTableRows } from './use-table-rows';

type Row = { doc: string; nombre: string; apellido: string };
const ROWS: Row[] = [
  { doc: '1234567', nombre: 'Ana', apellido: 'Benítez' },
  { doc: '7654321', nombre: 'Óscar', apellido: 'álvarez' },
  { doc: '555', nombre: 'Zoe', apellido: 'Cáceres' },
];
const text = (r: Row) => `${r.doc} ${r.nombre} ${r.apellido}`;
const value = (r: Row, key: 'nombre' | 'apellido') => r[key];
const apellidos = (rows: Row[]) => rows.map((r) => r.apellido);

describe('filterRows', () => {
  it('ignores accents, case and the spaces around the search', () => {
    expect(apellidos(filterRows(ROWS, '  BENITEZ ', text))).toEqual(['Benítez']);
    expect(apellidos(filterRows(ROWS, 'óscar', text))).toEqual(['álvarez']);
    expect(apellidos(filterRows(ROWS, 'oscar', text))).toEqual(['álvarez']);
    expect(apellidos(filterRows(ROWS, '765', text))).toEqual(['álvarez']);
  });

  it('keeps every row for a blank search and none when nothing matches', () => {
    expect(filterRows(ROWS, '   ', text)).toEqual(ROWS);
    expect(filterRows(ROWS, 'nadie', text)).toEqual([]);
  });
});

describe('sortRows', () => {
  it('sorts as Spanish text with accents and case ignored, either way, without touching the rows given', () => {
    expect(apellidos(sortRows(ROWS, { key: 'apellido', dir: 1 }, value))).toEqual(['álvarez', 'Benítez', 'Cáceres']);
    expect(apellidos(sortRows(ROWS, { key: 'apellido', dir: -1 }, value))).toEqual(['Cáceres', 'Benítez', 'álvarez']);
    expect(apellidos(sortRows(ROWS, { key: 'nombre', dir: 1 }, value))).toEqual(['Benítez', 'álvarez', 'Cáceres']);
    expect(apellidos(ROWS)).toEqual(['Benítez', 'álvarez', 'Cáceres']);
  });

  it('turns the sorted column around and sorts another one ascending', () => {
    expect(nextSort({ key: 'apellido', dir: 1 }, 'apellido')).toEqual({ key: 'apellido', dir: -1 });
    expect(nextSort({ key: 'apellido', dir: -1 }, 'apellido')).toEqual({ key: 'apellido', dir: 1 });
    expect(nextSort({ key: 'apellido', dir: -1 }, 'nombre')).toEqual({ key: 'nombre', dir: 1 });
  });
});

describe('useTableRows', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('filters as the search is typed and sorts by the column clicked', () => {
    const { result } = renderHook(() =>
      useTableRows(ROWS, { text, sort: { initial: { key: 'apellido', dir: 1 }, value } }),
    );
    expect(apellidos(result.current.rows)).toEqual(['álvarez', 'Benítez', 'Cáceres']);
    act(() => result.current.toggleSort('apellido'));
    expect(result.current.sort).toEqual({ key: 'apellido', dir: -1 });
    expect(apellidos(result.current.rows)).toEqual(['Cáceres', 'Benítez', 'álvarez']);
    act(() => result.current.setSearch('CACE'));
    expect(result.current.search).toBe('CACE');
    expect(apellidos(result.current.rows)).toEqual(['Cáceres']);
  });

  it('keeps the order given when no column sorts', () => {
    const { result } = renderHook(() => useTableRows(ROWS, { text }));
    expect(result.current.sort).toBeNull();
    expect(result.current.rows).toEqual(ROWS);
  });

  it('with a debounce, filters only once the typing has paused that long', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTableRows(ROWS, { text, debounceMs: 500 }));
    act(() => result.current.setSearch('zoe'));
    expect(result.current.rows).toHaveLength(3);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(apellidos(result.current.rows)).toEqual(['Cáceres']);
  });
});
