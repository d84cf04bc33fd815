import type { Notification } from '@atende/contracts';
import { ArrowRight } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { AlertTypeIcon, alertTypeLabels, PriorityBadge, shortTicketId } from '../lib/display.tsx';

interface NotificationsPageItemProps {
  notification: Notification;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** 'Ver Ticket' was followed (the screen marks it read). */
  onOpenTicket: () => void;
  /** What "now" is for the relative time (the screen ticks it every minute). */
  now: number;
}

/** One notification of the page: a card-like row that wraps on a phone instead of scrolling. */
export function NotificationsPageItem({
  notification: n,
  selected,
  onSelect,
  onOpenTicket,
  now,
}: NotificationsPageItemProps) {
  const ticketId = n.details.ticket_id;
  const short = shortTicketId(n);
  const typeLabel = alertTypeLabels[n.alert_type] ?? n.alert_type;
  return (
    <li
      data-notification-id={n.notification_id}
      className={cn(
        'flex gap-3 px-4 py-3 sm:px-5',
        selected ? 'bg-brand-50/70' : !n.read && 'bg-brand-50/30',
      )}
    >
      <Checkbox
        className="mt-0.5"
        aria-label={`Selecionar notificação: ${n.title}`}
        checked={selected}
        onCheckedChange={(checked) => onSelect(checked === true)}
      />
      <AlertTypeIcon type={n.alert_type} className="size-5" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className={cn('break-words text-sm text-slate-900', n.read ? 'font-medium' : 'font-semibold')}>
            {n.title}
          </p>
          <time
            dateTime={n.created_at}
            title={formatDateTime(n.created_at)}
            className="shrink-0 whitespace-nowrap text-xs text-slate-600"
          >
            {formatRelativeTime(n.created_at, now)}
          </time>
        </div>
        <p className="mt-0.5 break-words text-sm text-slate-700">{n.message}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs">
          <span>
            <span className="sr-only">Prioridade </span>
            <PriorityBadge priority={n.priority} />
          </span>
          {n.read ? <Badge>Lida</Badge> : <Badge tone="brand">Nova</Badge>}
          <span className="text-slate-600">{typeLabel}</span>
          {short && ticketId && (
            <>
              <span className="font-mono text-slate-600" title={ticketId}>
                Chamado {short}
              </span>
              <TextLink
                to={`/tickets/${ticketId}`}
                onClick={onOpenTicket}
                aria-label={`Ver Ticket ${short}`}
                className="inline-flex items-center gap-1 text-xs"
              >
                Ver Ticket
                <ArrowRight className="size-3.5" aria-hidden="true" />
              </TextLink>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
