import type { Notification, NotificationList } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export interface BulkResult {
  success: boolean;
  count: number;
}

export const markNotificationRead = (id: string) =>
  api.post<BulkResult>('/api/v1/notifications/mark-read', { notification_id: id });
export const markAllNotificationsRead = () => api.post<BulkResult>('/api/v1/notifications/mark-all-read', {});
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
  return { notifications, total: gone ? Math.max(0, list.total - changed.length) : list.total };
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
