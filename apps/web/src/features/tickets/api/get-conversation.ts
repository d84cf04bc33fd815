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
/** The open conversation's newest page is read again this often while the page is visible. */
export const CONVERSATION_POLL_MS = 15_000;

export function getConversation(ticketId: string, before?: string, signal?: AbortSignal) {
  return api.get<Conversation>(`/api/v1/tickets/${encodeURIComponent(ticketId)}/conversation`, {
    params: { before, limit: CONVERSATION_PAGE_SIZE },
    signal,
  });
}

type Pages = InfiniteData<Conversation, string | undefined>;

export function conversationQueryOptions(ticketId: string) {
  return infiniteQueryOptions({
    queryKey: ticketKeys.conversation(ticketId),
    queryFn: ({ pageParam, signal }) => getConversation(ticketId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Pages go backwards: the next one holds the messages before this page's oldest. A full
    // refetch (focus, a live alert) reads the newest page first and each older one from the page
    // just read, so pages that moved down keep no gap.
    getNextPageParam: (page: Conversation) => (page.has_more ? page.messages[0]?.id : undefined),
  });
}

/** The loaded pages as one list, oldest first (pages come newest first, each oldest first). */
export const conversationMessages = (data: InfiniteData<Conversation> | undefined) =>
  data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];

/**
 * The loaded pages with the newest page just read in front: what it repeats of the loaded newest
 * page is dropped there (the rest of that page stays as a page of its own, its cursor the new
 * page's oldest message), older pages stay as they are. When the newest page does not reach the
 * loaded one (more new messages than a page), it alone remains: the reader pages back again.
 */
export function withNewestPage(data: Pages | undefined, newest: Conversation): Pages {
  const alone: Pages = { pages: [newest], pageParams: [undefined] };
  const [first, ...older] = data?.pages ?? [];
  const oldest = newest.messages[0];
  if (!data || !first || !oldest) return alone;
  const at = first.messages.findIndex((m) => m.id === oldest.id);
  if (at === -1) return alone;
  const rest = data.pageParams.slice(1);
  if (at === 0) return { pages: [newest, ...older], pageParams: [undefined, ...rest] };
  return {
    pages: [newest, { messages: first.messages.slice(0, at), has_more: first.has_more }, ...older],
    pageParams: [undefined, oldest.id, ...rest],
  };
}

/**
 * `GET /api/v1/tickets/{id}/conversation`: the newest page first, older ones with fetchNextPage
 * ('Carregar mensagens anteriores'). Kept fresh by reading the newest page every 15 s while the
 * page is visible (one request, whatever was loaded above it), and at once — every loaded page
 * — when the live stream brings an alert about this ticket (the ticket, its flag and analysis
 * too).
 */
export function useConversation(ticketId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = ticketKeys.conversation(ticketId);
    // A page being read (older ones, a full refetch) writes the pages it started from: the poll
    // stays out of its way and tries again next time.
    const busy = () => queryClient.getQueryState(key)?.fetchStatus === 'fetching';
    const poll = async () => {
      if (document.visibilityState !== 'visible' || busy()) return;
      const state = queryClient.getQueryState(key);
      if (state?.status !== 'success') return;
      try {
        const newest = await getConversation(ticketId);
        // A read that started and ended meanwhile (a live alert's, older pages) is newer than
        // this answer: merging it there could drop what that read brought.
        const now = queryClient.getQueryState(key);
        if (busy() || now?.dataUpdatedAt !== state.dataUpdatedAt) return;
        queryClient.setQueryData<Pages>(key, (data) => withNewestPage(data, newest));
      } catch {
        // the next poll asks again; a failing server shows in the next full read
      }
    };
    const timer = setInterval(() => void poll(), CONVERSATION_POLL_MS);
    const stopAlerts = onLiveAlert((id) => {
      if (id === ticketId) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    });
    return () => {
      clearInterval(timer);
      stopAlerts();
    };
  }, [queryClient, ticketId]);
  return useInfiniteQuery(conversationQueryOptions(ticketId));
}
