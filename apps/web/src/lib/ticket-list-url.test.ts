import { describe, expect, it } from 'vitest';
import { emptyValues, readListParams, writeListParams } from '../components/list/list-params.ts';
import {
  filtersToApiParams,
  type TicketFilters,
  ticketListUrlSchema,
  ticketSortSpec,
  ticketsHref,
  toDateInputValue,
} from './ticket-list-url.ts';

const read = (query: string) =>
  readListParams(ticketListUrlSchema, new URLSearchParams(query), ticketSortSpec);
const write = (values: Partial<TicketFilters>, page?: number) =>
  writeListParams(ticketListUrlSchema, { values, page }, ticketSortSpec);
const none = emptyValues(ticketListUrlSchema);

describe('ticket filters ⇄ URL', () => {
  const full: TicketFilters = {
    q: 'procon',
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    sentiment: 'negative',
    solved_status: 'not_solved',
    requires_escalation: true,
    contains_red_flags: true,
    requires_attention: true,
    analyzed: true,
    csat_lt: '7',
    csat_gte: '2.5',
    red_flag_term: 'anatel',
    source: 'digisac',
  };

  it('writes every filter under its URL name and reads it back unchanged', () => {
    const params = write(full);
    expect(Object.fromEntries(params)).toEqual({
      q: 'procon',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      sentiment: 'negative',
      solved_status: 'not_solved',
      requires_escalation: 'true',
      contains_red_flags: 'true',
      requires_attention: 'true',
      analyzed: 'true',
      csat_lt: '7',
      csat_gte: '2.5',
      red_flag_term: 'anatel',
      source: 'digisac',
    });
    expect(read(params.toString()).values).toEqual(full);
  });

  it('leaves empty values out', () => {
    expect(write(none).toString()).toBe('');
    expect(write({ ...none, q: '  ', sentiment: 'positive' }).toString()).toBe('sentiment=positive');
  });

  it('sends the URL q as the API search and keeps the other names', () => {
    expect(filtersToApiParams({ ...none, q: 'geladeira', csat_lt: '7' })).toEqual({
      search: 'geladeira',
      csat_lt: '7',
    });
    expect(filtersToApiParams({ ...none, requires_escalation: true })).toEqual({
      requires_escalation: 'true',
    });
    expect(filtersToApiParams({ ...none, source: 'internal' })).toEqual({ source: 'internal' });
    expect(filtersToApiParams(none)).toEqual({});
  });

  it('ignores what a hand-edited URL gets wrong', () => {
    expect(
      read(
        'sentiment=furious&solved_status=x&csat_lt=11&csat_gte=-1&start_date=ontem&requires_escalation=sim&source=whatsapp',
      ).values,
    ).toEqual(none);
  });

  it('accepts a decimal comma and ISO date-times (dashboard links)', () => {
    const { values } = read('csat_gte=6,5&start_date=2026-03-01T03:00:00.000Z&contains_red_flags=1');
    expect(values.csat_gte).toBe('6.5');
    expect(values.start_date).toBe('2026-03-01T03:00:00.000Z');
    expect(values.contains_red_flags).toBe(true);
  });

  it('keeps the page in the URL past page 1', () => {
    expect(write(none, 3).toString()).toBe('page=3');
    expect(write(none, 1).toString()).toBe('');
    expect(read('page=3').page).toBe(3);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
  });

  it('shows a date-time as its São Paulo day in a date input', () => {
    expect(toDateInputValue('2026-03-01')).toBe('2026-03-01');
    expect(toDateInputValue('2026-03-02T02:59:00Z')).toBe('2026-03-01');
    expect(toDateInputValue('2026-03-02T03:00:00Z')).toBe('2026-03-02');
    expect(toDateInputValue('')).toBe('');
  });

  it('keeps the order in the URL only when it is not newest first', () => {
    expect(read('').sort).toEqual({ by: 'created_at', order: 'desc' });
    expect(read('sort=csat_score&order=asc').sort).toEqual({ by: 'csat_score', order: 'asc' });
    expect(read('sort=title&order=up').sort).toEqual(ticketSortSpec.default);
    const withSort = (sort: typeof ticketSortSpec.default) =>
      writeListParams(ticketListUrlSchema, { values: { q: 'x' }, sort }, ticketSortSpec).toString();
    expect(withSort(ticketSortSpec.default)).toBe('q=x');
    expect(withSort({ by: 'csat_score', order: 'desc' })).toBe('q=x&sort=csat_score');
    expect(withSort({ by: 'created_at', order: 'asc' })).toBe('q=x&order=asc');
  });

  it('links to the list with the filters given, never a page or an order', () => {
    expect(ticketsHref({ sentiment: 'negative', requires_escalation: true })).toBe(
      '/tickets?sentiment=negative&requires_escalation=true',
    );
    expect(ticketsHref({ q: ' ', csat_lt: '' })).toBe('/tickets');
    expect(ticketsHref({ source: 'digisac' })).toBe('/tickets?source=digisac');
    const withPage = { red_flag_term: 'procon', page: '3', sort: 'csat_score' } as Partial<TicketFilters>;
    expect(ticketsHref(withPage)).toBe('/tickets?red_flag_term=procon');
  });
});
