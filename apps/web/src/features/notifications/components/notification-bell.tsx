import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNotificationFeed } from '../lib/use-notification-feed.tsx';

/** The badge caps at 99+. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

// The panel (Radix Popover and its positioning, the lists) is its own chunk, fetched when the
// bell is first hovered or focused, or once the page is idle.
const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/** The panel's id (Popover.Content), for the bell's aria-controls while it is open. */
export const NOTIFICATION_PANEL_ID = 'notification-panel';

/** While the panel's chunk loads (a slow network): a small spinner on the bell's lower corner. */
function PanelLoading() {
  return (
    <span
      role="status"
      data-testid="notification-panel-loading"
      className="pointer-events-none absolute -right-0.5 -bottom-0.5 flex size-5 items-center justify-center rounded-full bg-white shadow"
    >
      <Spinner className="size-3.5" />
      <span className="sr-only">Carregando notificações</span>
    </span>
  );
}

/**
 * The header bell: the unread badge, and the panel it opens. The window events
 * toggle-notifications, open-notifications and close-notifications (Alt+N) drive it. It also keeps
 * the notifications fresh (useNotificationFeed), once for the whole app.
 */
export function NotificationBell({ tenantId }: { tenantId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const unread = useNotificationFeed(tenantId);

  useEffect(() => {
    const toggle = () => setOpen((was) => !was);
    const show = () => setOpen(true);
    const hide = () => setOpen(false);
    window.addEventListener('toggle-notifications', toggle);
    window.addEventListener('open-notifications', show);
    window.addEventListener('close-notifications', hide);
    const idle = setTimeout(() => void loadPanel(), 2000);
    return () => {
      window.removeEventListener('toggle-notifications', toggle);
      window.removeEventListener('open-notifications', show);
      window.removeEventListener('close-notifications', hide);
      clearTimeout(idle);
    };
  }, []);

  const unreadCount = unread.data?.total ?? 0;
  return (
    <div className="relative flex">
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? NOTIFICATION_PANEL_ID : undefined}
        onClick={() => setOpen((was) => !was)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className={cn(
          'relative flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
          focusRing,
        )}
        aria-label={unreadCount > 0 ? `Notificações: ${badgeText(unreadCount)} não lidas` : 'Notificações'}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unreadCount > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {badgeText(unreadCount)}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={<PanelLoading />}>
          <NotificationPanel id={NOTIFICATION_PANEL_ID} anchor={button} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
