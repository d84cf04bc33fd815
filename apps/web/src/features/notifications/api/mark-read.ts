import type { Notification, NotificationList } from '@atende/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';
import { holdCleared, releaseCleared } from './pending-clear.ts';

export interface BulkResult {
  success: boolean;
  count: number;
}

export const markNotificationRead = (id: string) =>
  api.post<BulkResult>('/api/v1/notifications/mark-read', { notification_id: id });
export const markAllNotificationsRead = () => api.post<BulkResult>('/api/v1/notifications/mark-all-read', {});
export const clearNotification = (id: string) =>
  api.post<BulkResult>('/api/v1/notifications/clear', { notification_id: id });
export const clearAllNotifications = () => api.post<BulkResult>('/api/v1/notifications/clear-all', {});

type Change = { kind: 'read' | 'clear'; ids: ReadonlySet<string> | 'all' };

/** The cached lists as they will be after a change (the server's answer follows it). */
function applyChange(list: NotificationList | undefined, key: readonly unknown[], change: Change) {
  if (!list) return list;
  const unreadOnly = key[2] === 'unread' || key[4] === false;
  const hits = (n: Notification) => change.ids === 'all' || change.ids.has(n.notification_id);
  const changed = list.notifications.filter(hits);
  if (changed.length === 0) return list;
  const gone = change.kind === 'clear' || unreadOnly;
  const notifications = gone
    ? list.notifications.filter((n) => !hits(n))
    : list.notifications.map((n) => (hits(n) ? { ...n, read: true } : n));
  // 'all' empties an unread list whatever its size (the badge drops to 0 at once, also with more
  // unread than the list holds).
  const total = !gone ? list.total : change.ids === 'all' ? 0 : Math.max(0, list.total - changed.length);
  return { notifications, total };
}

/**
 * Marks read or clears: every cached list of the user changes at once (the badge drops without
 * waiting), then they are read again; a failure restores them by reading again.
 */
function useNotificationChange<T>(
  kind: Change['kind'],
  mutationFn: (input: T) => Promise<BulkResult>,
  ids: (input: T) => Change['ids'],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (input: T) => {
      const queryKey = notificationKeys.all();
      await queryClient.cancelQueries({ queryKey });
      for (const [key, list] of queryClient.getQueriesData<NotificationList>({ queryKey })) {
        queryClient.setQueryData(key, applyChange(list, key, { kind, ids: ids(input) }));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}

/** `POST /notifications/mark-read` for each id (one for an item, several from the page). */
export const useMarkRead = () =>
  useNotificationChange(
    'read',
    async (ids: string[]) => {
      await Promise.all(ids.map(markNotificationRead));
      return { success: true, count: ids.length };
    },
    (ids) => new Set(ids),
  );

/** `POST /notifications/mark-all-read`. */
export const useMarkAllRead = () => useNotificationChange('read', markAllNotificationsRead, () => 'all');

/** `POST /notifications/clear-all`. */
export const useClearAll = () => useNotificationChange('clear', clearAllNotifications, () => 'all');

/** Requests at once while clearing a panel's items one by one. */
const clearConcurrency = 6;

/**
 * The panel's undoable 'Limpar': the given items leave every cached list at once, and only after
 * `delayMs` (the 'Desfazer' toast's life) is `POST /notifications/clear` sent for each; the answer
 * undoes it (nothing was sent; the lists are read again). Lives outside React, so it completes
 * after the panel closes.
 */
export function clearLater(
  queryClient: QueryClient,
  ids: readonly string[],
  delayMs: number,
  onError: () => void,
): () => void {
  const queryKey = notificationKeys.all();
  void queryClient.cancelQueries({ queryKey });
  holdCleared(ids); // a poll or the stream meanwhile does not bring them back
  const change: Change = { kind: 'clear', ids: new Set(ids) };
  for (const [key, list] of queryClient.getQueriesData<NotificationList>({ queryKey })) {
    queryClient.setQueryData(key, applyChange(list, key, change));
  }
  const timer = setTimeout(async () => {
    try {
      for (let i = 0; i < ids.length; i += clearConcurrency) {
        await Promise.all(ids.slice(i, i + clearConcurrency).map(clearNotification));
      }
    } catch {
      onError();
    } finally {
      releaseCleared(ids);
      void queryClient.invalidateQueries({ queryKey });
    }
  }, delayMs);
  return () => {
    clearTimeout(timer);
    releaseCleared(ids);
    void queryClient.invalidateQueries({ queryKey });
  };
}
