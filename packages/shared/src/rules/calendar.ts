/** The faculty's time zone: its calendar days decide "today" wherever the server or the browser runs. */
export const FACULTY_TIME_ZONE = 'America/Asuncion';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: FACULTY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: FACULTY_TIME_ZONE, timeZoneName: 'longOffset' });

/** The zone's offset at `instant` as Intl says it (some microseconds a call: formatToParts builds its parts). */
function offsetOfZone(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const HOUR_MS = 3_600_000;
/** Offsets by UTC hour: Asunción's changes of offset (1931 on) all fell on a whole hour, UTC. */
const offsetByHour = new Map<number, number>();
const OFFSETS_KEPT = 100_000;

/**
 * The faculty zone's offset from UTC at `instant`, in minutes ('GMT-03:00' -> -180). Asked of the zone, never
 * fixed: Paraguay keeps UTC-3 all year only since October 2024, and UTC-4 was its winter before. Kept by the
 * hour once asked: a week or a calendar feed asks it for every class start and end (issue 45's feed spent a
 * third of its CPU here), always of the same few hours.
 */
export function asuncionOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let minutes = offsetByHour.get(hour);
  if (minutes === undefined) {
    if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
    minutes = offsetOfZone(instant);
    offsetByHour.set(hour, minutes);
  }
  return minutes;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** An offset in minutes as ISO 8601 writes it after a time: -180 -> '-03:00'. */
export const isoOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;

/** The faculty zone's offset at `instant` as ISO 8601 writes it: '-03:00'. */
export const asuncionOffset = (instant: Date) => isoOffset(asuncionOffsetMinutes(instant));

/** The calendar date ('YYYY-MM-DD') in Asunción at `instant`. */
export function dateInAsuncion(instant: Date): string {
  const part = (type: 'year' | 'month' | 'day') => dayParts.formatToParts(instant).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether a calendar date ('YYYY-MM-DD') comes after today in Asunción (attendance cannot be taken then). */
export function isAfterToday(date: string, now: Date): boolean {
  return date > dateInAsuncion(now);
}
