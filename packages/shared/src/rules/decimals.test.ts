import { describe, expect, it } from 'vitest';
import { formatDecimal, mayBecomeDecimal, readDecimal } from './decimals.js';

describe('readDecimal', () => {
  it('reads a comma or a point as the decimal separator', () => {
    expect(readDecimal('90,5')).toEqual({ value: 90.5, places: 1 });
    expect(readDecimal('90.5')).toEqual({ value: 90.5, places: 1 });
    expect(readDecimal(' 7,5 ')).toEqual({ value: 7.5, places: 1 });
    expect(readDecimal('7,50')).toEqual({ value: 7.5, places: 2 });
    expect(readDecimal('90,')).toEqual({ value: 90, places: 0 });
    expect(readDecimal(',5')).toEqual({ value: 0.5, places: 1 });
    expect(readDecimal('100')).toEqual({ value: 100, places: 0 });
    expect(readDecimal('-2,5')).toEqual({ value: -2.5, places: 1 });
    expect(readDecimal('')).toEqual({ value: null, places: 0 });
  });

  it('refuses what is not one figure, grouping marks included', () => {
    for (const text of ['9,5,1', '1.234,5', 'abc', ',', '-', '90 5', '1e3']) expect(readDecimal(text)).toBeNull();
    expect(mayBecomeDecimal('7,')).toBe(true);
    expect(mayBecomeDecimal('-')).toBe(true);
    expect(mayBecomeDecimal('7,5,')).toBe(false);
  });
});

describe('formatDecimal', () => {
  it('writes the comma, no trailing zeros, at most the places asked, halves up', () => {
    expect(formatDecimal(90.5)).toBe('90,5');
    expect(formatDecimal(43.75)).toBe('43,75');
    expect(formatDecimal(7)).toBe('7');
    expect(formatDecimal(68.85, 1)).toBe('68,9');
    expect(formatDecimal(1.005)).toBe('1,01');
    expect(formatDecimal(5000)).toBe('5000');
    expect(formatDecimal(null)).toBe('');
    expect(formatDecimal(-0.001)).toBe('0');
  });

  it('reads back what it writes', () => {
    for (const n of [0, 7.5, 90.5, 43.75, 100]) expect(readDecimal(formatDecimal(n))?.value).toBe(n);
  });
});
