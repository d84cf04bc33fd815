import { randomUUID } from 'node:crypto';
import type { MessageAnalysis, TicketAnalysis } from '@atende/analyzer';
import { type AlertType, escalationReasonLabels, priorityOf } from '@atende/contracts';
import type { TenantScope } from '../../db/tenant.ts';
import type { DomainEvents, EventMap } from '../../lib/events.ts';
import { flagAutomatically, ticketSummary } from '../tickets/tickets.service.ts';
import * as repo from './notifications.repo.ts';
import { enqueueForNotifications } from './push.service.ts';

/**
 * Alert generation (ARCHITECTURE "Alerts"): the alert rules react to domain events (the `after…`
 * functions, subscribed in reactions.ts) inside the transaction that published them — an
 * analysis, a flag, the SLA monitor's finding — as that event's tenant: a few small statements,
 * never a list. Alerts are edge-triggered per (ticket, alert type) through `alert_states`: one is
 * created when its condition turns true and the state is re-armed when the condition turns false,
 * so re-analysing a ticket never repeats an alert. New notifications are announced as
 * `notifications.created`, which wakes the live streams (stream.ts) in every process.
 */

/** What alerts name: the ticket (its title, or the start of its content). */
export interface AlertTicket {
  id: string;
  title: string | null;
  content: string;
  /** Whether it is flagged already (spares the automatic flag's update); unknown: undefined. */
  flagged?: boolean;
}

/** Where the analysis came from: the ticket's own, or one of its messages'. */
export type AlertSource = { kind: 'ticket' } | { kind: 'message'; messageId: string };

/** One alert type's condition after an analysis, with the reason an agent reads. */
export interface AlertCondition {
  type: AlertType;
  holds: boolean;
  /** pt-BR sentence: why (only meaningful when `holds`). */
  reason: string;
}

const percent = (n: number) => `${Math.round(n * 100)}%`;
const decimal = (n: number) => n.toFixed(1).replace('.', ',');
const termList = (words: readonly string[]) => words.join(', ');

const isTicketAnalysis = (a: TicketAnalysis | MessageAnalysis): a is TicketAnalysis =>
  'overall_sentiment' in a;

/**
 * The one place that reads analysis fields for alerts: which alert types hold, and why. A ticket
 * analysis decides red flags, escalation, sentiment, CSAT and complexity; a message analysis only
 * red flags and sentiment.
 */
export function alertConditions(analysis: TicketAnalysis | MessageAnalysis): AlertCondition[] {
  const redFlags: AlertCondition = {
    type: 'red_flags',
    holds: analysis.contains_red_flags,
    reason: `Termos detectados: ${termList(analysis.red_flag_words)}.`,
  };
  if (!isTicketAnalysis(analysis)) {
    return [
      {
        ...redFlags,
        reason: `Termos detectados em uma mensagem do cliente: ${termList(analysis.red_flag_words)}.`,
      },
      {
        type: 'negative_sentiment',
        holds: analysis.sentiment === 'negative',
        reason: 'Sentimento negativo em uma mensagem do cliente: responda com prioridade.',
      },
    ];
  }
  const reasons = analysis.escalation_reasons.map((r) => escalationReasonLabels[r] ?? r);
  return [
    redFlags,
    {
      type: 'escalation_required',
      holds: analysis.requires_escalation,
      reason:
        reasons.length > 0
          ? `Escalonamento necessário: ${termList(reasons)}.`
          : 'Escalonamento necessário: envolva um supervisor.',
    },
    {
      type: 'negative_sentiment',
      holds: analysis.overall_sentiment === 'negative',
      reason: 'Sentimento negativo na conversa: o cliente demonstra insatisfação.',
    },
    {
      type: 'low_csat_prediction',
      holds: analysis.csat_score < 7,
      reason: `CSAT previsto ${decimal(analysis.csat_score)}/10, abaixo de 7: o cliente tende a sair insatisfeito.`,
    },
    {
      type: 'high_complexity',
      holds: analysis.complexity_score >= 0.8,
      reason: `Alta complexidade (${percent(analysis.complexity_score)}): o chamado pode exigir um especialista.`,
    },
  ];
}

