import type { NotificationList } from '@atende/contracts';

// The panel's 'Limpar' waits 5 s (its 'Desfazer' toast) before telling the server: meanwhile a
// poll or the live stream reads the lists again, and the items being cleared must stay hidden.

const pending = new Set<string>();

export const holdCleared = (ids: readonly string[]) => {
  for (const id of ids) pending.add(id);
};
export const releaseCleared = (ids: readonly string[]) => {
  for (const id of ids) pending.delete(id);
};

/** A list as read from the server, without the items whose clearing waits (its total less them). */
export function withoutPendingClear(list: NotificationList): NotificationList {
  if (pending.size === 0) return list;
  const notifications = list.notifications.filter((n) => !pending.has(n.notification_id));
  const hidden = list.notifications.length - notifications.length;
  return hidden === 0 ? list : { notifications, total: Math.max(0, list.total - hidden) };
}
