import dayjs from 'dayjs';
import { TIME_ZONE } from '../../../lib/format';

/** An instant as the calendar date in Asunción ('YYYY-MM-DD'), for a DateInput. */
export function toLocalDate(iso: string): string | null {
  return iso ? dayjs(iso).tz(TIME_ZONE).format('YYYY-MM-DD') : null;
}

/** A date picked in Asunción as an instant: its first second, or its last one for the end of a range. */
export function fromLocalDate(date: string | null, edge: 'start' | 'end'): string {
  if (!date) return '';
  return dayjs.tz(`${date} ${edge === 'start' ? '00:00:00' : '23:59:59'}`, TIME_ZONE).toISOString();
}
