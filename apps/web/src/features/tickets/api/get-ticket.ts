import type { Ticket } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './keys.ts';

export function getTicket(id: string, signal?: AbortSignal) {
  return api.get<Ticket>(`/api/v1/tickets/${encodeURIComponent(id)}`, { signal });
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => getTicket(id, signal),
  });
}

/** `GET /api/v1/tickets/{id}`. */
export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
