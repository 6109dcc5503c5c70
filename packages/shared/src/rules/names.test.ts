import { describe, expect, it } from 'vitest';
import { personInitials } from './names.js';

describe('personInitials', () => {
  it('takes the first name and the first surname', () => {
    expect(personInitials('Lucía', 'Ramírez Benítez')).toBe('LR');
    expect(personInitials('Ana María', 'Ñúñez')).toBe('AÑ');
  });
  it('copes with blanks and a missing part', () => {
    expect(personInitials('  éric ', '')).toBe('É');
    expect(personInitials(null, 'Gómez')).toBe('G');
    expect(personInitials('', '')).toBe('');
  });
});
