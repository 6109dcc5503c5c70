import dayjs from 'dayjs';
import { TIME_ZONE } from './format';

/** An instant's calendar date ('YYYY-MM-DD') and time ('HH:mm') in Asunción; nulls for no instant. */
export function splitLocalDateTime(iso: string): { date: string | null; time: string | null } {
  if (!iso) return { date: null, time: null };
  const local = dayjs(iso).tz(TIME_ZONE);
  return { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
}

/** A date and a time in Asunción as an instant (ISO, UTC); '' unless both are there. */
export function joinLocalDateTime(date: string | null, time: string | null): string {
  if (!date || !time) return '';
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', TIME_ZONE).toISOString();
}
