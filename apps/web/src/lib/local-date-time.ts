import dayjs from 'dayjs';
import { TIME_ZONE } from './format';

/** An instant as 'YYYY-MM-DD HH:mm:ss' in Asunción, for a DateTimePicker. */
export function toLocalDateTime(iso: string): string | null {
  return iso ? dayjs(iso).tz(TIME_ZONE).format('YYYY-MM-DD HH:mm:ss') : null;
}

/** A date and time picked in Asunción as an instant (ISO, UTC). */
export function fromLocalDateTime(value: string | null): string {
  return value ? dayjs.tz(value, TIME_ZONE).toISOString() : '';
}
