import type { Message } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentTenantId, messageKeys } from './keys.ts';

export const messagesPerPage = 20;

export interface MessagePage {
  messages: Message[];
  total: number;
  /** More rows exist than `total` (a large unfiltered list is counted only that far). */
  total_is_estimate?: boolean;
  page: number;
  per_page: number;
}

/** `GET /api/v1/messages?page=&per_page=&search=`: newest first, each with its newest analysis. */
export function getMessages(page: number, search: string, signal?: AbortSignal): Promise<MessagePage> {
  return api.get<MessagePage>('/api/v1/messages', {
    params: { page, per_page: messagesPerPage, search: search.trim() },
    signal,
  });
}

export function messagesQueryOptions(tenantId: string, page: number, search: string) {
  return queryOptions({
    queryKey: messageKeys.list(tenantId, page, search.trim()),
    queryFn: ({ signal }) => getMessages(page, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(page: number, search: string) {
  return useQuery(messagesQueryOptions(currentTenantId(), page, search));
}
