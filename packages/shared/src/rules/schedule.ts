import { asuncionOffsetMinutes as offsetMinutes, isoOffset } from './calendar.js';

/*
 * The one computation of 'Mi horario' (issue 45): a weekly class row of a period dated on each of its days
 * between the period's first and last class day, the days without classes left out. The API answers these
 * occurrences, and the calendar feed states the same as a weekly rule with the same first day, last day and
 * exceptions (classWeeks), so the two cannot disagree.
 */

/** The instant `instant` as ISO 8601 with Asunción's offset: '2026-03-02T07:00:00-03:00'. */
export function asuncionIso(instant: Date): string {
  const offset = offsetMinutes(instant);
  const local = new Date(instant.getTime() + offset * 60_000);
  return `${local.toISOString().slice(0, 19)}${isoOffset(offset)}`;
}

/** The instant of the wall-clock time `hhmm` ('07:00') on `date` ('2026-03-02') in Asunción. */
export function asuncionInstant(date: string, hhmm: string): Date {
  const asUtc = Date.parse(`${date}T${hhmm.slice(0, 5)}:00Z`);
  // The offset at the guess, then at the corrected instant: right on both sides of a change of offset.
  const first = asUtc - offsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - offsetMinutes(new Date(first)) * 60_000);
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 Monday … 7 Sunday, as `horarios.dia` (DIAS_SEMANA). */
const weekdayOf = (day: number) => ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;

/** A weekly class row with the dates that bound it. */
export interface ClaseSemanal {
  /** 1 Lunes … 7 Domingo. */
  dia: number;
  /** The period's first and last class day, aaaa-mm-dd. */
  primerDia: string;
  ultimoDia: string;
  /** The period's days without classes, aaaa-mm-dd. */
  diasSinClases: readonly string[];
}

/**
 * The dates (aaaa-mm-dd) a weekly class meets between `desde` and `hasta` (included), within its period's
 * class days, holidays left out.
 */
export function classDates(clase: ClaseSemanal, desde: string, hasta: string): string[] {
  const from = Math.max(dayNumber(desde), dayNumber(clase.primerDia));
  const to = Math.min(dayNumber(hasta), dayNumber(clase.ultimoDia));
  const skip = new Set(clase.diasSinClases);
  const out: string[] = [];
  let day = from + ((clase.dia - weekdayOf(from) + 7) % 7);
  for (; day <= to; day += 7) {
    const date = dateOf(day);
    if (!skip.has(date)) out.push(date);
  }
  return out;
}

/**
 * The weekly rule of a class over its whole period, as the feed writes it: the first day it meets, the last
 * (the rule's UNTIL) and the holidays in between on its weekday (EXDATE). Undefined when it never meets.
 */
export function classWeeks(
  clase: ClaseSemanal,
): { primera: string; ultima: string; excepciones: string[] } | undefined {
  const dates = classDates({ ...clase, diasSinClases: [] }, clase.primerDia, clase.ultimoDia);
  const skip = new Set(clase.diasSinClases);
  const meets = dates.filter((d) => !skip.has(d));
  if (meets.length === 0) return undefined;
  const primera = meets[0]!;
  const ultima = meets[meets.length - 1]!;
  return { primera, ultima, excepciones: dates.filter((d) => skip.has(d) && d > primera && d < ultima) };
}

/**
 * How long an exam is shown to last: an exam keeps only its start (examenes.fecha), and a calendar event needs
 * an end. Two hours, the usual sitting.
 */
export const EXAMEN_DURACION_MINUTOS = 120;
