import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.ts';

describe('formatPhone', () => {
  it('formats a DigiSac number (country code, no punctuation)', () => {
    expect(formatPhone('5541996910256')).toBe('+55 (41) 99691-0256');
  });

  it('formats a number typed with or without the country code', () => {
    expect(formatPhone('(41) 99691-0256')).toBe('+55 (41) 99691-0256');
    expect(formatPhone('+55 41 99691-0256')).toBe('+55 (41) 99691-0256');
    expect(formatPhone('41996910256')).toBe('+55 (41) 99691-0256');
  });

  it('formats a landline (8-digit subscriber number)', () => {
    expect(formatPhone('551130000000')).toBe('+55 (11) 3000-0000');
  });

  it('leaves what is not a Brazilian number as stored', () => {
    expect(formatPhone('+1 415 555 2671')).toBe('+1 415 555 2671');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('ramal 41996910256')).toBe('ramal 41996910256');
    expect(formatPhone('')).toBe('');
  });
});
