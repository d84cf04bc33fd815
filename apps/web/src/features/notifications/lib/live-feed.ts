import type { Notification } from '@atende/contracts';
import { fetchEventSource } from '@microsoft/fetch-event-source';

/**
 * The server's live stream of new notifications (`GET /api/v1/notifications/stream`, Server-Sent
 * Events), read with fetch so the token travels in the Authorization header, never in a URL.
 * One stream per browser, not per tab (six tabs would take all six HTTP/1.1 connections to the
 * host): the tab holding the Web Lock reads it and repeats each event on a BroadcastChannel to
 * the others; when it closes, another tab takes the lock. Reconnects with back-off (1 s doubling
 * to 30 s) and Last-Event-ID, so nothing is missed; polling goes on regardless (spec: 30 s).
 */

const channelName = 'atende-notifications';
const lockName = 'atende-notifications-stream';
const maxBackoffMs = 30_000;

class SessionEnded extends Error {}

export interface LiveFeedOptions {
  /** The current ID token (it may be refreshed while the stream reconnects). */
  token: () => string | null;
  tenantId: string;
  onNotification: (notification: Notification) => void;
}

/** Starts following; answers the function that stops (unmount, sign-out). */
export function followLiveNotifications({ token, tenantId, onNotification }: LiveFeedOptions): () => void {
  const stop = new AbortController();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; tenantId?: string; notification?: Notification };
      if (data?.type === 'notification' && data.tenantId === tenantId && data.notification) {
        onNotification(data.notification);
      }
    };
  }

  const read = async () => {
    let backoffMs = 1000;
    const headers: Record<string, string> = {};
    const setToken = () => {
      const current = token();
      if (!current) throw new SessionEnded();
      headers.Authorization = `Bearer ${current}`;
      headers['X-Tenant-ID'] = tenantId;
    };
    setToken();
    await fetchEventSource('/api/v1/notifications/stream', {
      headers,
      signal: stop.signal,
      openWhenHidden: true, // the leader tab reads for the hidden ones too
      async onopen(response) {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith('text/event-stream')) {
          backoffMs = 1000;
          return;
        }
        // Signed out or refused: polling's 401 handling takes the user to /login.
        if (response.status === 401 || response.status === 403) throw new SessionEnded();
        throw new Error(`stream answered ${response.status}`);
      },
      onmessage(event) {
        if (event.event !== 'notification') return;
        let notification: Notification;
        try {
          notification = JSON.parse(event.data) as Notification;
        } catch {
          return;
        }
        onNotification(notification);
        channel?.postMessage({ type: 'notification', tenantId, notification });
      },
      onclose() {
        // The server ends it (token expiry, restart): read again.
        throw new Error('stream closed');
      },
      onerror(error) {
        if (error instanceof SessionEnded || stop.signal.aborted) throw error;
        setToken();
        const wait = backoffMs;
        backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
        return wait;
      },
    }).catch(() => {
      // stopped, or the session ended: the lock goes to another tab (which will find out too)
    });
  };

  if (channel && typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks
      .request(lockName, { signal: stop.signal }, () => read())
      .catch(() => {
        // aborted while waiting for the lock: this tab never led
      });
  } else {
    void read();
  }

  return () => {
    stop.abort();
    channel?.close();
  };
}
