// Atende's service worker (registered at the site root by the web app, served with
// Service-Worker-Allowed: / and no-cache). It shows the system notifications the open app asks for
// (registration.showNotification), and a click focuses the app — or opens it — at the ticket, which
// then marks the notification read. Web Push (issue 34; docs/ARCHITECTURE.md "Notifications in the
// browser"): the `push` handler below shows what the server's web-push workers send while no tab
// is open — {notification_id, title, message, priority, ticket_id} — tagged by the notification id
// (the open app tags a ticket's burst by its lead's id: the same alert is shown once) and kept
// until the user acts; its click is the one above (the ticket opens and the alert is marked read).

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
  // The push payload names the ticket as `ticket_id`; the API's notification shape as `details`.
  const ticketId = n.ticket_id || n.details?.ticket_id;
  const uuid = /^[0-9a-f-]{36}$/i;
  event.waitUntil(
    self.registration.showNotification(n.title, {
      body: typeof n.message === 'string' ? n.message : '',
      tag: n.notification_id,
      icon: '/notification-icon.png',
      requireInteraction: true,
      data: {
        url: typeof ticketId === 'string' && uuid.test(ticketId) ? `/tickets/${ticketId}` : '/notifications',
        notificationId: n.notification_id,
      },
    }),
  );
});
