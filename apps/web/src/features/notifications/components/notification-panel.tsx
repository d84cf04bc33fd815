import type { Notification } from '@atende/contracts';
import * as Popover from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, CheckCheck, Trash2 } from 'lucide-react';
import { type ReactNode, type RefObject, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { alertTypeLabels } from '../../../lib/notification-labels.ts';
import { BELL_LIST_LIMIT, useAllNotifications, useUnreadNotifications } from '../api/get-notifications.ts';
import { clearLater, useMarkAllRead, useMarkRead } from '../api/mark-read.ts';
import { AlertTypeIcon, notificationHref, PriorityBadge, shortTicketId } from '../lib/display.tsx';
import { groupBursts, leadFirst } from '../lib/interruptions.ts';
import {
  browserSupportsNotifications,
  readBrowserPreference,
  writeBrowserPreference,
} from '../lib/system-notifications.ts';

function subscribePreference(onChange: () => void) {
  window.addEventListener('atende:browser-preference', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('atende:browser-preference', onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** 'Navegador: Ativado/Desativado' — turning it on asks the browser's permission. */
function BrowserToggle() {
  const on = useSyncExternalStore(subscribePreference, readBrowserPreference, () => false);
  const [asking, setAsking] = useState(false);
  async function toggle() {
    if (on) {
      if (!writeBrowserPreference(false)) {
        toast.error('Erro', {
          description: 'Não foi possível atualizar a preferência de notificações do navegador.',
        });
      }
      return;
    }
    if (!browserSupportsNotifications()) {
      toast.error('Navegador não suportado', {
        description: 'Seu navegador não suporta notificações de sistema.',
      });
      return;
    }
    setAsking(true);
    try {
      const permission =
        Notification.permission === 'default'
          ? await Notification.requestPermission()
          : Notification.permission;
      if (permission !== 'granted') {
        writeBrowserPreference(false);
        toast.warning('Permissão negada', {
          description: 'Não foi possível ativar notificações do navegador.',
        });
        return;
      }
      if (!writeBrowserPreference(true)) {
        toast.error('Erro', {
          description: 'Não foi possível atualizar a preferência de notificações do navegador.',
        });
      }
    } catch {
      toast.error('Erro', {
        description: 'Não foi possível atualizar a preferência de notificações do navegador.',
      });
    } finally {
      setAsking(false);
    }
  }
  const Icon = on ? BellRing : BellOff;
  return (
    <Button variant="secondary" size="sm" aria-pressed={on} pending={asking} onClick={toggle}>
      <Icon className="size-4" aria-hidden="true" />
      Navegador: {on ? 'Ativado' : 'Desativado'}
    </Button>
  );
}

/** How long 'Limpar' can be undone (the 'Desfazer' toast's life); nothing is sent before. */
export const CLEAR_UNDO_MS = 5000;

function NotificationItem({
  notification: n,
  showState,
  onOpen,
  reasons,
  children,
}: {
  notification: Notification;
  showState: boolean;
  onOpen: () => void;
  /** A burst's item: every alert type of it, as chips. */
  reasons?: string[];
  /** Below the item's button (a burst's 'Ver os N alertas' and its list). */
  children?: ReactNode;
}) {
  const ticket = shortTicketId(n);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50',
          !n.read && 'bg-brand-50/40',
          focusRing,
          'focus-visible:-outline-offset-2',
        )}
      >
        <AlertTypeIcon type={n.alert_type} className="mt-0.5 size-5" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-slate-900">{n.title}</span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{n.message}</span>
          {reasons && (
            <span className="mt-1.5 flex flex-wrap gap-1">
              {reasons.map((reason) => (
                <span
                  key={reason}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                >
                  {reason}
                </span>
              ))}
            </span>
          )}
          <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
            <PriorityBadge priority={n.priority} />
            {showState && (
              <span className={cn('font-medium', n.read ? 'text-slate-500' : 'text-brand-800')}>
                {n.read ? 'Lida' : 'Nova'}
              </span>
            )}
            <time dateTime={n.created_at} title={formatDateTime(n.created_at)}>
              {formatRelativeTime(n.created_at)}
            </time>
            {ticket && <span className="font-mono">#{ticket}</span>}
          </span>
        </span>
      </button>
      {children}
    </li>
  );
}

/**
 * A ticket's alerts of one burst (issue 34): one item titled by the highest priority, the reasons
 * as chips; opening it marks each read; 'Ver os N alertas' shows each.
 */
function NotificationBurst({
  alerts,
  showState,
  onOpen,
}: {
  alerts: Notification[];
  showState: boolean;
  onOpen: (alerts: Notification[]) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const [lead] = [...alerts].sort(leadFirst) as [Notification];
  const reasons = [...new Set(alerts.map((n) => alertTypeLabels[n.alert_type]))];
  return (
    <NotificationItem
      notification={{ ...lead, read: alerts.every((n) => n.read) }}
      showState={showState}
      onOpen={() => onOpen(alerts)}
      reasons={reasons}
    >
      <div className="px-4 pb-2 pl-12">
        <Button variant="link" size="sm" aria-expanded={expanded} onClick={() => setExpanded((was) => !was)}>
          {expanded ? 'Ocultar os alertas' : `Ver os ${alerts.length} alertas`}
        </Button>
      </div>
      {expanded && (
        <ul
          className="divide-y divide-slate-100 border-t border-slate-100 pl-8"
          aria-label="Alertas do chamado"
        >
          {alerts.map((n) => (
            <NotificationItem
              key={n.notification_id}
              notification={n}
              showState={showState}
              onOpen={() => onOpen([n])}
            />
          ))}
        </ul>
      )}
    </NotificationItem>
  );
}

/**
 * The bell's panel, loaded when first wanted: a Radix Popover, modal (focus stays inside, Escape
 * closes), anchored to the bell, with the unread or all notifications, the browser toggle, 'Ver
 * todas', 'Marcar como lidas' and 'Limpar' (the items the panel shows, undoable for 5 s).
 */
export function NotificationPanel({
  id,
  anchor,
  onClose,
}: {
  /** The bell's aria-controls. */
  id: string;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const navigate = useNavigate();
  const unread = useUnreadNotifications();
  const all = useAllNotifications(BELL_LIST_LIMIT, { enabled: showAll });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const queryClient = useQueryClient();

  const unreadCount = unread.data?.total ?? 0;
  const shown = showAll ? all : unread;
  const items = shown.data?.notifications ?? [];

  /** 'Limpar': the items shown go at once; a 'Desfazer' toast keeps them for 5 s. */
  function clearShown() {
    const ids = items.map((n) => n.notification_id);
    if (ids.length === 0) return;
    onClose();
    const undo = clearLater(queryClient, ids, CLEAR_UNDO_MS, () =>
      toast.error('Erro', { description: 'Não foi possível limpar as notificações.' }),
    );
    toast.success(ids.length === 1 ? '1 notificação limpa' : `${ids.length} notificações limpas`, {
      duration: CLEAR_UNDO_MS,
      action: { label: 'Desfazer', onClick: undo },
    });
  }

  /** An item (or a burst's alerts): each unread one is marked read, and the ticket opens. */
  function openItem(alerts: Notification[]) {
    onClose();
    const unreadIds = alerts.filter((n) => !n.read).map((n) => n.notification_id);
    if (unreadIds.length > 0) {
      markRead.mutate(unreadIds, {
        onError: () =>
          toast.error('Erro', { description: 'Não foi possível marcar a notificação como lida.' }),
      });
    }
    const [first] = alerts;
    if (first?.details.ticket_id) navigate(notificationHref(first));
  }

  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()} modal>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notificações"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
          className="z-50 flex max-h-[min(36rem,calc(100vh-5rem))] w-[min(26rem,calc(100vw-1rem))] flex-col rounded-lg border border-slate-200 bg-white shadow-xl outline-none"
        >
          <div className="border-b border-slate-200 px-4 py-3">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-base font-semibold text-slate-900">
                Notificações <span className="font-normal text-slate-600">({unreadCount})</span>
              </h2>
              <Button variant="link" onClick={() => setShowAll((was) => !was)}>
                {showAll ? 'Apenas não lidas' : 'Mostrar todas'}
              </Button>
            </div>
            <div className="mt-2">
              <BrowserToggle />
            </div>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto">
            {shown.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner label="Carregando notificações" />
              </div>
            ) : shown.isError ? (
              <div className="px-4 py-8 text-center" role="alert">
                <p className="text-sm font-medium text-slate-900">Erro ao carregar notificações</p>
                <p className="mt-1 text-sm text-slate-600">
                  Não foi possível carregar as notificações no momento.
                </p>
              </div>
            ) : items.length === 0 ? (
              <div className="px-4 py-10 text-center">
                <p className="text-sm font-medium text-slate-900">
                  {showAll ? 'Nenhuma notificação encontrada' : 'Nenhuma notificação não lida'}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {showAll
                    ? 'Não há notificações para exibir'
                    : 'Você está em dia com todas as suas notificações!'}
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {groupBursts(items).map((alerts) => {
                  const [n] = alerts as [Notification];
                  return alerts.length > 1 ? (
                    <NotificationBurst
                      key={n.notification_id}
                      alerts={alerts}
                      showState={showAll}
                      onOpen={openItem}
                    />
                  ) : (
                    <NotificationItem
                      key={n.notification_id}
                      notification={n}
                      showState={showAll}
                      onOpen={() => openItem([n])}
                    />
                  );
                })}
              </ul>
            )}
          </div>

          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
            <Link
              to="/notifications"
              onClick={onClose}
              className={cn(
                'text-sm font-medium text-brand-700 underline-offset-4 hover:underline',
                focusRing,
              )}
            >
              Ver todas
            </Link>
            <div className="flex gap-2">
              {unreadCount > 0 && (
                <Button
                  variant="secondary"
                  size="sm"
                  pending={markAll.isPending}
                  onClick={() =>
                    markAll.mutate(undefined, {
                      onError: () =>
                        toast.error('Erro', {
                          description: 'Não foi possível marcar todas as notificações como lidas.',
                        }),
                    })
                  }
                >
                  <CheckCheck className="size-4" aria-hidden="true" />
                  Marcar como lidas
                </Button>
              )}
              <Button variant="ghost" size="sm" disabled={items.length === 0} onClick={clearShown}>
                <Trash2 className="size-4" aria-hidden="true" />
                Limpar
              </Button>
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
