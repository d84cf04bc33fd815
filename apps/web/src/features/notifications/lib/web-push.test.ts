import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { forgetPushDeviceOnSignOut, PUSH_ENDPOINT_KEY } from '../../../lib/push-device.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { BROWSER_PREFERENCE_KEY } from './system-notifications.ts';
import { applicationServerKey, removePushSubscription, syncPushSubscription } from './web-push.ts';

// The browser half of Web Push with the browser's parts stubbed (jsdom has no push service): what
// is asked of pushManager, what is sent to the API, and that a failing subscribe() is not fatal.

const publicKey = `B${'A'.repeat(86)}`; // 65 bytes in base64url
const endpoint = 'https://push.example.com/send/abc';
const keys = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };

let subscribe: ReturnType<typeof vi.fn>;
let unsubscribe: ReturnType<typeof vi.fn>;
let current: unknown;
let calls: { method: string; url: string; body: unknown; keepalive?: boolean }[];

beforeEach(() => {
  localStorage.setItem(BROWSER_PREFERENCE_KEY, 'on');
  vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'granted' }));
  vi.stubGlobal('PushManager', class {});
  unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  current = null;
  subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    current = {
      endpoint,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe,
    };
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => registration, getRegistration: async () => registration },
  });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        keepalive: init.keepalive,
      });
      const body = url.endsWith('push-public-key')
        ? { public_key: publicKey }
        : { success: true, devices: 1 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Web Push in the browser', () => {
  it('decodes the base64url VAPID key into its 65 bytes', () => {
    const bytes = applicationServerKey(publicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
  });

  it('subscribes with userVisibleOnly and the server key, posts the subscription, remembers its endpoint', async () => {
    expect(await syncPushSubscription()).toBe(true);
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toEqual(applicationServerKey(publicKey));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/notifications/push-public-key',
      'POST /api/v1/notifications/push-subscriptions',
    ]);
    expect(calls[1]?.body).toEqual({ endpoint, expirationTime: null, keys });
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBe(endpoint);
    // Again: the same subscription is reused, not made anew.
    await syncPushSubscription();
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('does nothing with the preference off or without permission', async () => {
    localStorage.setItem(BROWSER_PREFERENCE_KEY, 'off');
    expect(await syncPushSubscription()).toBe(false);
    localStorage.setItem(BROWSER_PREFERENCE_KEY, 'on');
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'denied' }));
    expect(await syncPushSubscription()).toBe(false);
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('logs a failing subscribe() (no push service) and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    );
    expect(await syncPushSubscription()).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Web Push indisponível'),
      expect.any(DOMException),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('turning the preference off deletes the device and unsubscribes', async () => {
    await syncPushSubscription();
    await removePushSubscription();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { endpoint } });
    expect(unsubscribe).toHaveBeenCalled();
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBeNull();
  });

  it('sign-out sends the DELETE at once, keepalive, with the token, and forgets the endpoint', () => {
    localStorage.setItem(PUSH_ENDPOINT_KEY, endpoint);
    forgetPushDeviceOnSignOut();
    expect(calls).toEqual([]); // no session: nothing can be sent, the endpoint stays
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    forgetPushDeviceOnSignOut();
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/v1/notifications/push-subscriptions',
        body: { endpoint },
        keepalive: true,
      },
    ]);
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBeNull();
  });
});
