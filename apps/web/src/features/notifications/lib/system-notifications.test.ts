import type { Notification } from '@atende/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_PREFERENCE_KEY,
  readAttemptLog,
  showAlertNotification,
  showSummaryNotification,
} from './system-notifications.ts';

const alert: Notification = {
  notification_id: '00000000-0000-4000-8000-000000000001',
  title: 'Sinais de alerta no chamado «Pedido 1»',
  message: 'Termos detectados: procon.',
  priority: 'high',
  alert_type: 'red_flags',
  read: false,
  created_at: new Date().toISOString(),
  details: { ticket_id: '11111111-2222-4333-8444-000000000001', message_id: null },
};

let showNotification: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.setItem(BROWSER_PREFERENCE_KEY, 'on');
  vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'granted' }));
  showNotification = vi.fn(async () => {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ active: {}, showNotification }) },
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('system notifications', () => {
  it('tags an alert by its id, and its click marks that id read', async () => {
    expect(await showAlertNotification(alert, () => {})).toBe(true);
    expect(showNotification).toHaveBeenCalledWith(alert.title, {
      body: alert.message,
      tag: alert.notification_id,
      icon: '/notification-icon.png',
      requireInteraction: true,
      data: { url: '/tickets/11111111-2222-4333-8444-000000000001', notificationId: alert.notification_id },
    });
  });

  it('makes every alert stay until the user acts, whatever its priority (the spec)', async () => {
    await showAlertNotification({ ...alert, priority: 'low' }, () => {});
    await showAlertNotification({ ...alert, priority: 'medium' }, () => {});
    const options = showNotification.mock.calls.map((call) => (call as [string, NotificationOptions])[1]);
    expect(options.map((o) => o.requireInteraction)).toEqual([true, true]);
  });

  it('gives the summary its tag and the notifications page, but no id to mark read', async () => {
    expect(await showSummaryNotification(5, () => {})).toBe(true);
    const [title, options] = showNotification.mock.calls[0] as [string, NotificationOptions];
    expect(title).toBe('5 novos alertas');
    expect(options.tag).toBe('atende-resumo');
    expect(options.data).toEqual({ url: '/notifications' });
    expect(options.requireInteraction).toBe(true);
  });

  it('logs every attempt, shown or skipped', async () => {
    await showAlertNotification(alert, () => {});
    localStorage.setItem(BROWSER_PREFERENCE_KEY, 'off');
    await showSummaryNotification(4, () => {});
    expect(readAttemptLog().map(({ id, outcome, reason }) => ({ id, outcome, reason }))).toEqual([
      { id: alert.notification_id, outcome: 'service-worker', reason: undefined },
      { id: 'atende-resumo', outcome: 'skipped', reason: 'desativadas' },
    ]);
  });
});
