import { readStoredSession } from './id-token.ts';

// This browser's Web Push device as the API knows it (issue 34): its endpoint, remembered when
// features/notifications/lib/web-push.ts stores the subscription, so signing out can delete it at
// once, before the token is dropped (auth-provider's signOut), without waiting on the worker.

export const PUSH_ENDPOINT_KEY = 'atende.push-endpoint';
const PATH = '/api/v1/notifications/push-subscriptions';

export function rememberEndpoint(endpoint: string | null) {
  try {
    if (endpoint) localStorage.setItem(PUSH_ENDPOINT_KEY, endpoint);
    else localStorage.removeItem(PUSH_ENDPOINT_KEY);
  } catch {
    // storage unavailable: sign-out then has nothing to delete (turning the preference off still does)
  }
}

export function rememberedEndpoint() {
  try {
    return localStorage.getItem(PUSH_ENDPOINT_KEY);
  } catch {
    return null;
  }
}

/**
 * Sign-out: the DELETE of this browser's device starts now, with the session's token (kept alive
 * past the navigation to /login), before the token is dropped; then the browser unsubscribes.
 */
export function forgetPushDeviceOnSignOut() {
  const endpoint = rememberedEndpoint();
  const session = readStoredSession();
  if (!endpoint || !session) return;
  rememberEndpoint(null);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${session.idToken}`,
    'Content-Type': 'application/json',
  };
  if (session.user.tenantId) headers['X-Tenant-ID'] = session.user.tenantId;
  void fetch(PATH, { method: 'DELETE', headers, body: JSON.stringify({ endpoint }), keepalive: true }).catch(
    (error) => console.warn('Atende: não foi possível cancelar o Web Push ao sair.', error),
  );
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker
      .getRegistration('/')
      .then((registration) => registration?.pushManager?.getSubscription())
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => {});
  }
}
