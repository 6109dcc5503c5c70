import { describe, expect, it } from 'vitest';
import { mustUpdateFicha } from './enrolment.js';

describe('mustUpdateFicha', () => {
  it('holds a student back until their ficha is updated, and nobody else', () => {
    expect(mustUpdateFicha({ esAlumno: true, fichaActualizada: false })).toBe(true);
    expect(mustUpdateFicha({ esAlumno: true, fichaActualizada: true })).toBe(false);
    expect(mustUpdateFicha({ esAlumno: false, fichaActualizada: false })).toBe(false);
  });
});
