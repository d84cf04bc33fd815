import type { MessageList } from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listParamsToApi, type MessageListParams } from '../lib/list-params.ts';
import { currentTenantId, messageKeys } from './keys.ts';

export const messagesPerPage = 20;

export type MessagePage = MessageList;

/** `GET /api/v1/messages`: newest first, each with its newest analysis, filtered as the URL says. */
export function getMessages(list: MessageListParams, signal?: AbortSignal): Promise<MessagePage> {
  return api.get<MessagePage>('/api/v1/messages', {
    params: { ...listParamsToApi(list), per_page: messagesPerPage },
    signal,
  });
}

export function messagesQueryOptions(tenantId: string, list: MessageListParams) {
  return queryOptions({
    queryKey: messageKeys.list(tenantId, listParamsToApi(list)),
    queryFn: ({ signal }) => getMessages(list, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(list: MessageListParams) {
  return useQuery(messagesQueryOptions(currentTenantId(), list));
}
