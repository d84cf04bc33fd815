import type { ListTicketsQuery, TicketSource } from '@atende/contracts';
import { sentiments, solvedStatuses } from '@atende/contracts/analysis-labels';
import {
  type ListSort,
  type ListValues,
  param,
  type SortSpec,
  writeListParams,
} from '../components/list/list-params.ts';
import type { ListState } from '../components/list/use-list-state.ts';
import type { QueryParams } from './api-client.ts';

// The tickets list's URL (`/tickets?sentiment=…&page=N`), read by the tickets screen and linked to
// by the dashboard: its names and values are the API's own (`GET /api/v1/tickets`, the contract's
// enums), so a filter reads the same from the URL to the request. The enums come from
// `@atende/contracts/analysis-labels` (plain data): the dashboard links here without loading zod.

const DATE_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A day (YYYY-MM-DD) or an exact instant (a dashboard link's window), else ''. */
function cleanDate(text: string): string {
  return DATE_RE.test(text) && !Number.isNaN(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text))
    ? text
    : '';
}

/** A CSAT bound as typed: a number from 0 to 10 (a decimal comma accepted), else ''. */
function cleanCsat(text: string): string {
  if (text === '') return '';
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 && n <= 10 ? String(n) : '';
}

/**
 * Where a ticket came from, as the 'Origem' filter and the list name it: one label per source of
 * the contract (a type-checked record: the contract's ticketSources array lives beside zod).
 */
export const ticketSourceLabels: Readonly<Record<TicketSource, string>> = {
  internal: 'Internos',
  digisac: 'DigiSac',
};
const ticketSources = Object.keys(ticketSourceLabels) as TicketSource[];

/**
 * The list's filters as the URL holds them (`?q=…&sentiment=…&page=N`), under the API's query
 * names (the search is `q` here, `search` in the API); the choices are the contract's enums.
 */
export const ticketListUrlSchema = {
  q: param.text(),
  start_date: param.cleaned(cleanDate),
  end_date: param.cleaned(cleanDate),
  sentiment: param.oneOf(sentiments),
  solved_status: param.oneOf(solvedStatuses),
  requires_escalation: param.flag(),
  contains_red_flags: param.flag(),
  /** Red flags or escalation (the dashboard's 'requer atenção' card). */
  requires_attention: param.flag(),
  /** Only tickets with an analysis (the dashboard's CSAT total). */
  analyzed: param.flag(),
  csat_lt: param.cleaned(cleanCsat),
  csat_gte: param.cleaned(cleanCsat),
  red_flag_term: param.text(),
  /** Made in Atende or come from DigiSac (the API's `source`). */
  source: param.oneOf(ticketSources),
};
export type TicketFilters = ListValues<typeof ticketListUrlSchema>;

type TicketSortColumn = ListTicketsQuery['sort'];
/** The list's order (the API's sort/order): newest first unless the URL says otherwise. */
export const ticketSortSpec: SortSpec<TicketSortColumn> = {
  columns: ['created_at', 'csat_score'],
  default: { by: 'created_at', order: 'desc' },
};
export type TicketSort = ListSort<TicketSortColumn>;
export type TicketListState = ListState<typeof ticketListUrlSchema, TicketSortColumn>;

/**
 * A link to the tickets list showing these filters (the others empty), on its first page: a link
 * never names a page or an order, the list's own pager and headers do.
 */
export function ticketsHref(filters: Partial<TicketFilters>): string {
  const query = writeListParams(ticketListUrlSchema, { values: filters }).toString();
  return query ? `/tickets?${query}` : '/tickets';
}

/** `GET /api/v1/tickets` query: the URL's `q` is the API's `search`; empty values left out. */
export function filtersToApiParams(filters: TicketFilters): QueryParams {
  const { q, ...rest } = Object.fromEntries(writeListParams(ticketListUrlSchema, { values: filters }));
  return q ? { search: q, ...rest } : rest;
}

/** São Paulo is UTC-3 all year: the day a date-time falls on there, for a date input. */
export function toDateInputValue(value: string): string {
  if (value === '' || value.length === 10) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
