import { asuncionOffset, dateInAsuncion } from '@arandu/shared';
import type { PeriodoFechas } from '../modules/periods/periods.repository.js';

const DAY_MS = 86_400_000;

export interface Semester {
  anho: number;
  esSemestrePar: boolean;
}

export interface PeriodoPlan extends Semester, PeriodoFechas {
  nombre: string;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// A day's first and last second in Asunción, with the zone's offset on that day (asked of the zone: a past
// period of the scale seed can fall in a winter of UTC-4, before October 2024). Read at noon UTC: Paraguay
// changed its clocks at midnight, so noon has the day's offset.
const offsetOn = (date: string) => asuncionOffset(new Date(`${date}T12:00:00Z`));
export const startOf = (date: string) => `${date}T00:00:00${offsetOn(date)}`;
export const endOf = (date: string) => `${date}T23:59:59${offsetOn(date)}`;

/** February to July is the odd (first) semester; August to January the even one, of the year it began. */
export function semesterAt(instant: Date): Semester {
  const [year, month] = dateInAsuncion(instant).split('-').map(Number) as [number, number];
  if (month >= 2 && month <= 7) return { anho: year, esSemestrePar: false };
  return { anho: month === 1 ? year - 1 : year, esSemestrePar: true };
}

export function previousSemester(s: Semester): Semester {
  return s.esSemestrePar ? { anho: s.anho, esSemestrePar: false } : { anho: s.anho - 1, esSemestrePar: true };
}

export function semesterName(s: Semester): string {
  return s.esSemestrePar ? 'Segundo Semestre' : 'Primer Semestre';
}

/** A finished semester on the faculty's usual calendar. */
export function pastPeriodo(s: Semester): PeriodoPlan {
  const y = s.anho;
  const d = s.esSemestrePar
    ? {
        ins: [`${y}-07-20`, `${y}-08-05`],
        clases: [`${y}-08-10`, `${y}-12-11`],
        tareas: `${y}-12-23`,
        plan: `${y}-09-10`,
      }
    : {
        ins: [`${y}-02-02`, `${y}-02-25`],
        clases: [`${y}-03-02`, `${y}-07-10`],
        tareas: `${y}-07-24`,
        plan: `${y}-04-01`,
      };
  return {
    ...s,
    nombre: semesterName(s),
    inicioPeriodoInscripcion: startOf(d.ins[0]!),
    finPeriodoInscripcion: endOf(d.ins[1]!),
    inicioClases: startOf(d.clases[0]!),
    finClases: endOf(d.clases[1]!),
    finCalificarTareas: endOf(d.tareas),
    finEditarPlaneamiento: endOf(d.plan),
  };
}

/**
 * The semester under way at `now`, with its enrolment window open that day (from a week before to two weeks
 * after), classes just begun and every deadline ahead, so each screen of the demo can be tried at once.
 */
export function activePeriodo(now: Date): PeriodoPlan {
  const today = dateInAsuncion(now);
  const s = semesterAt(now);
  return {
    ...s,
    nombre: semesterName(s),
    inicioPeriodoInscripcion: startOf(addDays(today, -7)),
    finPeriodoInscripcion: endOf(addDays(today, 14)),
    inicioClases: startOf(addDays(today, -3)),
    finClases: endOf(addDays(today, 120)),
    finCalificarTareas: endOf(addDays(today, 134)),
    finEditarPlaneamiento: endOf(addDays(today, 45)),
  };
}
