import type { TicketList } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filtersToApiParams, type TicketFilters, type TicketSort } from '../../../lib/ticket-list-url.ts';
import { ticketKeys } from './keys.ts';

export const TICKETS_PER_PAGE = 20;

const apiParams = (filters: TicketFilters, sort: TicketSort) => ({
  ...filtersToApiParams(filters),
  sort: sort.by,
  order: sort.order,
});

export function getTickets(filters: TicketFilters, page: number, sort: TicketSort, signal?: AbortSignal) {
  return api.get<TicketList>('/api/v1/tickets', {
    params: { ...apiParams(filters, sort), page, per_page: TICKETS_PER_PAGE },
    signal,
  });
}

export function ticketsQueryOptions(filters: TicketFilters, page: number, sort: TicketSort) {
  return queryOptions({
    queryKey: ticketKeys.list(apiParams(filters, sort), page),
    queryFn: ({ signal }) => getTickets(filters, page, sort, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v1/tickets`: one server-side page of the tenant's tickets matching the filters, in `sort` order. */
export function useTickets(filters: TicketFilters, page: number, sort: TicketSort) {
  return useQuery(ticketsQueryOptions(filters, page, sort));
}
