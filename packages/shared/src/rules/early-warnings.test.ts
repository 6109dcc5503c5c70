import { describe, expect, it } from 'vitest';
import { earlyWarnings, type AlumnoStanding } from './early-warnings.js';

const P = true;
const A = false;
/** Sessions on consecutive Mondays from 2026-03-02, with the given marks. */
const marks = (...m: (boolean | null)[]) =>
  m.map((presente, i) => ({ fecha: new Date(Date.UTC(2026, 2, 2 + 7 * i)).toISOString().slice(0, 10), presente }));
const scored = (...pairs: [number, number, number?][]) =>
  pairs.map(([puntaje, total, peso = 0]) => ({ puntaje, total, peso }));

const standing = (s: Partial<AlumnoStanding>): AlumnoStanding => ({
  marcas: [],
  sesionesPlanificadas: 16,
  asistenciaManual: null,
  tareasPlanificadas: 0,
  calificadas: [],
  usaPesos: false,
  minAsistenciaExamen: 70,
  minPPFinal: 50,
  ...s,
});

const cases: { name: string; s: Partial<AlumnoStanding>; causes: string[]; detalle?: RegExp }[] = [
  { name: 'two absences of two sessions: too early', s: { marcas: marks(A, A), sesionesPlanificadas: 3 }, causes: [] },
  {
    name: 'three absences in a row on the third session',
    s: { marcas: marks(A, A, A) },
    causes: ['ausencias-consecutivas'],
    detalle: /3 ausencias seguidas, del 02\/03\/2026 al 16\/03\/2026/,
  },
  { name: 'three absences not in a row', s: { marcas: marks(A, A, P, A) }, causes: [] },
  { name: 'a session not taken breaks the run', s: { marcas: marks(A, A, null, A) }, causes: [] },
  {
    name: 'minimum out of reach counting the planned sessions ahead (5 absences of 16)',
    s: { marcas: marks(P, A, P, A, P, A, P, A, P, A) },
    causes: ['asistencia-inalcanzable'],
    detalle: /Asistencia máxima alcanzable 68,8 %.*5 ausencias en 10 clases de 16 planificadas/,
  },
  { name: '4 absences of 16 still reach 75 %', s: { marcas: marks(P, A, P, A, P, A, P, A) }, causes: [] },
  {
    name: 'no planning: no projection, no attendance verdict',
    s: { marcas: marks(P, A, P, A, P, A), sesionesPlanificadas: 0 },
    causes: [],
  },
  {
    name: 'both attendance causes at once',
    s: { marcas: marks(A, A, A, A, A), sesionesPlanificadas: 10 },
    causes: ['asistencia-inalcanzable', 'ausencias-consecutivas'],
  },
  {
    name: 'one homework scored low: too early',
    s: { tareasPlanificadas: 2, calificadas: scored([1, 10]) },
    causes: [],
  },
  {
    name: 'two of six scored low: not half yet',
    s: { tareasPlanificadas: 6, calificadas: scored([1, 10], [2, 10]) },
    causes: [],
  },
  {
    name: 'three of six scored, PP of those 30 %',
    s: { tareasPlanificadas: 6, calificadas: scored([3, 10], [3, 10], [3, 10]) },
    causes: ['pp-bajo'],
    detalle: /PP de las tareas calificadas 30 % \(mínimo 50 %\): 3 de 6/,
  },
  {
    name: 'PP counted over the scored homework only, not the planned ones',
    s: { tareasPlanificadas: 4, calificadas: scored([6, 10], [5, 10]) },
    causes: [],
  },
  {
    name: 'weighted PP: 90 % of 10 and 10 % of 40 is 26 %',
    s: { tareasPlanificadas: 2, usaPesos: true, calificadas: scored([9, 10, 10], [1, 10, 40]) },
    causes: ['pp-bajo'],
    detalle: /26 %/,
  },
  {
    name: 'the minimum itself is no warning',
    s: { tareasPlanificadas: 2, calificadas: scored([5, 10], [5, 10]) },
    causes: [],
  },
];

describe('early warnings (issue 30)', () => {
  it.each(cases)('$name', ({ s, causes, detalle }) => {
    const found = earlyWarnings(standing(s));
    expect(found.map((a) => a.causa)).toEqual(causes);
    if (detalle) expect(found.map((a) => a.detalle).join(' | ')).toMatch(detalle);
  });
});