/** How alerts name a ticket: its title, or the first ~60 characters of its content. */
export function ticketLabel(ticket: Pick<AlertTicket, 'title' | 'content'>) {
  const title = ticket.title?.trim();
  if (title) return title;
  const text = ticket.content.replace(/\s+/g, ' ').trim();
  if (text.length <= 60) return text;
  const cut = text.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const titles: Record<AlertType, (label: string) => string> = {
  ticket_issues: (l) => `Cliente aguardando no chamado «${l}»`,
  sla_warning: (l) => `Prazo de resposta perto do fim no chamado «${l}»`,
  red_flags: (l) => `Sinais de alerta no chamado «${l}»`,
  escalation_required: (l) => `Escalonamento necessário no chamado «${l}»`,
  negative_sentiment: (l) => `Sentimento negativo no chamado «${l}»`,
  low_csat_prediction: (l) => `CSAT previsto baixo no chamado «${l}»`,
  high_complexity: (l) => `Alta complexidade no chamado «${l}»`,
  ticket_notifiable: (l) => `Chamado sinalizado: «${l}»`,
};

/**
 * Stores the alerts as the tenant's notifications, queues their Web Push (push.service.ts: one per
 * user and ticket within 60 s, the highest priority of the burst) and announces them.
 */
async function insertAlerts(
  events: DomainEvents,
  scope: TenantScope,
  ticket: AlertTicket,
  alerts: { type: AlertType; message: string }[],
  messageId: string | null,
) {
  if (alerts.length === 0) return;
  const { tenantId, tx } = scope;
  const label = ticketLabel(ticket);
  const rows = alerts.map((a) => ({
    id: randomUUID(),
    tenantId,
    alertType: a.type,
    priority: priorityOf[a.type],
    title: titles[a.type](label),
    message: a.message,
    ticketId: ticket.id,
    messageId,
  }));
  const seqs = await repo.insertNotifications(tx, rows);
  const push = await enqueueForNotifications(scope, rows);
  // The live push (stream.ts) wakes the tenant's open streams, in every process, on commit; with
  // pushes queued, the web-push workers (jobs.ts) too.
  await events.publish(tx, tenantId, 'notifications.created', {
    first_seq: Math.min(...seqs),
    last_seq: Math.max(...seqs),
    ...(push > 0 ? { push } : {}),
  });
}

/**
 * Creates the alerts whose condition became true for the ticket. A ticket analysis moves every
 * state it decides both ways (true fires once, false re-arms; `ticket_notifiable` is only ever
 * passed as holding, by the automatic flag); a message analysis only raises:
 * one calm message does not mean the ticket's red flags or mood went away, so it never re-arms.
 */
async function raiseAlerts(
  events: DomainEvents,
  scope: TenantScope,
  ticket: AlertTicket,
  conditions: AlertCondition[],
  source: AlertSource,
  quiet: boolean,
): Promise<AlertType[]> {
  const considered = source.kind === 'ticket' ? conditions : conditions.filter((c) => c.holds);
  const fired = await repo.turnedTrue(
    scope.tx,
    scope.tenantId,
    ticket.id,
    considered.map((c) => ({ type: c.type, active: c.holds })),
  );
  const alerts = conditions
    .filter((c) => c.holds && fired.has(c.type))
    .map((c) => ({ type: c.type, message: c.reason }));
  if (quiet) return []; // history: the states moved, nobody is told
  await insertAlerts(events, scope, ticket, alerts, source.kind === 'message' ? source.messageId : null);
  return alerts.map((a) => a.type);
}

/**
 * Everything an analysis triggers for its ticket, in the analysis's transaction, in one upsert of
 * the edge states (plus the writes of what changed): the alerts whose condition became true and,
 * with red flags (`autoFlag`: the ticket's analysis or an inbound message's), the automatic flag
 * and its `ticket_notifiable`. A person's flag is never cleared here.
 */
async function alertsAfterAnalysis(
  events: DomainEvents,
  scope: TenantScope,
  ticket: AlertTicket,
  analysis: TicketAnalysis | MessageAnalysis,
  source: AlertSource,
  options: { autoFlag: boolean; quiet?: boolean } = { autoFlag: true },
) {
  const conditions = alertConditions(analysis);
  if (options.autoFlag && analysis.contains_red_flags) {
    conditions.push({
      type: 'ticket_notifiable',
      holds: true,
      reason: `Chamado sinalizado automaticamente por sinais de alerta: ${termList(analysis.red_flag_words)}.`,
    });
    if (!ticket.flagged) await flagAutomatically(scope, ticket.id);
  }
  return raiseAlerts(events, scope, ticket, conditions, source, options.quiet ?? false);
}

/** How long the customer waited, in words: "45 min", "2 h 5 min", "1 dia e 3 h". */
export function waitedText(minutes: number) {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0)
    return hours > 0
      ? `${days} ${days === 1 ? 'dia' : 'dias'} e ${hours} h`
      : `${days} ${days === 1 ? 'dia' : 'dias'}`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

// The alert rules: each reacts to one domain event (reactions.ts), in the publisher's
// transaction. A fact about a ticket that is gone by then raises nothing.

/** A ticket's analysis: every alert type it decides, both ways, and the automatic flag. */
export async function afterTicketAnalysis(
  events: DomainEvents,
  scope: TenantScope,
  data: EventMap['ticket.analyzed'],
) {
  const ticket = await ticketSummary(scope, data.ticket_id);
  if (ticket) {
    await alertsAfterAnalysis(
      events,
      scope,
      ticket,
      data.analysis,
      { kind: 'ticket' },
      {
        autoFlag: true,
        quiet: data.quiet,
      },
    );
  }
}

/**
 * A message's analysis: only red flags and negative sentiment, only for a message of a ticket;
 * only an inbound one (the customer's) flags the ticket automatically.
 */
export async function afterMessageAnalysis(
  events: DomainEvents,
  scope: TenantScope,
  data: EventMap['message.analyzed'],
) {
  const ticket = data.ticket_id ? await ticketSummary(scope, data.ticket_id) : undefined;
  if (!ticket) return;
  await alertsAfterAnalysis(
    events,
    scope,
    ticket,
    data.analysis,
    { kind: 'message', messageId: data.message_id },
    { autoFlag: data.inbound, quiet: data.quiet },
  );
}

/**
 * A person set or cleared a ticket's flag: `ticket_notifiable` fires when it turns flagged and is
 * re-armed when unflagged (edge state in alert_states, like the others; the automatic flag goes
 * through alertsAfterAnalysis).
 */
export async function afterFlagChange(
  events: DomainEvents,
  scope: TenantScope,
  data: EventMap['ticket.flag_changed'],
) {
  const ticket = await ticketSummary(scope, data.ticket_id);
  if (!ticket) return;
  const fired = await repo.turnedTrue(scope.tx, scope.tenantId, ticket.id, [
    { type: 'ticket_notifiable', active: data.flagged },
  ]);
  if (!data.flagged || !fired.has('ticket_notifiable')) return;
  const message = 'Chamado sinalizado por um atendente para acompanhamento.';
  await insertAlerts(events, scope, ticket, [{ type: 'ticket_notifiable', message }], null);
}

/** The SLA monitor's finding: one `ticket_issues` per waiting episode (it publishes each once). */
export async function afterWaitExceeded(
  events: DomainEvents,
  scope: TenantScope,
  data: EventMap['ticket.wait_exceeded'],
) {
  const ticket = await ticketSummary(scope, data.ticket_id);
  if (!ticket) return;
  const during = data.business_hours ? ' em horário de atendimento' : '';
  const message = `O cliente aguarda resposta há ${waitedText(data.waited_minutes)}${during}, acima do limite da empresa.`;
  await insertAlerts(events, scope, ticket, [{ type: 'ticket_issues', message }], null);
}

/** The SLA monitor's early warning: one `sla_warning` per waiting episode, before the breach (issue 31). */
export async function afterSlaWarning(
  events: DomainEvents,
  scope: TenantScope,
  data: EventMap['ticket.sla_warning'],
) {
  const ticket = await ticketSummary(scope, data.ticket_id);
  if (!ticket) return;
  const during = data.business_hours ? ' em horário de atendimento' : '';
  const message = `O cliente aguarda resposta há ${waitedText(data.waited_minutes)}${during}; o limite da empresa é ${waitedText(data.limit_minutes)}.`;
  await insertAlerts(events, scope, ticket, [{ type: 'sla_warning', message }], null);
}
