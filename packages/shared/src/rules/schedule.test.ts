import { describe, expect, it } from 'vitest';
import { asuncionInstant, asuncionIso, classDates, classWeeks } from './schedule.js';

const clase = { dia: 1, primerDia: '2026-03-02', ultimoDia: '2026-03-30', diasSinClases: ['2026-03-16'] };

describe('schedule rules', () => {
  it('dates a Monday class within the range and the period, leaving holidays out', () => {
    expect(classDates(clase, '2026-02-01', '2026-12-31')).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(classDates(clase, '2026-03-03', '2026-03-22')).toEqual(['2026-03-09']);
    expect(classDates({ ...clase, dia: 6 }, '2026-03-01', '2026-03-08')).toEqual(['2026-03-07']);
    expect(classDates(clase, '2026-04-01', '2026-04-30')).toEqual([]);
  });

  it('states the same dates as a weekly rule with its exceptions', () => {
    expect(classWeeks(clase)).toEqual({ primera: '2026-03-02', ultima: '2026-03-30', excepciones: ['2026-03-16'] });
    expect(classWeeks({ ...clase, diasSinClases: ['2026-03-02'] })?.primera).toBe('2026-03-09');
    expect(classWeeks({ ...clase, primerDia: '2026-03-03', ultimoDia: '2026-03-08' })).toBeUndefined();
  });

  it("writes Asunción's wall-clock times as instants with their offset", () => {
    const at = asuncionInstant('2026-03-02', '07:00');
    expect(at.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(asuncionIso(at)).toBe('2026-03-02T07:00:00-03:00');
    // Before October 2024 Paraguay kept summer time (-03) and winter time (-04).
    expect(asuncionIso(asuncionInstant('2023-07-03', '07:30'))).toBe('2023-07-03T07:30:00-04:00');
  });
});
