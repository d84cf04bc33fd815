import type { Notification } from '@atende/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followLiveNotifications, jittered } from './live-feed.ts';

const alert = (i: number): Notification => ({
  notification_id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
  title: `Alerta ${i}`,
  message: 'Termos detectados: procon.',
  priority: 'high',
  alert_type: 'red_flags',
  read: false,
  created_at: new Date().toISOString(),
  details: { ticket_id: null, message_id: null },
});

interface Attempt {
  url: string;
  headers: Headers;
}

/**
 * A stand-in for the stream endpoint: each attempt is recorded and answered by `answer` (SSE text
 * kept open until the attempt is aborted, or a status).
 */
function stubStream(answer: (attempt: number) => string | number) {
  const attempts: Attempt[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      attempts.push({ url: String(input), headers: new Headers(init?.headers) });
      const body = answer(attempts.length);
      if (typeof body === 'number') return new Response('{}', { status: body });
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('', 'AbortError')));
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return attempts;
}

const sse = (id: number, n: Notification) =>
  `id: n1-${id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`;

/** One Web Lock per name, granted in request order (happy-dom has none). */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>) {
      const granted = tail.then(() => {
        if (options.signal?.aborted) throw new DOMException('', 'AbortError');
        return callback();
      });
      tail = granted.catch(() => undefined);
      return granted;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

const stops: (() => void)[] = [];
const follow = (options: Parameters<typeof followLiveNotifications>[0]) => {
  const stop = followLiveNotifications(options);
  stops.push(stop);
  return stop;
};

beforeEach(() => installLocks());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  Reflect.deleteProperty(navigator, 'locks');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the live feed', () => {
  it('jitters the back-off by ±30 %', () => {
    expect(jittered(1000, () => 0)).toBe(700);
    expect(jittered(1000, () => 0.5)).toBe(1000);
    expect(jittered(1000, () => 0.999_999)).toBe(1300);
  });

  it('sends the current token on every attempt (headers only), and stops when there is none', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // waits of 700 ms, then 1.4 s
    const attempts = stubStream(() => 503);
    let token: string | null = 'token-1';
    follow({ token: () => token, tenantId: 'tenant-1', userId: 'user-1', onNotification: () => {} });

    await vi.waitFor(() => expect(attempts).toHaveLength(1));
    token = 'token-2';
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 3000 });
    expect(attempts.map((a) => a.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(attempts.every((a) => a.headers.get('x-tenant-id') === 'tenant-1')).toBe(true);
    expect(attempts.every((a) => a.url === '/api/v1/notifications/stream')).toBe(true);

    token = null; // signed out: no further attempt
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(attempts).toHaveLength(2);
  });

  it("repeats events to the user's other tabs only, and the next leader resumes after the last id", async () => {
    const attempts = stubStream((attempt) => (attempt === 1 ? sse(41, alert(1)) + sse(42, alert(2)) : ''));
    const token = () => 'token';
    const leader: Notification[] = [];
    const sameUser: Notification[] = [];
    const otherUser: Notification[] = [];
    const otherTenant: Notification[] = [];
    const stopLeader = follow({
      token,
      tenantId: 'tenant-1',
      userId: 'user-1',
      onNotification: (n) => leader.push(n),
    });
    follow({ token, tenantId: 'tenant-1', userId: 'user-1', onNotification: (n) => sameUser.push(n) });
    follow({ token, tenantId: 'tenant-1', userId: 'user-2', onNotification: (n) => otherUser.push(n) });
    follow({ token, tenantId: 'tenant-2', userId: 'user-1', onNotification: (n) => otherTenant.push(n) });

    await vi.waitFor(() => expect(sameUser).toHaveLength(2));
    expect(leader.map((n) => n.title)).toEqual(['Alerta 1', 'Alerta 2']);
    expect(sameUser.map((n) => n.title)).toEqual(['Alerta 1', 'Alerta 2']);
    expect(attempts).toHaveLength(1); // one stream for the browser
    expect(attempts[0]?.headers.has('last-event-id')).toBe(false);

    stopLeader(); // the leader's tab closes: the next in line (the same user's tab) takes the lock
    await vi.waitFor(() => expect(attempts).toHaveLength(2));
    expect(attempts[1]?.headers.get('last-event-id')).toBe('n1-42');
    expect(otherUser).toEqual([]);
    expect(otherTenant).toEqual([]);
  });

  it("keeps its own stream's Last-Event-ID on reconnects (one header, no conflict)", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let closeFirst = () => {};
    const attempts: Attempt[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        attempts.push({ url: String(input), headers: new Headers(init?.headers) });
        const first = attempts.length === 1;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            if (first) {
              controller.enqueue(new TextEncoder().encode(sse(7, alert(7))));
              closeFirst = () => controller.close(); // the server ends it: read again
            }
            init?.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('', 'AbortError')),
            );
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const seen: Notification[] = [];
    follow({
      token: () => 'token',
      tenantId: 'tenant-1',
      userId: 'user-1',
      onNotification: (n) => seen.push(n),
    });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    closeFirst();
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 3000 });
    expect(attempts[1]?.headers.get('last-event-id')).toBe('n1-7');
    expect(attempts[1]?.headers.get('authorization')).toBe('Bearer token');
  });

  it('after a 429 waits the Retry-After (not the 1 s back-off) before trying again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // the back-off alone would retry after 700 ms
    const attempts: Attempt[] = [];
    const calledAt: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        attempts.push({ url: String(input), headers: new Headers(init?.headers) });
        calledAt.push(Date.now());
        return new Response('{"code":"rate_limited"}', {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '2' },
        });
      }),
    );
    follow({ token: () => 'token', tenantId: 'tenant-1', userId: 'user-1', onNotification: () => {} });
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts).toHaveLength(1);
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 3000 });
    // Measured between the two calls (the wait starts once the first answer is read).
    expect((calledAt[1] ?? 0) - (calledAt[0] ?? 0)).toBeGreaterThanOrEqual(1990);
  });
});
