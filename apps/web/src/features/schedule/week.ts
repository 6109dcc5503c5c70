import type { HorarioOcurrencia } from '@arandu/shared';

/*
 * The week as the screen lays it out. An occurrence's `inicio` and `fin` carry Asunción's offset, so their first
 * characters are already the faculty's wall-clock date and time ('2026-03-02T07:00:00-03:00').
 */

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by `days` (aaaa-mm-dd). */
export const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days);

/** The Monday of the week of `date`. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Monday to Saturday of the week that starts on `monday`. */
export const weekDays = (monday: string) => [0, 1, 2, 3, 4, 5].map((d) => addDays(monday, d));

export const localDate = (iso: string) => iso.slice(0, 10);
export const localTime = (iso: string) => iso.slice(11, 16);
/** Minutes since midnight, wall clock. */
export const minutesOf = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

/** An occurrence placed in its day: its lane among those it overlaps, how many lanes, and whether it clashes. */
export interface Placed {
  o: HorarioOcurrencia;
  lane: number;
  lanes: number;
  clash: boolean;
}

/**
 * Lays out one day's occurrences: overlapping ones share the width side by side and are marked as a clash
 * (two classes, or a class and an exam, at the same time).
 */
export function placeDay(list: readonly HorarioOcurrencia[]): Placed[] {
  const sorted = [...list].sort(
    (a, b) => minutesOf(a.inicio) - minutesOf(b.inicio) || minutesOf(a.fin) - minutesOf(b.fin),
  );
  const out: Placed[] = [];
  let group: Placed[] = [];
  let groupEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...group.map((p) => p.lane + 1));
    for (const p of group) out.push({ ...p, lanes, clash: group.length > 1 });
    group = [];
  };
  for (const o of sorted) {
    if (group.length > 0 && minutesOf(o.inicio) >= groupEnd) close();
    const ends = group.map((p) => minutesOf(p.o.fin));
    let lane = 0;
    while (group.some((p, i) => p.lane === lane && ends[i]! > minutesOf(o.inicio))) lane++;
    group.push({ o, lane, lanes: 1, clash: false });
    groupEnd = Math.max(groupEnd, minutesOf(o.fin));
  }
  close();
  return out;
}

/** The occurrences of each date, by date. */
export function byDate(list: readonly HorarioOcurrencia[]): Map<string, HorarioOcurrencia[]> {
  const map = new Map<string, HorarioOcurrencia[]>();
  for (const o of list) {
    const day = localDate(o.inicio);
    map.set(day, [...(map.get(day) ?? []), o]);
  }
  return map;
}

/** The week's days for the phone's list: today first (when it is in the week), then the days after, then before. */
export function daysTodayFirst(days: readonly string[], today: string): string[] {
  const at = days.indexOf(today);
  return at < 0 ? [...days] : [...days.slice(at), ...days.slice(0, at)];
}
