import type { PushPublicKey, PushSubscriptionResult } from '@atende/contracts';
import { api } from '../../../lib/api-client.ts';
import { rememberEndpoint, rememberedEndpoint } from '../../../lib/push-device.ts';
import {
  browserSupportsNotifications,
  readBrowserPreference,
  registerServiceWorker,
} from './system-notifications.ts';

/**
 * Web Push (issue 34; docs/ARCHITECTURE.md "Notifications in the browser"): with the browser
 * preference on and the permission granted, the service worker's push subscription
 * (`pushManager.subscribe`, userVisibleOnly, the server's VAPID public key) is sent to the API,
 * so alerts arrive while no Atende tab is open (public/sw.js shows them). Turning the preference
 * off unsubscribes and deletes it; signing out deletes it first (lib/push-device.ts: the request starts
 * before the token is dropped). A browser without a push service (headless Chromium) fails `subscribe()`:
 * logged, never fatal — the in-app and tab notifications go on as before.
 */

const PATH = '/api/v1/notifications/push-subscriptions';
export const browserSupportsPush = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/** The base64url VAPID key as the bytes pushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((v, i) => v === b[i]);
};

let syncing: Promise<boolean> | undefined;

/**
 * Subscribes this browser (or reuses its subscription made with the same key) and stores it with
 * the API when the preference is on and the permission granted; answers whether it did.
 */
export function syncPushSubscription(): Promise<boolean> {
  syncing ??= subscribe().finally(() => {
    syncing = undefined;
  });
  return syncing;
}

async function subscribe(): Promise<boolean> {
  if (!browserSupportsPush() || !browserSupportsNotifications() || !readBrowserPreference()) return false;
  if (Notification.permission !== 'granted') return false;
  try {
    const registration =
      (await registerServiceWorker()) ?? (await navigator.serviceWorker.getRegistration('/'));
    if (!registration) return false;
    const { public_key } = await api.get<PushPublicKey>('/api/v1/notifications/push-public-key');
    const key = applicationServerKey(public_key);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
      // Made with another server key (the pair changed): the push service would refuse our pushes.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    const json = subscription.toJSON();
    await api.post<PushSubscriptionResult>(PATH, {
      endpoint: json.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: json.keys,
    });
    rememberEndpoint(json.endpoint ?? null);
    return true;
  } catch (error) {
    console.warn(
      'Atende: Web Push indisponível neste navegador (as notificações com a aba aberta continuam).',
      error,
    );
    return false;
  }
}

/** The preference was turned off: the browser unsubscribes and the API forgets the device. */
export async function removePushSubscription(): Promise<void> {
  if (!browserSupportsPush()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    const endpoint = subscription?.endpoint ?? rememberedEndpoint();
    if (endpoint) await api.delete<PushSubscriptionResult>(PATH, undefined, { endpoint });
    await subscription?.unsubscribe();
    rememberEndpoint(null);
  } catch (error) {
    console.warn('Atende: não foi possível cancelar o Web Push deste navegador.', error);
  }
}
