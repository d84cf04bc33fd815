import type { Notification } from '@atende/contracts';
import { fetchEventSource } from '@microsoft/fetch-event-source';

/**
 * The server's live stream of new notifications (`GET /api/v1/notifications/stream`, Server-Sent
 * Events), read with fetch so the token travels in the Authorization header, never in a URL.
 * One stream per browser, not per tab (six tabs would take all six HTTP/1.1 connections to the
 * host): the tab holding the Web Lock reads it and repeats each event (with its id) on a
 * BroadcastChannel to the others; when it closes, another tab takes the lock and connects with
 * the last id it heard as Last-Event-ID (ids are opaque: `n1-<n>`, the tenant's own numbering).
 * Reconnects with jittered back-off (1 s doubling to 30 s, ±30 %) and Last-Event-ID, so nothing
 * is missed; polling goes on regardless (every 30 s). A refusal with Retry-After (429: the
 * user's or the tenant's limit of open streams; 503: a restart) is not retried before it says:
 * meanwhile polling alone keeps the lists fresh.
 */

const channelName = 'atende-notifications';
const lockName = 'atende-notifications-stream';
const firstBackoffMs = 1000;
const maxBackoffMs = 30_000;
/** Each wait is the back-off ± this share, so clients cut off together do not return together. */
const jitter = 0.3;

class SessionEnded extends Error {}

/** The server said when to come back (Retry-After, in seconds; an HTTP date or none: 30 s). */
class Refused extends Error {
  constructor(readonly retryAfterMs: number) {
    super('stream refused');
  }
}

const retryAfterMs = (value: string | null) => {
  const seconds = Number(value ?? '');
  return value && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : maxBackoffMs;
};

export interface LiveFeedOptions {
  /** The current ID token (it may be refreshed while the stream reconnects). */
  token: () => string | null;
  tenantId: string;
  /** The signed-in user (the token's `sub`): a tab signed in as someone else hears nothing. */
  userId: string;
  onNotification: (notification: Notification) => void;
}

/** What the leader tab repeats on the BroadcastChannel. */
export interface LiveMessage {
  type: 'notification';
  tenantId: string;
  userId: string;
  /** The SSE id (opaque, `n1-<n>`): the next leader resumes after it. */
  id?: string;
  notification: Notification;
}

/** A back-off wait with ±30 % jitter. */
export const jittered = (ms: number, random: () => number = Math.random) =>
  Math.round(ms * (1 - jitter + 2 * jitter * random()));

/** Starts following; answers the function that stops (unmount, sign-out). */
export function followLiveNotifications({
  token,
  tenantId,
  userId,
  onNotification,
}: LiveFeedOptions): () => void {
  const stop = new AbortController();
  /** The last event id heard, from this tab's stream or the leader's broadcasts. */
  let lastEventId: string | undefined;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const data = event.data as Partial<LiveMessage> | null;
      if (
        data?.type !== 'notification' ||
        data.tenantId !== tenantId ||
        data.userId !== userId ||
        !data.notification
      ) {
        return;
      }
      if (data.id) lastEventId = data.id;
      onNotification(data.notification);
    };
  }

  // fetchEventSource copies `headers` once; this runs on every attempt, so a refreshed token is
  // used. fetchEventSource adds `last-event-id` itself once its own stream has sent an id; before
  // that (a tab that just took the lock), the last id heard on the channel goes instead.
  const authorizedFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const current = token();
    if (!current) throw new SessionEnded();
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${current}`);
    headers.set('X-Tenant-ID', tenantId);
    if (lastEventId && !headers.has('last-event-id')) headers.set('Last-Event-ID', lastEventId);
    return fetch(input, { ...init, headers });
  };

  const read = async () => {
    let backoffMs = firstBackoffMs;
    await fetchEventSource('/api/v1/notifications/stream', {
      fetch: authorizedFetch,
      signal: stop.signal,
      openWhenHidden: true, // the leader tab reads for the hidden ones too
      async onopen(response) {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith('text/event-stream')) {
          backoffMs = firstBackoffMs;
          return;
        }
        // Signed out or refused: polling's 401 handling takes the user to /login.
        if (response.status === 401 || response.status === 403) throw new SessionEnded();
        if (response.status === 429 || response.headers.has('retry-after')) {
          throw new Refused(retryAfterMs(response.headers.get('retry-after')));
        }
        throw new Error(`stream answered ${response.status}`);
      },
      onmessage(event) {
        if (event.id) lastEventId = event.id;
        if (event.event !== 'notification') return;
        let notification: Notification;
        try {
          notification = JSON.parse(event.data) as Notification;
        } catch {
          return;
        }
        onNotification(notification);
        const message: LiveMessage = {
          type: 'notification',
          tenantId,
          userId,
          id: event.id || undefined,
          notification,
        };
        channel?.postMessage(message);
      },
      onclose() {
        // The server ends it (token expiry, restart): read again.
        throw new Error('stream closed');
      },
      onerror(error) {
        if (error instanceof SessionEnded || stop.signal.aborted) throw error;
        let wait = jittered(backoffMs);
        backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
        // Never sooner than the server asked (plus up to 30 %, so refused tabs do not return together).
        if (error instanceof Refused) {
          wait = Math.max(wait, Math.round(error.retryAfterMs * (1 + jitter * Math.random())));
        }
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
