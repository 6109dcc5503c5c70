/**
 * Timetable of the seeds. Each section turn has three blocks a day, Monday to Saturday; the subject at
 * position i of a semester meets twice a week at the same block, three days apart (Monday and Thursday,
 * Tuesday and Friday, Wednesday and Saturday, by i mod 3), in block floor(i / 3) of its turn. Within a
 * semester (at most seven subjects, 14 of the turn's 18 slots) no two subjects overlap, so a student can take
 * every subject of a semester in one section, and the morning and evening turns never overlap at all. A
 * student with three subjects of a semester has a class every day from Monday to Saturday (issue 45).
 */
const BLOCKS: readonly (readonly [string, string])[] = [
  ['07:00', '08:30'],
  ['08:45', '10:15'],
  ['10:30', '12:00'],
  ['17:00', '18:30'],
  ['18:45', '20:15'],
  ['20:30', '22:00'],
];
/** Monday to Wednesday: each subject's first day; its second is three days later. */
const PAIRS = 3;
const BLOCKS_PER_TURN = 3;

export interface Slot {
  dia: number;
  horaInicio: string;
  horaFin: string;
  /** Equal keys overlap; different keys never do. */
  key: string;
}

/** Section letters: A, B, C… */
export function sectionName(sectionIndex: number): string {
  return String.fromCharCode(65 + sectionIndex);
}

/** Sections A, C, E… meet in the morning, B, D, F… in the evening. */
export function materiaSlots(materiaIndex: number, sectionIndex: number): [Slot, Slot] {
  if (materiaIndex > 6) throw new Error('a semester of the seed has at most seven subjects');
  const block = (sectionIndex % 2) * BLOCKS_PER_TURN + Math.floor(materiaIndex / PAIRS);
  const [horaInicio, horaFin] = BLOCKS[block]!;
  const slot = (dia: number): Slot => ({ dia, horaInicio, horaFin, key: `${dia}-${block}` });
  const first = (materiaIndex % PAIRS) + 1;
  return [slot(first), slot(first + PAIRS)];
}
