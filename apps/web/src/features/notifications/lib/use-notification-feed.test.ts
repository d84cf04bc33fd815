import type { Notification, NotificationList } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { isNotificationId, withLiveAlert } from './use-notification-feed.tsx';

const item = (i: number, read = false): Notification => ({
  notification_id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
  title: `Alerta ${i}`,
  message: 'Termos detectados: procon.',
  priority: 'medium',
  alert_type: 'red_flags',
  read,
  created_at: '2026-01-05T12:00:00.000Z',
  details: { ticket_id: null, message_id: null },
});

describe('the live feed in the unread cache', () => {
  const list: NotificationList = { notifications: [item(1)], total: 1 };

  it('adds a new unread alert at once (the badge moves)', () => {
    expect(withLiveAlert(list, item(2))).toEqual({ notifications: [item(2), item(1)], total: 2 });
  });

  it('leaves the badge alone for a replayed alert already read, or one already listed', () => {
    expect(withLiveAlert(list, item(2, true))).toBe(list);
    expect(withLiveAlert(list, item(1))).toBe(list);
    expect(withLiveAlert(undefined, item(2))).toBeUndefined();
  });

  it('marks read only real notification ids', () => {
    expect(isNotificationId('00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isNotificationId('atende-resumo')).toBe(false);
    expect(isNotificationId('../mark-all-read')).toBe(false);
    expect(isNotificationId(undefined)).toBe(false);
  });
});
