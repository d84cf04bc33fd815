import { describe, expect, it } from 'vitest';
import {
  defaultSort,
  emptyFilters,
  filtersFromSearchParams,
  filtersToApiParams,
  filtersToSearchParams,
  hasActiveFilters,
  pageFromSearchParams,
  sortFromSearchParams,
  toDateInputValue,
  withSort,
} from './filters.ts';

describe('ticket filters ⇄ URL', () => {
  const full = {
    q: 'procon',
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    sentiment: 'negative' as const,
    solved_status: 'not_solved' as const,
    requires_escalation: true,
    contains_red_flags: true,
    requires_attention: true,
    analyzed: true,
    csat_lt: '7',
    csat_gte: '2.5',
    red_flag_term: 'anatel',
  };

  it('writes every filter under its spec name and reads it back unchanged', () => {
    const params = filtersToSearchParams(full);
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
    });
    expect(filtersFromSearchParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('leaves empty values out (spec §5)', () => {
    expect(filtersToSearchParams(emptyFilters).toString()).toBe('');
    expect(filtersToSearchParams({ ...emptyFilters, q: '  ', sentiment: 'positive' }).toString()).toBe(
      'sentiment=positive',
    );
    expect(hasActiveFilters(emptyFilters)).toBe(false);
    expect(hasActiveFilters({ ...emptyFilters, contains_red_flags: true })).toBe(true);
  });

  it('sends the URL q as the API search and keeps the other names', () => {
    expect(filtersToApiParams({ ...emptyFilters, q: 'geladeira', csat_lt: '7' })).toEqual({
      search: 'geladeira',
      csat_lt: '7',
    });
    expect(filtersToApiParams(emptyFilters)).toEqual({});
  });

  it('ignores what a hand-edited URL gets wrong', () => {
    const read = filtersFromSearchParams(
      new URLSearchParams(
        'sentiment=furious&solved_status=x&csat_lt=11&csat_gte=-1&start_date=ontem&requires_escalation=sim',
      ),
    );
    expect(read).toEqual(emptyFilters);
  });

  it('accepts a decimal comma and ISO date-times (dashboard links)', () => {
    const read = filtersFromSearchParams(
      new URLSearchParams('csat_gte=6,5&start_date=2026-03-01T03:00:00.000Z&contains_red_flags=1'),
    );
    expect(read.csat_gte).toBe('6.5');
    expect(read.start_date).toBe('2026-03-01T03:00:00.000Z');
    expect(read.contains_red_flags).toBe(true);
  });

  it('keeps the page in the URL past page 1', () => {
    expect(filtersToSearchParams(emptyFilters, 3).toString()).toBe('page=3');
    expect(filtersToSearchParams(emptyFilters, 1).toString()).toBe('');
    expect(pageFromSearchParams(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromSearchParams(new URLSearchParams('page=-2'))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams('page=abc'))).toBe(1);
  });

  it('shows a date-time as its São Paulo day in a date input', () => {
    expect(toDateInputValue('2026-03-01')).toBe('2026-03-01');
    expect(toDateInputValue('2026-03-02T02:59:00Z')).toBe('2026-03-01');
    expect(toDateInputValue('2026-03-02T03:00:00Z')).toBe('2026-03-02');
    expect(toDateInputValue('')).toBe('');
  });

  it('keeps the order in the URL only when it is not newest first', () => {
    expect(sortFromSearchParams(new URLSearchParams(''))).toEqual({ by: 'created_at', order: 'desc' });
    expect(sortFromSearchParams(new URLSearchParams('sort=csat_score&order=asc'))).toEqual({
      by: 'csat_score',
      order: 'asc',
    });
    expect(sortFromSearchParams(new URLSearchParams('sort=title&order=up'))).toEqual(defaultSort);
    expect(withSort(new URLSearchParams('q=x'), defaultSort).toString()).toBe('q=x');
    expect(withSort(new URLSearchParams('q=x'), { by: 'csat_score', order: 'desc' }).toString()).toBe(
      'q=x&sort=csat_score',
    );
    expect(withSort(new URLSearchParams(), { by: 'created_at', order: 'asc' }).toString()).toBe('order=asc');
  });
});
