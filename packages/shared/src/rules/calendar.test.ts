import { describe, expect, it } from 'vitest';
import { dateInAsuncion, isAfterToday } from './calendar.js';

describe('calendar days in Asunción (UTC-3)', () => {
  it("is the day it is in Asunción, not UTC's", () => {
    expect(dateInAsuncion(new Date('2026-03-16T02:59:59Z'))).toBe('2026-03-15');
    expect(dateInAsuncion(new Date('2026-03-16T03:00:00Z'))).toBe('2026-03-16');
  });

  it('calls a date after that day the future, and today or before not', () => {
    const lateEvening = new Date('2026-03-16T02:30:00Z');
    expect(isAfterToday('2026-03-16', lateEvening)).toBe(true);
    expect(isAfterToday('2026-03-15', lateEvening)).toBe(false);
    expect(isAfterToday('2026-03-14', lateEvening)).toBe(false);
    expect(isAfterToday('2027-01-01', lateEvening)).toBe(true);
  });
});
