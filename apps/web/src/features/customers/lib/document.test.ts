import { describe, expect, it } from 'vitest';
import { documentDigits, formatDocument } from './document.ts';

describe('formatDocument', () => {
  it('formats a CPF (11 digits)', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
  });

  it('formats a CNPJ (14 digits)', () => {
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('formats from any punctuation already typed', () => {
    expect(formatDocument('529 982 247/25')).toBe('529.982.247-25');
    expect(formatDocument('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });

  it('leaves anything else as it came', () => {
    expect(formatDocument('12345')).toBe('12345');
    expect(formatDocument('')).toBe('');
  });

  it('documentDigits keeps the digits only', () => {
    expect(documentDigits('529.982.247-25')).toBe('52998224725');
  });
});
