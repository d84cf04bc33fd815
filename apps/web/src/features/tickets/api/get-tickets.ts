import type { Ticket } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filtersToApiParams, type TicketFilters } from '../lib/filters.ts';
import { ticketKeys } from './keys.ts';

export const TICKETS_PER_PAGE = 20;

export interface TicketList {
  tickets: Ticket[];
  total: number;
  /** More rows exist than `total` (a large unfiltered list is counted only that far). */
  total_is_estimate?: boolean;
  page: number;
  per_page: number;
}

export function getTickets(filters: TicketFilters, page: number, signal?: AbortSignal) {
  return api.get<TicketList>('/api/v1/tickets', {
    params: { ...filtersToApiParams(filters), page, per_page: TICKETS_PER_PAGE },
    signal,
  });
}

export function ticketsQueryOptions(filters: TicketFilters, page: number) {
  return queryOptions({
    queryKey: ticketKeys.list(filtersToApiParams(filters), page),
    queryFn: ({ signal }) => getTickets(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v1/tickets`: one server-side page of the tenant's tickets matching the filters. */
export function useTickets(filters: TicketFilters, page: number) {
  return useQuery(ticketsQueryOptions(filters, page));
}
