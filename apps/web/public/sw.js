// Atende's service worker (registered at the site root by the web app, served with
// Service-Worker-Allowed: / and no-cache). It shows the system notifications the open app asks for
// (registration.showNotification), and a click focuses the app — or opens it — at the ticket, which
// then marks the notification read. Web Push is one configuration away: with a push service and
// VAPID keys (docs/ARCHITECTURE.md "Notifications in the browser"), the `push` handler below shows
// a payload shaped like the API's notifications while no tab is open.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const hrefOf = (data) => new URL(data?.url || '/notifications', self.location.origin);

// Pages of the origin that are not the signed-in app (they would ignore the click's message).
const outsideApp = ['/login', '/esqueci-minha-senha', '/nova-senha'];
const isAppWindow = (client) => {
  const { origin, pathname } = new URL(client.url);
  if (origin !== self.location.origin) return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !outsideApp.some((path) => pathname === path || pathname.startsWith(`${path}/`));
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url = hrefOf(data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An app tab (matchAll lists the most recently focused first); /login or /api/docs would
      // ignore the message, so without an app tab a new one opens.
      const open = windows.find(isAppWindow);
      if (open) {
        await open.focus();
        open.postMessage({
          type: 'atende:notification-click',
          notificationId: data.notificationId,
          path: url.pathname,
        });
        return;
      }
      if (data.notificationId) url.searchParams.set('notificacao', data.notificationId);
      await self.clients.openWindow(url.href);
    })(),
  );
});

self.addEventListener('push', (event) => {
  if (!event.data) return;
  let n;
  try {
    n = event.data.json();
  } catch {
    return;
  }
  if (!n || typeof n.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(n.title, {
      body: n.message,
      tag: n.notification_id,
      icon: '/notification-icon.png',
      requireInteraction: n.priority === 'high',
      data: {
        url: n.details?.ticket_id ? `/tickets/${n.details.ticket_id}` : '/notifications',
        notificationId: n.notification_id,
      },
    }),
  );
});
