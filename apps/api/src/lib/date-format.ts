import { FACULTY_TIME_ZONE } from '@arandu/shared';

/** Dates as the faculty reads them, in its own time zone whatever the server's: '27/11/2026'. */
export const dayFormat = new Intl.DateTimeFormat('es-PY', {
  timeZone: FACULTY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '27/11/2026, 14:05', on the 24-hour clock. */
export const dateTimeFormat = new Intl.DateTimeFormat('es-PY', {
  timeZone: FACULTY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
