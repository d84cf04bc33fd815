import type { Notification, NotificationList } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { readStoredSession } from '../../../lib/id-token.ts';
import { announceLiveAlert } from '../../../lib/live-alerts.ts';
import { TOAST_OPENS_ON_CLICK } from '../../../lib/toast-click.ts';
import { UNREAD_LIMIT, useUnreadNotifications } from '../api/get-notifications.ts';
import { notificationKeys } from '../api/keys.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { notificationHref } from './display.tsx';
import { groupInterruptions, type OpenInterruption } from './interruptions.ts';
import { followLiveNotifications } from './live-feed.ts';
import {
  readBrowserPreference,
  registerServiceWorker,
  showAlertNotification,
  showSummaryNotification,
} from './system-notifications.ts';
import { removePushSubscription, syncPushSubscription } from './web-push.ts';

/** Alerts arriving within this window are one burst: one toast, ≤ 3 system notifications + a summary. */
const burstMs = 300;
const systemPerBurst = 3;

/** Only real notification ids are marked read (a summary or a tampered URL carries none). */
export const isNotificationId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A same-app path from the service worker; anything else leads to the notifications page. */
const appPath = (value: unknown) =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/notifications';

/**
 * A live alert into the cached unread list (the badge moves at once). Alerts already read (a
 * replay after Last-Event-ID may carry some) and ones already listed leave it as it was.
 */
export const withLiveAlert = (list: NotificationList | undefined, n: Notification) =>
  list && !n.read && !list.notifications.some((m) => m.notification_id === n.notification_id)
    ? { notifications: [n, ...list.notifications].slice(0, UNREAD_LIMIT), total: list.total + 1 }
    : list;

/**
 * Keeps the user's notifications fresh (docs/ARCHITECTURE.md, "Web app"): the unread list is polled
 * every 30 s and on focus, and the live stream adds each new alert at once (badge and lists in
 * ≤ 1 s). Whatever is newly seen — from a poll or the stream — gives one toast for the newest
 * interruption (a ticket's alerts within 60 s are one, lib/interruptions.ts; warning for high
 * priority; a click anywhere on it marks its alerts read and opens the ticket) and, when the user
 * turned them on, a system notification per interruption (≤ 3, then a summary). Mounted once, by
 * the bell.
 */
export function useNotificationFeed(tenantId: string) {
  const userId = readStoredSession()?.user.sub ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { mutate: markRead } = useMarkRead();
  const unread = useUnreadNotifications();
  const seen = useRef(new Set<string>());
  const baselined = useRef(false);
  const burst = useRef<Notification[]>([]);
  const openTickets = useRef(new Map<string, OpenInterruption>());
  const burstTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const open = useCallback(
    (alerts: Pick<Notification, 'notification_id' | 'details'>[]) => {
      const [first] = alerts;
      if (!first) return;
      markRead(alerts.map((n) => n.notification_id));
      navigate(notificationHref(first));
    },
    [markRead, navigate],
  );

  const announce = useCallback(() => {
    const fresh = burst.current;
    burst.current = [];
    // One risky ticket, one interruption: a ticket's alerts of this burst, or within 60 s of its
    // first toast, make one toast and one system notification (lib/interruptions.ts).
    const shown = groupInterruptions(fresh, openTickets.current, Date.now());
    const [newest] = shown;
    if (!newest) return;
    const { lead } = newest;
    const show = lead.priority === 'high' ? toast.warning : toast.info;
    // The interruption's key as the toast's id: a later alert of the ticket replaces its toast.
    show(lead.title, {
      id: newest.key,
      description: newest.description,
      // a click anywhere on it is its action (app/provider.tsx)
      className: TOAST_OPENS_ON_CLICK,
      action: {
        label: lead.details.ticket_id ? 'Ver chamado' : 'Ver',
        onClick: () => {
          toast.dismiss(newest.key);
          open(newest.alerts);
        },
      },
    });
    for (const i of shown.slice(0, systemPerBurst)) {
      void showAlertNotification(i.lead, () => open(i.alerts), { tag: i.key, body: i.description });
    }
    if (shown.length > systemPerBurst) {
      void showSummaryNotification(fresh.length, () => navigate('/notifications'));
    }
  }, [navigate, open]);

  const consider = useCallback(
    (items: Notification[]) => {
      const fresh = items.filter((n) => !n.read && !seen.current.has(n.notification_id));
      for (const n of fresh) seen.current.add(n.notification_id);
      if (fresh.length === 0) return;
      burst.current.push(...fresh);
      clearTimeout(burstTimer.current);
      burstTimer.current = setTimeout(announce, burstMs);
    },
    [announce],
  );

  // Polls: the first answer is what the user already had (no toasts); later ones may hold news.
  useEffect(() => {
    const items = unread.data?.notifications;
    if (!items) return;
    if (!baselined.current) {
      baselined.current = true;
      for (const n of items) seen.current.add(n.notification_id);
      return;
    }
    consider(items);
  }, [unread.data, consider]);

  // The live stream: into the cached unread list at once, then — once per burst — every list is
  // read again. The stream stops when the stored session is no longer this user's (signed in as
  // someone else in another tab), so it does not keep the Web Lock with the wrong token.
  useEffect(() => {
    if (!userId) return;
    return followLiveNotifications({
      tenantId,
      userId,
      token: () => {
        const session = readStoredSession();
        return session?.user.sub === userId && session.user.tenantId === tenantId ? session.idToken : null;
      },
      onNotification: (n) => {
        queryClient.setQueryData<NotificationList>(notificationKeys.unread(), (list) =>
          withLiveAlert(list, n),
        );
        consider([n]);
        announceLiveAlert(n.details.ticket_id);
        clearTimeout(refreshTimer.current);
        refreshTimer.current = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all() }),
          burstMs,
        );
      },
    });
  }, [tenantId, userId, queryClient, consider]);

  useEffect(
    () => () => {
      clearTimeout(burstTimer.current);
      clearTimeout(refreshTimer.current);
    },
    [],
  );

  // Web Push (web-push.ts): subscribed while the browser preference is on (and permitted),
  // unsubscribed when it is turned off.
  useEffect(() => {
    if (!userId) return;
    void syncPushSubscription();
    const onPreference = () => {
      if (readBrowserPreference()) void syncPushSubscription();
      else void removePushSubscription();
    };
    window.addEventListener('atende:browser-preference', onPreference);
    return () => window.removeEventListener('atende:browser-preference', onPreference);
  }, [userId]);

  // The service worker that shows system notifications, and clicks on them.
  useEffect(() => {
    void registerServiceWorker();
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; notificationId?: unknown; path?: unknown };
      if (data?.type !== 'atende:notification-click') return;
      if (isNotificationId(data.notificationId)) markRead([data.notificationId]);
      navigate(appPath(data.path));
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [markRead, navigate]);

  // Opened by a click on a system notification while no tab was open: ?notificacao=<id>.
  const clickedId = searchParams.get('notificacao');
  useEffect(() => {
    if (!clickedId) return;
    if (isNotificationId(clickedId)) markRead([clickedId]);
    setSearchParams(
      (params) => {
        params.delete('notificacao');
        return params;
      },
      { replace: true },
    );
  }, [clickedId, markRead, setSearchParams]);

  return unread;
}
