import type { HorarioOcurrencia } from '@arandu/shared';
import { describe, expect, it } from 'vitest';
import { daysTodayFirst, mondayOf, placeDay, weekDays } from './week';

const clase = (inicio: string, fin: string, materia = 'Cálculo I'): HorarioOcurrencia => ({
  tipo: 'clase',
  inicio: `2026-03-02T${inicio}:00-03:00`,
  fin: `2026-03-02T${fin}:00-03:00`,
  materia,
  seccion: 'A',
  aula: 'B-12',
  profesor: 'Pérez, Juan',
  materiaPeriodoId: 1,
});

describe('week layout', () => {
  it('finds the Monday and the six days of a week', () => {
    expect(mondayOf('2026-03-05')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(weekDays('2026-03-02')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
  });

  it('puts overlapping classes side by side as a clash, and the others alone', () => {
    const placed = placeDay([clase('07:00', '08:30', 'A'), clase('08:00', '09:00', 'B'), clase('10:00', '11:00', 'C')]);
    expect(placed.map((p) => [p.o.materia, p.lane, p.lanes, p.clash])).toEqual([
      ['A', 0, 2, true],
      ['B', 1, 2, true],
      ['C', 0, 1, false],
    ]);
    // Back to back is no clash.
    expect(placeDay([clase('07:00', '08:00'), clase('08:00', '09:00')]).every((p) => !p.clash)).toBe(true);
  });

  it('lists today first on a phone', () => {
    expect(daysTodayFirst(['L', 'M', 'X', 'J'], 'X')).toEqual(['X', 'J', 'L', 'M']);
    expect(daysTodayFirst(['L', 'M'], 'D')).toEqual(['L', 'M']);
  });
});
