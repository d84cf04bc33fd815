import type { Notification } from '@atende/contracts';
import { notificationHref } from './display.tsx';

/**
 * Browser (system) notifications (docs/ARCHITECTURE.md, "Web app"): the preference lives in
 * localStorage, the permission is asked lazily when it is turned on, and each new alert becomes
 * `registration.showNotification` of the service worker at /sw.js (tagged by the notification id,
 * so tabs never duplicate one), or a plain `Notification` closing after 30 s when no worker is
 * available. Every attempt is logged (the last 50, in sessionStorage).
 */

export const BROWSER_PREFERENCE_KEY = 'atende.browser-notifications';
export const ATTEMPT_LOG_KEY = 'atende.notification-log';
export const NOTIFICATION_ICON = '/notification-icon.png';
const FALLBACK_CLOSE_MS = 30_000;
const ATTEMPT_LOG_LIMIT = 50;

export const browserSupportsNotifications = () => typeof window !== 'undefined' && 'Notification' in window;

export function readBrowserPreference(): boolean {
  try {
    return localStorage.getItem(BROWSER_PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Stores the preference; false when the browser refused to store it. */
export function writeBrowserPreference(on: boolean): boolean {
  try {
    localStorage.setItem(BROWSER_PREFERENCE_KEY, on ? 'on' : 'off');
    window.dispatchEvent(new Event('atende:browser-preference'));
    return true;
  } catch {
    return false;
  }
}

/** The service worker, registered at the site root. Failures are logged. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    return await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.error('Atende: não foi possível registrar o service worker.', error);
    return undefined;
  }
}

export interface Attempt {
  at: string;
  id: string;
  title: string;
  outcome: 'service-worker' | 'fallback' | 'skipped' | 'failed';
  reason?: string;
}

function logAttempt(attempt: Omit<Attempt, 'at'>) {
  try {
    const log = readAttemptLog();
    log.push({ at: new Date().toISOString(), ...attempt });
    sessionStorage.setItem(ATTEMPT_LOG_KEY, JSON.stringify(log.slice(-ATTEMPT_LOG_LIMIT)));
  } catch {
    // storage unavailable: the attempt is simply not remembered
  }
}

/**
 * The last 50 attempts (every attempt is logged), oldest first. The app never reads them:
 * they are for support and debugging (`sessionStorage['atende.notification-log']` in the
 * browser's console), e2e and the unit tests.
 */
export function readAttemptLog(): Attempt[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(ATTEMPT_LOG_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Attempt[]) : [];
  } catch {
    return [];
  }
}

interface SystemNotice {
  /** The tag (a notification id, or 'atende-resumo'): a later one with the same tag replaces it. */
  tag: string;
  /** Only for a real notification: a click marks it read. */
  notificationId?: string;
  title: string;
  body: string;
  url: string;
  requireInteraction: boolean;
}

/** Shows one system notification if the user wants them and the browser allows; answers whether it did. */
async function show(notice: SystemNotice, onFallbackClick: () => void): Promise<boolean> {
  const base = { id: notice.tag, title: notice.title };
  if (!browserSupportsNotifications() || !readBrowserPreference()) {
    logAttempt({ ...base, outcome: 'skipped', reason: 'desativadas' });
    return false;
  }
  if (Notification.permission !== 'granted') {
    logAttempt({ ...base, outcome: 'skipped', reason: `permissão ${Notification.permission}` });
    return false;
  }
  const options: NotificationOptions = {
    body: notice.body,
    tag: notice.tag,
    icon: NOTIFICATION_ICON,
    requireInteraction: notice.requireInteraction,
    data: notice.notificationId
      ? { url: notice.url, notificationId: notice.notificationId }
      : { url: notice.url },
  };
  try {
    const registration = await navigator.serviceWorker?.getRegistration('/');
    if (registration?.active) {
      await registration.showNotification(notice.title, options);
      logAttempt({ ...base, outcome: 'service-worker' });
      return true;
    }
    const fallback = new Notification(notice.title, { ...options, requireInteraction: false });
    fallback.onclick = () => {
      window.focus();
      fallback.close();
      onFallbackClick();
    };
    setTimeout(() => fallback.close(), FALLBACK_CLOSE_MS);
    logAttempt({ ...base, outcome: 'fallback' });
    return true;
  } catch (error) {
    console.error('Atende: falha ao exibir a notificação do sistema.', error);
    logAttempt({
      ...base,
      outcome: 'failed',
      reason: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/**
 * One alert as a system notification; every one stays until the user acts (the spec), which is
 * why a burst shows at most 3 and then one summary.
 */
export const showAlertNotification = (
  n: Notification,
  onFallbackClick: () => void,
  /** One ticket's interruption: its stable tag and its body naming the other alerts. */
  grouped?: { tag: string; body: string },
) =>
  show(
    {
      tag: grouped?.tag ?? n.notification_id,
      notificationId: n.notification_id,
      title: n.title,
      body: grouped?.body ?? n.message,
      url: notificationHref(n),
      requireInteraction: true,
    },
    onFallbackClick,
  );

/** A burst's summary: "N novos alertas", leading to the notifications page (nothing to mark read). */
export const showSummaryNotification = (count: number, onFallbackClick: () => void) =>
  show(
    {
      tag: 'atende-resumo',
      title: `${count} novos alertas`,
      body: 'Abra as notificações para ver todos.',
      url: '/notifications',
      requireInteraction: true,
    },
    onFallbackClick,
  );
