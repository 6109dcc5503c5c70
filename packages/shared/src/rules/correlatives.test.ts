import { describe, expect, it } from 'vitest';
import { correlativasPendientes, correlativaCycle, type AvanceCorrelativa } from './correlatives.js';

describe('correlatives', () => {
  const req = [
    { materiaMallaId: 1, materia: 'Cálculo I', condicion: 'regular' as const },
    { materiaMallaId: 2, materia: 'Física I', condicion: 'aprobada' as const },
  ];
  it.each<[AvanceCorrelativa, AvanceCorrelativa, string[], string[]]>([
    [
      'ninguno',
      'ninguno',
      ['Correlativa pendiente: Cálculo I (regularizada)', 'Correlativa pendiente: Física I (aprobada)'],
      ['Correlativa pendiente: Cálculo I (aprobada)', 'Correlativa pendiente: Física I (aprobada)'],
    ],
    [
      'regular',
      'regular',
      ['Correlativa pendiente: Física I (aprobada)'],
      ['Correlativa pendiente: Cálculo I (aprobada)', 'Correlativa pendiente: Física I (aprobada)'],
    ],
    ['regular', 'aprobada', [], ['Correlativa pendiente: Cálculo I (aprobada)']],
    ['aprobada', 'aprobada', [], []],
  ])('progress %s / %s: enrol %j, exam %j', (a1, a2, enrol, examen) => {
    const avance = (id: number) => (id === 1 ? a1 : a2);
    expect(correlativasPendientes(req, avance, 'enrol')).toEqual(enrol);
    expect(correlativasPendientes(req, avance, 'exam')).toEqual(examen);
  });

  it('finds the cycle a new list would close, and none otherwise', () => {
    const graph = new Map([
      [2, [1]],
      [3, [2]],
    ]);
    expect(correlativaCycle(graph, 1, [3])).toEqual([1, 3, 2, 1]);
    expect(correlativaCycle(graph, 1, [1])).toEqual([1, 1]);
    expect(correlativaCycle(graph, 4, [3, 2])).toBeUndefined();
    expect(correlativaCycle(graph, 1, [])).toBeUndefined();
  });
});
