import {
  activePeriodo,
  pastPeriodo,
  previousSemester,
  semesterAt,
  type PeriodoPlan,
  type Semester,
} from './calendar.js';

/**
 * The shape of the scale data, computed before any SQL. Student k (0-based) studies career k % 5 in cohort
 * (k / 5) % 7 and sits in section (k / 35) % sections of its group; a cohort enters in an odd (first) semester
 * and takes semester s = p - start + 1 in period p. Seven cohorts over six periods give every period all
 * ten semesters' worth of students.
 */
export const COHORTS = 7;
export const PERIODOS = 6;
const ALUMNOS_PER_SECTION = 70;

export interface ScalePlan {
  /** Chronological; the last one is active. */
  periods: PeriodoPlan[];
  /** Index (into an extended chronology, negative before `periods[0]`) of the period each cohort entered. */
  cohortStart: number[];
  cohortYear: number[];
  /** Sections of group (career c, cohort j): `sections[c][j]`. */
  sections: number[][];
}

export function planScale(alumnos: number, carreras: number, now: Date): ScalePlan {
  const chronology: Semester[] = [semesterAt(now)];
  // Enough semesters back for the oldest cohort's entry (up to 8 before the first period).
  while (chronology.length < PERIODOS + 9) chronology.unshift(previousSemester(chronology[0]!));
  const first = chronology.length - PERIODOS;
  const periodos = chronology.slice(first).map((s, p) => (p === PERIODOS - 1 ? activePeriodo(now) : pastPeriodo(s)));

  // Cohorts enter in odd periods: offset 0 when the first period is odd, 1 when it is even.
  const offset = periodos[0]!.esSemestrePar ? 1 : 0;
  const cohortStart = Array.from({ length: COHORTS }, (_, j) => offset + 2 * j - 8);
  const cohortYear = cohortStart.map((q) => chronology[first + q]!.anho);

  const sizes = Array.from({ length: carreras }, () => new Array<number>(COHORTS).fill(0));
  for (let k = 0; k < alumnos; k++) sizes[k % carreras]![Math.floor(k / carreras) % COHORTS]!++;
  const sections = sizes.map((row) => row.map((n) => Math.max(1, Math.ceil(n / ALUMNOS_PER_SECTION))));
  return { periods: periodos, cohortStart, cohortYear, sections };
}

/** The cohort taking semester `semestre` in period `p`, if any. */
export function cohortOf(plan: ScalePlan, p: number, semestre: number): number | undefined {
  const j = plan.cohortStart.indexOf(p - semestre + 1);
  return j < 0 ? undefined : j;
}
