import { describe, expect, it } from 'vitest';
import type { TicketFilters } from '../../../lib/ticket-list-url.ts';
import {
  periodFromSearchParams,
  periodToApiParams,
  periodToSearchParams,
  type TicketsWindow,
  ticketsLink,
  windowParams,
} from './period.ts';

const read = (query: string) => periodFromSearchParams(new URLSearchParams(query));

describe('dashboard period ⇄ URL and API', () => {
  it('defaults to 30 days, keeps 7 and 90, ignores anything else', () => {
    expect(read('')).toEqual({ days: 30, start_date: '', end_date: '' });
    expect(read('days=7').days).toBe(7);
    expect(read('days=90').days).toBe(90);
    expect(read('days=5').days).toBe(30);
    expect(read('start_date=02/06/2025&end_date=2025-06-04')).toEqual({
      days: 30,
      start_date: '',
      end_date: '2025-06-04',
    });
  });

  it('sends days only without dates, and writes the default days nowhere', () => {
    expect(periodToApiParams(read('days=7'))).toEqual({ days: 7 });
    expect(periodToApiParams(read('days=7&start_date=2025-06-02'))).toEqual({
      start_date: '2025-06-02',
      end_date: undefined,
    });
    expect(periodToSearchParams(read('days=30')).toString()).toBe('');
    expect(periodToSearchParams(read('days=90')).toString()).toBe('days=90');
    expect(periodToSearchParams(read('days=90&start_date=2025-06-02&end_date=2025-06-04')).toString()).toBe(
      'start_date=2025-06-02&end_date=2025-06-04',
    );
  });

  it('links with the typed days, else the instants the server counted', () => {
    const server = { window_start: '2026-11-19T03:00:00.000Z', window_end: '2026-11-25T13:42:41.040Z' };
    expect(windowParams(read('days=7'), server)).toEqual({
      start_date: server.window_start,
      end_date: server.window_end,
    });
    expect(windowParams(read('start_date=2025-06-02&end_date=2025-06-04'), server)).toEqual({
      start_date: '2025-06-02',
      end_date: '2025-06-04',
    });
    expect(ticketsLink({ start_date: '2025-06-02', end_date: '2025-06-04' }, { sentiment: 'negative' })).toBe(
      '/tickets?start_date=2025-06-02&end_date=2025-06-04&sentiment=negative',
    );
  });

  it('links to the first page of the list, never a deeper one (issue 26, item 5)', () => {
    // A page handed in anyway (the types no longer allow one) is still never written.
    const link = ticketsLink(
      { start_date: '2025-06-02', end_date: '2025-06-04', page: '900' } as TicketsWindow,
      { page: '600' } as Partial<TicketFilters>,
    );
    expect(link).toBe('/tickets?start_date=2025-06-02&end_date=2025-06-04');
  });
});
