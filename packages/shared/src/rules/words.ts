/**
 * A count with the words that agree with it: countOf(1, 'alumno inscripto', 'alumnos inscriptos') is
 * '1 alumno inscripto', any other count takes the plural ('0 alumnos inscriptos'). Written out by whoever
 * writes a count, server messages and screens alike (issue 34 item 22: '1 alumnos inscriptos').
 */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
