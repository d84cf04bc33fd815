import { describe, expect, it } from 'vitest';
import { maskDay } from './date-field.tsx';

describe('maskDay', () => {
  it('puts the slashes in as digits are typed or pasted, and keeps at most a whole day', () => {
    expect(maskDay('')).toBe('');
    expect(maskDay('0')).toBe('0');
    expect(maskDay('02')).toBe('02');
    expect(maskDay('020')).toBe('02/0');
    expect(maskDay('02062025')).toBe('02/06/2025');
    expect(maskDay('02/06/2025')).toBe('02/06/2025');
    expect(maskDay('2025-06-02')).toBe('20/25/0602');
    expect(maskDay('02/06/20251')).toBe('02/06/2025');
    expect(maskDay('ab02cd06')).toBe('02/06');
  });
});
