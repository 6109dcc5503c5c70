/**
 * Timetable of the seeds. Each section turn has three blocks a day, Monday to Friday; the subject at
 * position i of a semester meets at slots i and i + 7 of its turn (always two different days). Within a
 * semester (at most seven subjects) no two subjects overlap, so a student can take every subject of a
 * semester in one section, and the morning and evening turns never overlap at all.
 */
const BLOCKS: readonly (readonly [string, string])[] = [
  ['07:00', '08:30'],
  ['08:45', '10:15'],
  ['10:30', '12:00'],
  ['17:00', '18:30'],
  ['18:45', '20:15'],
  ['20:30', '22:00'],
];
const DAYS = 5;
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
  const turn = sectionIndex % 2;
  const slot = (k: number): Slot => {
    const block = turn * BLOCKS_PER_TURN + Math.floor(k / DAYS);
    const [horaInicio, horaFin] = BLOCKS[block]!;
    const dia = (k % DAYS) + 1;
    return { dia, horaInicio, horaFin, key: `${dia}-${block}` };
  };
  return [slot(materiaIndex), slot(materiaIndex + 7)];
}
