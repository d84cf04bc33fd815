import type { QueryParams } from '../../../lib/api-client.ts';

/** The list filters as the screen holds them; '' and false mean "not set". */
export interface TicketFilters {
  q: string;
  start_date: string;
  end_date: string;
  sentiment: '' | FilterSentiment;
  solved_status: '' | FilterSolvedStatus;
  requires_escalation: boolean;
  contains_red_flags: boolean;
  /** Red flags or escalation (the dashboard's 'requer atenção' card). */
  requires_attention: boolean;
  /** Only tickets with an analysis (the dashboard's CSAT total). */
  analyzed: boolean;
  csat_lt: string;
  csat_gte: string;
  red_flag_term: string;
}

export const filterSentiments = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type FilterSentiment = (typeof filterSentiments)[number];
export const filterSolvedStatuses = ['solved', 'in_progress', 'not_solved'] as const;
export type FilterSolvedStatus = (typeof filterSolvedStatuses)[number];

export const emptyFilters: TicketFilters = {
  q: '',
  start_date: '',
  end_date: '',
  sentiment: '',
  solved_status: '',
  requires_escalation: false,
  contains_red_flags: false,
  requires_attention: false,
  analyzed: false,
  csat_lt: '',
  csat_gte: '',
  red_flag_term: '',
};

const textKeys = ['q', 'start_date', 'end_date', 'csat_lt', 'csat_gte', 'red_flag_term'] as const;
const DATE_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | '' {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : '';
}

/** A CSAT bound as typed: a number from 0 to 10, else ''. */
export function cleanCsat(value: string | null): string {
  const text = (value ?? '').trim().replace(',', '.');
  if (text === '') return '';
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= 10 ? String(n) : '';
}

function cleanDate(value: string | null): string {
  const text = (value ?? '').trim();
  return DATE_RE.test(text) && !Number.isNaN(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text))
    ? text
    : '';
}

const isTrue = (value: string | null) => value === 'true' || value === '1';

/** Reads the filters from the page's query string; anything unknown or malformed is ignored. */
export function filtersFromSearchParams(params: URLSearchParams): TicketFilters {
  return {
    q: (params.get('q') ?? '').trim(),
    start_date: cleanDate(params.get('start_date')),
    end_date: cleanDate(params.get('end_date')),
    sentiment: oneOf(filterSentiments, params.get('sentiment')),
    solved_status: oneOf(filterSolvedStatuses, params.get('solved_status')),
    requires_escalation: isTrue(params.get('requires_escalation')),
    contains_red_flags: isTrue(params.get('contains_red_flags')),
    requires_attention: isTrue(params.get('requires_attention')),
    analyzed: isTrue(params.get('analyzed')),
    csat_lt: cleanCsat(params.get('csat_lt')),
    csat_gte: cleanCsat(params.get('csat_gte')),
    red_flag_term: (params.get('red_flag_term') ?? '').trim(),
  };
}

/** The page's query string for these filters (empty values left out), plus the page when past 1. */
export function filtersToSearchParams(filters: TicketFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of textKeys) {
    const value = filters[key].trim();
    if (value !== '') params.set(key, value);
  }
  if (filters.sentiment) params.set('sentiment', filters.sentiment);
  if (filters.solved_status) params.set('solved_status', filters.solved_status);
  if (filters.requires_escalation) params.set('requires_escalation', 'true');
  if (filters.contains_red_flags) params.set('contains_red_flags', 'true');
  if (filters.requires_attention) params.set('requires_attention', 'true');
  if (filters.analyzed) params.set('analyzed', 'true');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The list's order (the API's sort/order): newest first unless the URL says otherwise. */
export interface TicketSort {
  by: 'created_at' | 'csat_score';
  order: 'asc' | 'desc';
}
export const defaultSort: TicketSort = { by: 'created_at', order: 'desc' };

export function sortFromSearchParams(params: URLSearchParams): TicketSort {
  return {
    by: params.get('sort') === 'csat_score' ? 'csat_score' : 'created_at',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** Adds the order to a query string unless it is the default (newest first). */
export function withSort(params: URLSearchParams, sort: TicketSort): URLSearchParams {
  if (sort.by !== defaultSort.by) params.set('sort', sort.by);
  if (sort.order !== defaultSort.order) params.set('order', sort.order);
  return params;
}

/** The page number in the query string (1 when absent or malformed). */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `GET /api/v1/tickets` query: the URL's `q` is the API's `search`; empty values left out. */
export function filtersToApiParams(filters: TicketFilters): QueryParams {
  const params: QueryParams = {};
  const { q, ...rest } = Object.fromEntries(filtersToSearchParams(filters));
  if (q) params.search = q;
  return { ...params, ...rest };
}

/** How many filters are in force. */
export function activeFilterCount(filters: TicketFilters): number {
  return filtersToSearchParams(filters).size;
}

export function hasActiveFilters(filters: TicketFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/** São Paulo is UTC-3 all year: the day a date-time falls on there, for a date input. */
export function toDateInputValue(value: string): string {
  if (value === '' || value.length === 10) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
