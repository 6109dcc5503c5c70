import { describe, expect, it } from 'vitest';
import { asuncionOffset, asuncionOffsetMinutes, dateInAsuncion, isAfterToday } from './calendar.js';

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

  it('asks the zone for its offset: UTC-3 now, UTC-4 in a winter before October 2024', () => {
    expect(asuncionOffset(new Date('2026-03-02T10:00:00Z'))).toBe('-03:00');
    expect(asuncionOffset(new Date('2026-07-15T12:00:00Z'))).toBe('-03:00');
    expect(asuncionOffset(new Date('2023-07-15T12:00:00Z'))).toBe('-04:00');
    expect(asuncionOffsetMinutes(new Date('2023-07-15T12:00:00Z'))).toBe(-240);
  });

  it('keeps by the hour what the zone says, on both sides of every change of offset (2023 and 2024, every 90 minutes)', () => {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Asuncion', timeZoneName: 'longOffset' });
    const told = (at: Date) =>
      zone
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')!
        .value.replace('GMT', '');
    const seen = new Set<string>();
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2025, 0, 1); t += 5_400_000) {
      const at = new Date(t);
      // Asked twice: the first answer is the zone's, the second the one kept.
      expect([asuncionOffset(at), asuncionOffset(at)]).toEqual([told(at), told(at)]);
      seen.add(told(at));
    }
    expect(seen).toEqual(new Set(['-03:00', '-04:00']));
  }, 30_000);
});
