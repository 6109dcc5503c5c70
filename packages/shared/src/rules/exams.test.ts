import { describe, expect, it } from 'vitest';
import { MSG_EXAMENES } from '../messages-exams.js';
import { SETTINGS_DEFAULTS } from '../settings.js';
import {
  calificacionPendiente,
  computeCalificacion,
  eligibility,
  gradeOfPercent,
  isActivoExpirado,
  misplacedTest,
  type EligibilityInput,
  type GradedRow,
} from './exams.js';

const cfg = SETTINGS_DEFAULTS;
const NOW = new Date('2026-11-23T12:00:00Z');

describe('grade scale (DOMAIN.md 6)', () => {
  it.each([
    [0, 1],
    [59, 1],
    [59.4, 1],
    [59.5, 2],
    [60, 2],
    [69, 2],
    [70, 3],
    [79, 3],
    [80, 4],
    [89, 4],
    [90, 5],
    [100, 5],
  ])('%s%% is grade %s', (percent, grade) => {
    expect(gradeOfPercent(percent)).toBe(grade);
  });

  it('grades a Final from PP and PF, a PF under the minimum as 1 and no PF as Ausente', () => {
    const final = (pp: number | null, pf: number | null) =>
      computeCalificacion({ instancia: 0, porcentajePP: pp, porcentajePF: pf, porcentajePC: null }, cfg);
    expect(final(100, null)).toBe(0);
    expect(final(100, 49)).toBe(1);
    expect(final(0, 100)).toBe(2); // 60
    expect(final(50, 50)).toBe(1); // 50
    expect(final(75, 75)).toBe(3);
    expect(final(100, 100)).toBe(5);
  });

  it('grades a Recuperatorio from PC alone', () => {
    const recup = (pc: number | null) =>
      computeCalificacion({ instancia: 1, porcentajePP: 10, porcentajePF: 100, porcentajePC: pc }, cfg);
    expect(recup(null)).toBe(0);
    expect(recup(59)).toBe(1);
    expect(recup(60)).toBe(2);
    expect(recup(95)).toBe(5);
  });
});

describe('eligibility (DOMAIN.md 6)', () => {
  const base: EligibilityInput = {
    porcentajeAsistencia: 80,
    porcentajePP: 80,
    estadoMateria: 1,
    fechaExpiracion: '2027-06-01T00:00:00Z',
    yaAprobada: false,
    fechaLimiteInscripcion: '2026-11-30T00:00:00Z',
  };
  it.each<[string, Partial<EligibilityInput>, number, string | null]>([
    ['attendance under the minimum', { porcentajeAsistencia: 69 }, 3, MSG_EXAMENES.motivoAsistencia],
    ['no attendance recorded', { porcentajeAsistencia: null }, 3, MSG_EXAMENES.motivoAsistencia],
    ['unpublished', { estadoMateria: 0 }, 3, MSG_EXAMENES.motivoNoPublicada],
    ['expired', { fechaExpiracion: '2026-11-01T00:00:00Z' }, 3, MSG_EXAMENES.motivoExpirada],
    ['already passed', { yaAprobada: true }, 3, MSG_EXAMENES.motivoAprobada],
    ['past the limit date', { fechaLimiteInscripcion: '2026-11-22T00:00:00Z' }, 3, MSG_EXAMENES.motivoFechaLimite],
    ['PP under the minimum', { porcentajePP: 49 }, 1, null],
    ['attendance at the minimum, PP at the minimum', { porcentajeAsistencia: 70, porcentajePP: 50 }, 0, null],
    ['sealed subject-period', { estadoMateria: 2 }, 0, null],
  ])('%s', (_name, change, instancia, motivo) => {
    const decided = eligibility({ ...base, ...change }, cfg, NOW);
    expect(decided.instancia).toBe(instancia);
    if (motivo) expect(decided.motivo).toContain(motivo);
    else expect(decided.motivo).toBeNull();
  });

  it('names the figure that is the cause', () => {
    expect(eligibility({ ...base, porcentajeAsistencia: 10 }, cfg, NOW).causa).toBe('asistencia');
    expect(eligibility({ ...base, porcentajePP: 10 }, cfg, NOW).causa).toBe('pp');
  });

  it("shows 'Activo expirado' for a past exam not sealed", () => {
    expect(isActivoExpirado(0, '2026-11-01T00:00:00Z', NOW)).toBe(true);
    expect(isActivoExpirado(1, '2026-11-01T00:00:00Z', NOW)).toBe(false);
    expect(isActivoExpirado(0, '2026-12-01T00:00:00Z', NOW)).toBe(false);
  });
});

describe('a grade still to come (issue 34)', () => {
  const AHEAD = '2026-12-07T12:00:00Z';
  const PAST = '2026-11-16T12:00:00Z';
  const row = (over: Partial<GradedRow> = {}): GradedRow => ({
    instancia: 0,
    porcentajePP: 80,
    porcentajePF: null,
    porcentajePC: null,
    calificacion: 0,
    ...over,
  });
  const activo = (fecha: string) => ({ estado: 0, fecha });

  it('is empty while the exam is ahead and its decisive test not recorded', () => {
    expect(calificacionPendiente(row(), activo(AHEAD), NOW)).toBe(true);
    expect(calificacionPendiente(row({ instancia: 1, porcentajePF: 90 }), activo(AHEAD), NOW)).toBe(true);
    expect(calificacionPendiente(row({ instancia: 3 }), activo(AHEAD), NOW)).toBe(true);
  });

  it('is Ausente once the exam date has passed, or the exam is sealed', () => {
    expect(calificacionPendiente(row(), activo(PAST), NOW)).toBe(false);
    expect(calificacionPendiente(row(), { estado: 1, fecha: AHEAD }, NOW)).toBe(false);
    expect(calificacionPendiente(row(), { estado: 3, fecha: PAST }, NOW)).toBe(false);
  });

  it('never hides a recorded test or a grade, even a 0 % PF', () => {
    expect(calificacionPendiente(row({ porcentajePF: 0, calificacion: 1 }), activo(AHEAD), NOW)).toBe(false);
    expect(calificacionPendiente(row({ porcentajePF: 0 }), activo(AHEAD), NOW)).toBe(false);
    expect(calificacionPendiente(row({ instancia: 1, porcentajePC: 0 }), activo(AHEAD), NOW)).toBe(false);
    expect(calificacionPendiente(row({ calificacion: 4 }), activo(AHEAD), NOW)).toBe(false);
  });
});

describe('misplacedTest (issue 30): each instance takes only the test it sits', () => {
  it('refuses a PF for a Recuperatorio and a PC for a Final; a cleared or absent value is fine', () => {
    expect(misplacedTest(1, { porcentajePF: 80 })).toEqual({
      field: 'porcentajePF',
      message: MSG_EXAMENES.pfNotForRecuperatorio,
    });
    expect(misplacedTest(0, { porcentajePC: 0 })).toEqual({
      field: 'porcentajePC',
      message: MSG_EXAMENES.pcNotForFinal,
    });
    expect(misplacedTest(1, { porcentajePF: null, porcentajePC: 70 })).toBeNull();
    expect(misplacedTest(0, { porcentajePF: 70, porcentajePC: undefined })).toBeNull();
    expect(misplacedTest(2, { porcentajePF: 70 })).toBeNull();
  });
});
