import { describe, expect, it } from 'vitest';
import { attendanceOutlook, type AttendanceFigures } from './attendance.js';

const figures = (f: Partial<AttendanceFigures>): AttendanceFigures => ({
  presentes: 0,
  tomadas: 0,
  planificadas: 0,
  minimo: 70,
  manual: null,
  ...f,
});

describe('attendance outlook against the exam minimum (issue 34)', () => {
  it('does not project without planned sessions: one absence in three is no verdict', () => {
    expect(attendanceOutlook(figures({ presentes: 2, tomadas: 3 }))).toBe('sin-planeamiento');
    expect(attendanceOutlook(figures({ presentes: 0, tomadas: 10 }))).toBe('sin-planeamiento');
    expect(attendanceOutlook(figures({}))).toBe('sin-planeamiento');
  });

  it('counts the planned sessions still ahead as present', () => {
    // 2 of 3 taken, 16 planned: 15 of 16 at best.
    expect(attendanceOutlook(figures({ presentes: 2, tomadas: 3, planificadas: 16 }))).toBe('alcanza');
    // 0 of 2 taken, 10 planned: 8 of 10 = 80 %.
    expect(attendanceOutlook(figures({ presentes: 0, tomadas: 2, planificadas: 10 }))).toBe('alcanza');
    // 7 of 10 exactly is still the minimum.
    expect(attendanceOutlook(figures({ presentes: 4, tomadas: 7, planificadas: 10 }))).toBe('alcanza');
    // 5 absences of 16 planned: 11 of 16 = 68.75 %.
    expect(attendanceOutlook(figures({ presentes: 5, tomadas: 10, planificadas: 16 }))).toBe('no-alcanza');
  });

  it('takes the sessions taken as the term when more were taken than planned', () => {
    expect(attendanceOutlook(figures({ presentes: 13, tomadas: 20, planificadas: 16 }))).toBe('no-alcanza');
    expect(attendanceOutlook(figures({ presentes: 14, tomadas: 20, planificadas: 16 }))).toBe('alcanza');
  });

  it('follows the minimum of the settings', () => {
    expect(attendanceOutlook(figures({ presentes: 5, tomadas: 10, planificadas: 16, minimo: 60 }))).toBe('alcanza');
  });

  it('reads a percentage entered by hand, with no sessions, as it stands', () => {
    expect(attendanceOutlook(figures({ manual: 75 }))).toBe('alcanza');
    expect(attendanceOutlook(figures({ manual: 50 }))).toBe('no-alcanza');
  });
});
