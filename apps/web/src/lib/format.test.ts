import { describe, expect, it } from 'vitest';
import {
  dayToInput,
  formatDate,
  formatDateTime,
  formatDuration,
  formatRelativeTime,
  formatTime,
  formatTotal,
  inputToDay,
  NO_DATE,
} from './format.ts';

describe('pt-BR dates in São Paulo', () => {
  it('formats a short date in São Paulo time, not UTC', () => {
    // 02:30 UTC on the 6th is still 23:30 on the 5th in São Paulo (UTC-3).
    expect(formatDate('2026-03-06T02:30:00Z')).toBe('05/03/2026');
  });

  it('formats a short date and time', () => {
    expect(formatDateTime('2026-03-05T17:30:00Z')).toBe('05/03/2026, 14:30');
    expect(formatDateTime(new Date('2026-12-31T23:59:00-03:00'))).toBe('31/12/2026, 23:59');
  });

  it('formats the time alone', () => {
    expect(formatTime('2026-03-05T12:05:00Z')).toBe('09:05');
  });

  it('shows a dash for what is not a date', () => {
    expect(formatDate('ontem')).toBe(NO_DATE);
    expect(formatDateTime(Number.NaN)).toBe(NO_DATE);
    expect(formatRelativeTime('nunca')).toBe(NO_DATE);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-20T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, 'agora mesmo'],
    [59 * second, 'agora mesmo'],
    [1 * minute, '1 min atrás'],
    [59 * minute + 59 * second, '59 min atrás'],
    [1 * hour, '1h atrás'],
    [23 * hour + 59 * minute, '23h atrás'],
    [1 * day, '1d atrás'],
    [6 * day + 23 * hour, '6d atrás'],
    [7 * day, '13/03/2026'],
    [40 * day, '08/02/2026'],
  ])('%i ms ago → %s', (elapsed, text) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(text);
  });

  it('treats a little clock skew as now and the real future as a date', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 30 * second), now)).toBe('agora mesmo');
    expect(formatRelativeTime('2026-04-01T12:00:00Z', now)).toBe('01/04/2026');
  });

  it('accepts ISO strings and defaults to the current time', () => {
    expect(formatRelativeTime(new Date().toISOString())).toBe('agora mesmo');
  });
});

describe('formatTotal', () => {
  it('groups thousands the pt-BR way and says "mais de" for an estimate', () => {
    expect(formatTotal(45)).toBe('45');
    expect(formatTotal(12345)).toBe('12.345');
    expect(formatTotal(10000, true)).toBe('mais de 10.000');
  });

  it('turns a typed dd/mm/aaaa into YYYY-MM-DD and back, refusing days that do not exist', () => {
    expect(dayToInput('2025-06-02')).toBe('02/06/2025');
    expect(dayToInput('2025-06-02T03:00:00Z')).toBe('');
    expect(inputToDay('02/06/2025')).toBe('2025-06-02');
    expect(inputToDay(' 29/02/2024 ')).toBe('2024-02-29');
    expect(inputToDay('29/02/2025')).toBeNull();
    expect(inputToDay('31/04/2025')).toBeNull();
    expect(inputToDay('02/06/25')).toBeNull();
    expect(inputToDay('2025-06-02')).toBeNull();
  });
});

describe('formatDuration (waiting times)', () => {
  it('reads as minutes, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('< 1 min');
    expect(formatDuration(59)).toBe('< 1 min');
    expect(formatDuration(12 * 60 + 30)).toBe('12 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
    expect(formatDuration(26 * 3600 + 10 * 60)).toBe('26 h 10 min');
  });

  it('shows a dash when unknown', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});
