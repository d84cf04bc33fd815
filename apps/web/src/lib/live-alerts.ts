// The live notification stream (features/notifications) says on `window` which ticket each new
// alert is about, so a screen showing that ticket reads it again at once rather than at its next
// poll; features never import each other, so they meet here.

const eventName = 'atende:live-alert';

/** Said by the notification stream for each alert it brings (null: an alert about no ticket). */
export function announceLiveAlert(ticketId: string | null) {
  window.dispatchEvent(new CustomEvent<string | null>(eventName, { detail: ticketId }));
}

/** Calls `listener` with the ticket id of each live alert; answers the unsubscribe. */
export function onLiveAlert(listener: (ticketId: string | null) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string | null>).detail);
  window.addEventListener(eventName, handle);
  return () => window.removeEventListener(eventName, handle);
}
