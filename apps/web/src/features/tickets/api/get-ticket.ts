import type { Ticket } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';

export function getTicket(id: string, signal?: AbortSignal) {
  return api.get<Ticket>(`/api/v1/tickets/${encodeURIComponent(id)}`, { signal });
}

/** Client errors (unknown id, another tenant's) will not change by asking again. */
function retryUnlessClientError(failures: number, error: Error) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 3;
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['tickets', 'detail', id],
    queryFn: ({ signal }) => getTicket(id, signal),
    retry: retryUnlessClientError,
  });
}

/** `GET /api/v1/tickets/{id}`. */
export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
