/** The faculty's time zone: its calendar days decide "today" wherever the server or the browser runs. */
export const FACULTY_TIME_ZONE = 'America/Asuncion';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: FACULTY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date ('YYYY-MM-DD') in Asunción at `instant`. */
export function dateInAsuncion(instant: Date): string {
  const part = (type: 'year' | 'month' | 'day') => dayParts.formatToParts(instant).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether a calendar date ('YYYY-MM-DD') comes after today in Asunción (attendance cannot be taken then). */
export function isAfterToday(date: string, now: Date): boolean {
  return date > dateInAsuncion(now);
}
