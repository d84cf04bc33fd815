import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const now = Date.parse('2026-03-05T15:00:00Z');
const ago = (ms: number) => timeAgo(new Date(now - ms).toISOString(), now);

describe('timeAgo', () => {
  it('says minutes, hours and days the pt-BR way', () => {
    expect(ago(10_000)).toBe('agora mesmo');
    expect(ago(2 * 60_000 + 5_000)).toBe('há 2 min');
    expect(ago(59 * 60_000)).toBe('há 59 min');
    expect(ago(3 * 3_600_000)).toBe('há 3 h');
    expect(ago(25 * 3_600_000)).toBe('há 1 dia');
    expect(ago(3 * 86_400_000)).toBe('há 3 dias');
  });

  it('gives the São Paulo date and time beyond a week, or ahead of the clock', () => {
    expect(timeAgo('2026-02-20T15:00:00Z', now)).toBe('20/02/2026, 12:00');
    expect(timeAgo('2026-03-05T15:05:00Z', now)).toBe('05/03/2026, 12:05');
    expect(ago(-30_000)).toBe('agora mesmo'); // a clock a little behind the server's
  });

  it('shows a dash for what is not a date', () => {
    expect(timeAgo('ontem', now)).toBe('—');
  });
});
