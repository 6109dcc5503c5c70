/**
 * Numbers with decimals the Paraguayan way (DOMAIN.md: 'decimals with a comma (90,5), typed with a comma or a
 * point'): one reader for every field a person types a figure into, one writer for every figure shown. The API
 * and its contracts keep JavaScript numbers; only what a person reads or types has the comma.
 */

/** A figure as typed: digits, at most one decimal separator (',' or '.') and digits after it. */
const TYPED = /^-?\d*(?:[.,]\d*)?$/;

export interface TypedDecimal {
  /** null for an empty field. */
  value: number | null;
  /** Digits typed after the separator (7,50 has 2). */
  places: number;
}

/**
 * '90,5', '90.5', ' 7,5 ', '90,' -> the number typed and its decimal places; '' -> value null; null when the
 * text is not a figure ('9,5,1', '1.234,5', 'abc', ','): grouping marks are not accepted in a figure typed.
 */
export function readDecimal(text: string): TypedDecimal | null {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, places: 0 };
  if (!TYPED.test(trimmed) || !/\d/.test(trimmed)) return null;
  const [whole = '', fraction = ''] = trimmed.split(/[.,]/);
  const value = Number(`${whole === '-' ? '-0' : whole || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? { value, places: fraction.length } : null;
}

/** Whether a text could still become a figure while it is being typed ('', '-', '7,' are on the way). */
export function mayBecomeDecimal(text: string): boolean {
  return TYPED.test(text.trim());
}

/**
 * A figure written with the comma, without grouping and without trailing zeros: 90.5 -> '90,5', 43.75 ->
 * '43,75', 7 -> '7', at most `places` decimals (rounded half up); '' for no value.
 */
export function formatDecimal(value: number | null | undefined, places = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const factor = 10 ** places;
  // Half up on the decimal figure as written (1.005 * 100 is 100.49999…): round a shifted decimal string.
  const rounded = Math.sign(value) * (Math.round(Number(`${Math.abs(value)}e${places}`)) / factor);
  return String(rounded === 0 ? 0 : rounded).replace('.', ',');
}
