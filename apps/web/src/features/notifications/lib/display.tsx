import type { AlertType, Notification, Priority } from '@atende/contracts';
import {
  ArrowUp,
  Bell,
  CircleAlert,
  Flag,
  Frown,
  Hourglass,
  type LucideIcon,
  Megaphone,
  TrendingDown,
  TriangleAlert,
} from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { priorityLabels } from '../../../lib/notification-labels.ts';

// The labels live in src/lib (Settings' notification preferences show them too).
export { alertTypeLabels, priorityLabels } from '../../../lib/notification-labels.ts';

/**
 * The icon of each alert type (warning sign, hourglass, flag, up arrow, worried face, chart down, red circle,
 * bell; default megaphone) and the priority colours (high red, medium yellow, low blue, default
 * gray).
 */
const icons: Record<AlertType, { icon: LucideIcon; className: string }> = {
  ticket_issues: { icon: TriangleAlert, className: 'text-amber-600' },
  sla_warning: { icon: Hourglass, className: 'text-yellow-600' },
  red_flags: { icon: Flag, className: 'text-red-600' },
  escalation_required: { icon: ArrowUp, className: 'text-red-600' },
  negative_sentiment: { icon: Frown, className: 'text-orange-600' },
  low_csat_prediction: { icon: TrendingDown, className: 'text-amber-700' },
  high_complexity: { icon: CircleAlert, className: 'text-red-600' },
  ticket_notifiable: { icon: Bell, className: 'text-brand-700' },
};

export function AlertTypeIcon({ type, className = 'size-5' }: { type: string; className?: string }) {
  const { icon: Icon, className: tone } = icons[type as AlertType] ?? {
    icon: Megaphone,
    className: 'text-slate-500',
  };
  return <Icon className={`${className} shrink-0 ${tone}`} aria-hidden="true" />;
}

const priorityTones: Record<Priority, BadgeTone> = { high: 'red', medium: 'yellow', low: 'blue' };

export function PriorityBadge({ priority }: { priority: string }) {
  const known = priority in priorityLabels ? (priority as Priority) : undefined;
  return (
    <Badge tone={known ? priorityTones[known] : 'gray'}>{known ? priorityLabels[known] : priority}</Badge>
  );
}

/** The last 8 characters of the ticket id, as the bell and the page show it. */
export const shortTicketId = (n: Pick<Notification, 'details'>) => n.details.ticket_id?.slice(-8) ?? null;

/** Where a notification leads: its ticket, else the notifications page. */
export const notificationHref = (n: Pick<Notification, 'details'>) =>
  n.details.ticket_id ? `/tickets/${n.details.ticket_id}` : '/notifications';
