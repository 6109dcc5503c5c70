import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDocumentNumber, formatPercent, parseDate } from './format';

describe('format', () => {
  it('writes dates as dd/MM/yyyy, timestamps in America/Asuncion', () => {
    expect(formatDate('2025-03-01')).toBe('01/03/2025');
    // 02:30 UTC is still the 28th in Asunción (UTC-3).
    expect(formatDate('2025-03-01T02:30:00Z')).toBe('28/02/2025');
    expect(formatDateTime('2025-03-01T17:05:00Z')).toBe('01/03/2025 14:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('no es fecha')).toBe('');
  });

  it('reads dd/MM/yyyy strictly', () => {
    expect(parseDate('01/03/2025')).toBe('2025-03-01');
    expect(parseDate('31/02/2025')).toBeNull();
  });

  it('writes document numbers as Paraguay does', () => {
    expect(formatDocumentNumber(1234567)).toBe('1.234.567');
    expect(formatDocumentNumber('123456')).toBe('123.456');
    expect(formatDocumentNumber('1234')).toBe('1.234');
    expect(formatDocumentNumber('A-123')).toBe('A-123');
    expect(formatDocumentNumber(null)).toBe('');
  });

  it('writes counts with the thousands point (a receipt said 400143 bytes)', () => {
    expect(formatCount(400143)).toBe('400.143');
    expect(formatCount(70)).toBe('70');
    expect(formatCount(0)).toBe('0');
  });
});

describe('formatPercent', () => {
  it('shows every percentage as a whole number, halves rounded up, with the sign when asked', () => {
    expect(formatPercent(90.5)).toBe('91');
    expect(formatPercent(92.49)).toBe('92');
    expect(formatPercent(62.45, { sign: true })).toBe('62 %');
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(undefined, { empty: '-' })).toBe('-');
    expect(formatPercent(0, { sign: true })).toBe('0 %');
  });
});
