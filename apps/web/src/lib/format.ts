import { FACULTY_TIME_ZONE } from '@arandu/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');

/** The faculty's zone, declared once in the shared package; taken from here, it comes with dayjs's tz plugin. */
export const TIME_ZONE = FACULTY_TIME_ZONE;
/** dd/MM/yyyy, as dayjs writes it (also the `valueFormat` of the Mantine date inputs). */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

type DateValue = string | number | Date | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDayjs(value: DateValue): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date ('2025-03-01') has no time zone: show it as it is.
  if (typeof value === 'string' && DATE_ONLY.test(value)) return dayjs(value, 'YYYY-MM-DD', true);
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(TIME_ZONE) : null;
}

/** '2025-03-01' or a timestamp -> '01/03/2025' (in the faculty's zone); empty for no value. */
export function formatDate(value: DateValue): string {
  const date = toDayjs(value);
  return date?.isValid() ? date.format(DATE_FORMAT) : '';
}

/** A timestamp -> '01/03/2025 14:30' in the faculty's zone; empty for no value. */
export function formatDateTime(value: DateValue): string {
  const date = toDayjs(value);
  return date?.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

/** '01/03/2025' -> '2025-03-01' (the API's date format); null when it is not a valid dd/MM/yyyy date. */
export function parseDate(text: string): string | null {
  const date = dayjs(text.trim(), DATE_FORMAT, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

/** A document number as Paraguay writes it: 1234567 -> '1.234.567'. Non-numeric documents are left as they are. */
export function formatDocumentNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return text;
  // The es-PY grouping, written out: Intl's Spanish locales differ between ICU builds for 4-digit numbers.
  return text.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A count as Paraguay writes it, with the thousands point: 400143 -> '400.143' (a receipt's exact bytes). */
export function formatCount(value: number): string {
  return formatDocumentNumber(Math.round(value));
}

/**
 * One rule for every percentage Arandu shows (attendance, PP, PF, PC): a whole number, halves rounded up
 * (90,5 -> 91), as the printed acta has them; `sign` adds ' %'. The API and the downloads keep the two
 * decimals stored.
 */
export function formatPercent(
  value: number | null | undefined,
  { sign = false, empty = '—' }: { sign?: boolean; empty?: string } = {},
): string {
  if (value === null || value === undefined) return empty;
  const whole = Math.round(value);
  return sign ? `${whole} %` : String(whole);
}

/**
 * A figure with decimals the Paraguayan way ('90,5'), and the reader of one typed with a comma or a point:
 * the shared rule (packages/shared rules/decimals.ts), also the server's for its PDFs.
 */
export { formatDecimal, readDecimal } from '@arandu/shared';

/** A count with the words that agree with it: the shared rule, also used by the server's messages. */
export { countOf } from '@arandu/shared';
