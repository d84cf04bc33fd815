import type { NotificationList } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';
import { withoutPendingClear } from './pending-clear.ts';

/** The unread fetch limit, the bell's full list, what the page loads, the polling period. */
export const UNREAD_LIMIT = 50;
export const BELL_LIST_LIMIT = 100;
export const PAGE_LIST_LIMIT = 200;
export const POLL_INTERVAL_MS = 30_000;

// (items the panel's 'Limpar' is clearing stay hidden while its 'Desfazer' lasts: pending-clear.ts)
export async function getUnreadNotifications(signal?: AbortSignal) {
  const list = await api.get<NotificationList>('/api/v1/notifications/unread', {
    params: { limit: UNREAD_LIMIT },
    signal,
  });
  return withoutPendingClear(list);
}

export async function getAllNotifications(limit: number, includeRead: boolean, signal?: AbortSignal) {
  const list = await api.get<NotificationList>('/api/v1/notifications/all', {
    params: { limit, include_read: includeRead },
    signal,
  });
  return withoutPendingClear(list);
}

/**
 * `GET /notifications/unread?limit=50`: the badge (its `total`) and the unread items. Read again
 * every 30 s and when the window comes back; the live stream refreshes it sooner.
 */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadNotifications(signal),
    refetchInterval: POLL_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });

export function useUnreadNotifications(enabled = true) {
  return useQuery({ ...unreadNotificationsQuery(), enabled });
}

/** `GET /notifications/all?limit&include_read`: the bell's "Mostrar todas" (100) and the page (200). */
export function useAllNotifications(
  limit: number,
  options: { enabled?: boolean; includeRead?: boolean } = {},
) {
  const includeRead = options.includeRead ?? true;
  return useQuery({
    queryKey: notificationKeys.list(limit, includeRead),
    queryFn: ({ signal }) => getAllNotifications(limit, includeRead, signal),
    enabled: options.enabled ?? true,
    refetchOnWindowFocus: true,
  });
}
