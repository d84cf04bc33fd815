import type { Conversation } from '@atende/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { onLiveAlert } from '../../../lib/live-alerts.ts';
import { ticketKeys } from './keys.ts';

export const CONVERSATION_PAGE_SIZE = 50;
/** The open conversation is read again this often while the page is visible. */
export const CONVERSATION_POLL_MS = 15_000;

export function getConversation(ticketId: string, before?: string, signal?: AbortSignal) {
  return api.get<Conversation>(`/api/v1/tickets/${encodeURIComponent(ticketId)}/conversation`, {
    params: { before, limit: CONVERSATION_PAGE_SIZE },
    signal,
  });
}

export function conversationQueryOptions(ticketId: string) {
  return infiniteQueryOptions({
    queryKey: ticketKeys.conversation(ticketId),
    queryFn: ({ pageParam, signal }) => getConversation(ticketId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Pages go backwards: the next one holds the messages before this page's oldest.
    getNextPageParam: (page: Conversation) => (page.has_more ? page.messages[0]?.id : undefined),
    // Polled every 15 s, only while the page is visible (TanStack Query pauses the interval while
    // document.visibilityState is hidden). A refetch reads the newest page first and each older
    // one from the page just read, so a page that grew at the bottom shifts the rest: no gap.
    refetchInterval: CONVERSATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** The loaded pages as one list, oldest first (pages come newest first, each oldest first). */
export const conversationMessages = (data: InfiniteData<Conversation> | undefined) =>
  data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];

/**
 * `GET /api/v1/tickets/{id}/conversation`: the newest page first, older ones with
 * fetchNextPage ('Carregar mensagens anteriores'), kept fresh by polling — and at once when the
 * live stream brings an alert about this ticket (the ticket, its flag and analysis, too).
 */
export function useConversation(ticketId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveAlert((id) => {
        if (id === ticketId) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
      }),
    [queryClient, ticketId],
  );
  return useInfiniteQuery(conversationQueryOptions(ticketId));
}
