import { describe, expect, it } from 'vitest';
import { countOf } from './words.js';

describe('countOf', () => {
  it('agrees the words with the count: singular for one only', () => {
    expect(countOf(1, 'alumno inscripto', 'alumnos inscriptos')).toBe('1 alumno inscripto');
    expect(countOf(2, 'alumno inscripto', 'alumnos inscriptos')).toBe('2 alumnos inscriptos');
    expect(countOf(0, 'fila', 'filas')).toBe('0 filas');
  });
});
