import type { Notification, Priority } from '@atende/contracts';
import { alertTypeLabels } from '../../../lib/notification-labels.ts';

/**
 * One risky ticket, one interruption (issue 34): an analysed ticket may raise several alerts at
 * once (red flags, escalation, negative sentiment, low CSAT…). Each stays a notification of its
 * own (the panel, the page, the preferences), but the alerts of one ticket that arrive together —
 * one burst, or within 60 s of its first interruption — make one toast and one system
 * notification: titled by the highest-priority alert, naming the others ('Também: sentimento
 * negativo, CSAT previsto baixo'). A later alert of the ticket within the 60 s updates that
 * interruption in place (same toast id, same system notification tag) instead of adding one.
 */

/** A ticket's alerts within this time of its first interruption join it. */
export const TICKET_WINDOW_MS = 60_000;

export interface Interruption {
  /** Stable for the 60 s: the toast's id and the system notification's tag (the first lead's id). */
  key: string;
  /** The highest-priority alert (then the newest): its title, message and ticket. */
  lead: Notification;
  /** Every alert of the interruption, the lead included (a click marks each read). */
  alerts: Notification[];
  /** The lead's message, and 'Também: …' naming the other alerts' types. */
  description: string;
  /** Whether it updates an interruption shown within the last 60 s. */
  update: boolean;
}

/** A ticket's open interruption: when it was first shown, its key and alerts. */
export interface OpenInterruption {
  at: number;
  key: string;
  alerts: Notification[];
}

const rank: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
const newestFirst = (a: Notification, b: Notification) => b.created_at.localeCompare(a.created_at);
/** Highest priority first, then newest: the order that picks an interruption's lead. */
export const leadFirst = (a: Notification, b: Notification) =>
  rank[a.priority] - rank[b.priority] || newestFirst(a, b);

/** 'Sentimento negativo' → 'sentimento negativo' mid-sentence; 'CSAT previsto baixo' stays. */
const midSentence = (label: string) =>
  /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

function describe(lead: Notification, alerts: Notification[]): string {
  const others = [
    ...new Set(
      alerts
        .filter((n) => n.alert_type !== lead.alert_type)
        .sort(leadFirst)
        .map((n) => midSentence(alertTypeLabels[n.alert_type])),
    ),
  ];
  return others.length > 0 ? `${lead.message} Também: ${others.join(', ')}.` : lead.message;
}

/**
 * A burst's new alerts as interruptions, newest first. `open` (ticket id → its interruption) is
 * read and updated: entries older than 60 s are dropped; an alert about no ticket stands alone.
 */
export function groupInterruptions(
  fresh: readonly Notification[],
  open: Map<string, OpenInterruption>,
  now: number,
): Interruption[] {
  for (const [ticket, entry] of open) if (now - entry.at >= TICKET_WINDOW_MS) open.delete(ticket);
  const byTicket = new Map<string, Notification[]>();
  const result: Interruption[] = [];
  for (const n of [...fresh].sort(newestFirst)) {
    const ticket = n.details.ticket_id;
    if (!ticket) {
      result.push({ key: n.notification_id, lead: n, alerts: [n], description: n.message, update: false });
      continue;
    }
    byTicket.set(ticket, [...(byTicket.get(ticket) ?? []), n]);
  }
  for (const [ticket, alerts] of byTicket) {
    const earlier = open.get(ticket);
    const all = [...alerts, ...(earlier?.alerts ?? [])];
    const [lead] = [...all].sort(leadFirst) as [Notification];
    const key = earlier?.key ?? lead.notification_id;
    open.set(ticket, { at: earlier?.at ?? now, key, alerts: all });
    result.push({ key, lead, alerts: all, description: describe(lead, all), update: earlier !== undefined });
  }
  const newest = (i: Interruption) =>
    i.alerts
      .map((n) => n.created_at)
      .sort()
      .at(-1) ?? '';
  return result.sort((a, b) => newest(b).localeCompare(newest(a)));
}

/**
 * The bell panel's items (newest first) with a ticket's alerts of one burst — within 60 s of its
 * newest — as one group, placed where its newest is; an alert about no ticket is a group alone.
 */
export function groupBursts(items: readonly Notification[]): Notification[][] {
  const groups: Notification[][] = [];
  const open = new Map<string, Notification[]>();
  for (const n of items) {
    const ticket = n.details.ticket_id;
    const group = ticket ? open.get(ticket) : undefined;
    const head = group?.[0];
    if (group && head && Date.parse(head.created_at) - Date.parse(n.created_at) < TICKET_WINDOW_MS) {
      group.push(n);
      continue;
    }
    const fresh = [n];
    groups.push(fresh);
    if (ticket) open.set(ticket, fresh);
  }
  return groups;
}
