import { directions, type MessageList } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListValues, param } from '../../../components/list/list-params.ts';
import { api, type QueryParams } from '../../../lib/api-client.ts';
import { currentTenantId, messageKeys } from './keys.ts';

export const messagesPerPage = 20;

/** The list's search and filters as the URL holds them (`?q=…&direction=…&flagged=true&ticket_id=…`). */
export const messagesList = {
  q: param.text(),
  direction: param.oneOf(directions),
  flagged: param.flag(),
  ticket_id: param.uuid(),
};
export type MessagesFilters = ListValues<typeof messagesList>;

/** The API's query: the URL's `q` is its `search`; 'Apenas marcadas' off sends no `flagged`. */
export function messagesApiParams({ q, flagged, ...filters }: MessagesFilters, page: number): QueryParams {
  return { ...filters, search: q, flagged: flagged || undefined, page, per_page: messagesPerPage };
}

/** `GET /api/v1/messages`: newest first, each with its newest analysis, filtered as the URL says. */
export function messagesQueryOptions(tenantId: string, filters: MessagesFilters, page: number) {
  const params = messagesApiParams(filters, page);
  return queryOptions({
    queryKey: messageKeys.list(tenantId, params),
    queryFn: ({ signal }) => api.get<MessageList>('/api/v1/messages', { params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(filters: MessagesFilters, page: number) {
  return useQuery(messagesQueryOptions(currentTenantId(), filters, page));
}
