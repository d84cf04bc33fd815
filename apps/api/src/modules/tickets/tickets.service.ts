import { foldText } from '@atende/analyzer/text';
import type { CreateTicket, ListTicketsQuery, Ticket, UpdateTicket } from '@atende/contracts';
import type { Db } from '../../db/client.ts';
import { withSystem } from '../../db/system.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso, searchTextOf } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { dateRange } from '../../lib/periods.ts';
import { toTicketAnalysisDto } from '../analysis/analysis.service.ts';
import { findCustomer } from '../customers/customers.service.ts';
import * as repo from './tickets.repo.ts';

const ticketNotFound = () => notFound('Chamado não encontrado.');

/** What the writes that announce a change need beyond the transaction. */
export interface TicketsDeps {
  events: DomainEvents;
}

export function toTicketDto({ ticket, analysis, liveCustomerName }: repo.ShownTicket): Ticket {
  return {
    id: ticket.id,
    source: ticket.source === 'digisac' ? 'digisac' : 'internal',
    external:
      ticket.source === 'digisac'
        ? { protocol: ticket.protocol, contact_number: ticket.contactNumber }
        : null,
    title: ticket.title,
    content: ticket.content,
    conversation_text: ticket.conversationText,
    customer_id: ticket.customerId,
    customer_name: liveCustomerName ?? ticket.customerName,
    flagged: ticket.flagged,
    requires_attention: analysis ? analysis.containsRedFlags || analysis.requiresEscalation : false,
    analysis: analysis ? toTicketAnalysisDto(analysis) : null,
    created_at: iso(ticket.createdAt),
    updated_at: iso(ticket.updatedAt),
  };
}

/** The list's filters as the repository takes them (the tickets list, the export, the dashboard links). */
export function ticketFilterOf(
  q: Omit<ListTicketsQuery, 'page' | 'per_page' | 'sort' | 'order'>,
): repo.TicketFilter {
  const { from, to } = dateRange(q.start_date, q.end_date);
  return {
    search: q.search,
    from,
    to,
    customerId: q.customer_id,
    flagged: q.flagged,
    sentiment: q.sentiment,
    solvedStatus: q.solved_status,
    requiresEscalation: q.requires_escalation,
    containsRedFlags: q.contains_red_flags,
    csatLt: q.csat_lt,
    csatGte: q.csat_gte,
    requiresAttention: q.requires_attention,
    analyzed: q.analyzed,
    redFlagTerm: q.red_flag_term ? foldText(q.red_flag_term) : undefined,
    source: q.source,
  };
}

export async function listTickets({ tx }: TenantScope, q: ListTicketsQuery) {
  const { rows, total, estimate } = await repo.listTickets(
    tx,
    ticketFilterOf(q),
    { by: q.sort, order: q.order },
    q.page,
    q.per_page,
  );
  return {
    tickets: rows.map(toTicketDto),
    total,
    ...(estimate && { total_is_estimate: true }),
    page: q.page,
    per_page: q.per_page,
  };
}

/** Whether the tenant has this ticket (a message may link to it). */
export const ticketExists = async ({ tx }: TenantScope, id: string) =>
  (await repo.findTicket(tx, id)) !== undefined;

export async function getTicket({ tx }: TenantScope, id: string) {
  const row = await repo.findTicket(tx, id);
  if (!row) throw ticketNotFound();
  return toTicketDto(row);
}

/** The customer to link: must be one of the tenant's (row-level security hides the others). */
async function customerToLink(scope: TenantScope, customerId: string) {
  const customer = await findCustomer(scope, customerId);
  if (!customer) {
    throw new AppError('validation_error', 'Cliente não encontrado.', [
      { field: 'body.customer_id', message: 'Cliente não encontrado.' },
    ]);
  }
  return customer;
}

export async function createTicket(scope: TenantScope, input: CreateTicket) {
  const { tenantId, tx } = scope;
  const customer = input.customer_id ? await customerToLink(scope, input.customer_id) : undefined;
  const values = {
    title: input.title ?? null,
    content: input.content,
    conversationText: input.conversation_text ?? null,
    customerId: customer?.id ?? null,
    customerName: customer?.name ?? null,
  };
  const id = await repo.insertTicket(tx, {
    tenantId,
    ...values,
    searchText: searchTextOf(values.title, values.content, values.customerName),
  });
  return getTicket(scope, id);
}

export async function updateTicket(
  { events }: TicketsDeps,
  scope: TenantScope,
  id: string,
  input: UpdateTicket,
) {
  const { tenantId, tx } = scope;
  const current = await repo.findTicket(tx, id);
  if (!current) throw ticketNotFound();
  const { ticket } = current;
  let customerId = ticket.customerId;
  let customerName = ticket.customerName;
  if (input.customer_id !== undefined && input.customer_id !== ticket.customerId) {
    const customer = input.customer_id ? await customerToLink(scope, input.customer_id) : undefined;
    customerId = customer?.id ?? null;
    customerName = customer?.name ?? null;
  }
  if (ticket.source === 'digisac' && (input.content !== undefined || input.conversation_text !== undefined)) {
    throw new AppError(
      'conflict',
      'A conversa de um chamado do DigiSac vem do DigiSac e não pode ser editada aqui.',
      [
        {
          field: input.content !== undefined ? 'body.content' : 'body.conversation_text',
          message: 'Somente leitura.',
        },
      ],
    );
  }
  const title = input.title === undefined ? ticket.title : input.title;
  const content = input.content ?? ticket.content;
  await repo.updateTicket(tx, id, {
    title,
    content,
    conversationText:
      input.conversation_text === undefined ? ticket.conversationText : input.conversation_text,
    customerId,
    customerName,
    flagged: input.flagged ?? ticket.flagged,
    searchText: searchTextOf(title, content, customerName),
  });
  if (input.flagged !== undefined) {
    await events.publish(tx, tenantId, 'ticket.flag_changed', { ticket_id: id, flagged: input.flagged });
  }
  return getTicket(scope, id);
}

/** A person flags or unflags a ticket (turning it flagged raises `ticket_notifiable`). */
export async function setTicketFlag(
  { events }: TicketsDeps,
  scope: TenantScope,
  id: string,
  flagged: boolean,
) {
  if (!(await repo.updateTicket(scope.tx, id, { flagged }))) throw ticketNotFound();
  await events.publish(scope.tx, scope.tenantId, 'ticket.flag_changed', { ticket_id: id, flagged });
  return getTicket(scope, id);
}

/**
 * The analyzer found red flags: the ticket is flagged without a `ticket.flag_changed` (the alert
 * rule that calls this raises the automatic flag's own `ticket_notifiable`). A flagged ticket is
 * left alone.
 */
export async function flagAutomatically({ tx }: TenantScope, id: string) {
  await repo.flagIfUnflagged(tx, id);
}

/** What ingestion knows of a DigiSac ticket. */
export interface DigisacTicketFacts {
  externalId: string;
  protocol: string | null;
  isOpen: boolean | null;
  contactNumber: string | null;
  departmentName: string | null;
  agentName: string | null;
  customer: { id: string; name: string } | null;
  createdAt: Date | null;
}

/**
 * A DigiSac ticket as one Atende ticket for its whole life (matched by its DigiSac id; a reopened
 * ticket keeps its row): inserted with what is known, else updated with what changed. Closing it
 * ends the customer's wait without an SLA episode and makes its analysis due now. Its content is
 * the transcript, rebuilt by setDigisacTranscript. Answers its id.
 */
export async function upsertDigisacTicket({ tenantId, tx }: TenantScope, facts: DigisacTicketFacts) {
  const found = await repo.findByExternalId(tx, facts.externalId);
  const known = {
    ...(facts.protocol !== null && { protocol: facts.protocol }),
    ...(facts.isOpen !== null && { isOpen: facts.isOpen }),
    ...(facts.contactNumber !== null && { contactNumber: facts.contactNumber }),
    ...(facts.departmentName !== null && { departmentName: facts.departmentName }),
    ...(facts.agentName !== null && { agentName: facts.agentName }),
  };
  if (!found) {
    const title = digisacTitle(facts.protocol, facts.customer?.name ?? null, facts.contactNumber);
    return repo.insertTicket(tx, {
      tenantId,
      source: 'digisac',
      externalId: facts.externalId,
      ...known,
      title,
      content: '',
      customerId: facts.customer?.id ?? null,
      customerName: facts.customer?.name ?? null,
      searchText: searchTextOf(title, facts.customer?.name, facts.contactNumber),
      ...(facts.createdAt && { createdAt: facts.createdAt, updatedAt: facts.createdAt }),
      ...(facts.isOpen === false && { analysisDueAt: new Date() }),
    });
  }
  const closing = facts.isOpen === false;
  const linking =
    found.customerId === null && facts.customer
      ? { customerId: facts.customer.id, customerName: facts.customer.name }
      : {};
  // A ticket written from its first message before DigiSac was asked (digisac.processing.ts) gets
  // its protocol and contact later: a title nobody edited follows them.
  const next = { ...found, ...known, ...linking };
  const title = digisacTitle(next.protocol, next.customerName, next.contactNumber);
  const retitled =
    found.title === digisacTitle(found.protocol, found.customerName, found.contactNumber) &&
    title !== found.title;
  // Once per ticket: its content (the transcript) is read for the search text only then.
  const content = retitled ? ((await repo.findTicket(tx, found.id))?.ticket.content ?? '') : '';
  const retitling = retitled
    ? { title, searchText: searchTextOf(title, content, next.customerName, next.contactNumber) }
    : {};
  if (Object.keys(known).length > 0 || closing || Object.keys(linking).length > 0) {
    await repo.updateTicket(tx, found.id, {
      ...known,
      ...linking,
      ...retitling,
      // Closed in DigiSac: nobody waits any more (no episode); just closed, its analysis is due now.
      ...(closing && { waitStartedAt: null, slaPending: false }),
      ...(closing && found.isOpen !== false && { analysisDueAt: new Date() }),
    });
  }
  return found.id;
}

/** A DigiSac ticket's title until someone edits it: its protocol and who it is with, when known. */
function digisacTitle(protocol: string | null, customerName: string | null, contactNumber: string | null) {
  const who = customerName ?? contactNumber;
  if (!protocol && !who) return 'Nova conversa no DigiSac';
  return `DigiSac ${protocol ? `#${protocol}` : ''} ${who ?? ''}`.replace(/\s+/g, ' ').trim();
}

/**
 * System: claims DigiSac tickets whose analysis is due, across tenants (the `digisac-analysis`
 * job); `leaseSeconds` later they are due again unless clearDigisacAnalysisDue ran.
 */
export const claimDueDigisacAnalyses = (db: Db, limit: number, leaseSeconds: number) =>
  withSystem(db, 'digisac-analysis', (tx) => repo.claimDueAnalyses(tx, limit, leaseSeconds));

/** The claimed analysis is done (unless a message made it due again meanwhile). */
export const clearDigisacAnalysisDue = ({ tx }: TenantScope, id: string, claimedDue: string) =>
  repo.clearDue(tx, id, claimedDue);

/** The Atende ticket of a DigiSac ticket: its id and open state; undefined until it is ingested. */
export const findDigisacTicket = ({ tx }: TenantScope, externalId: string) =>
  repo.findByExternalId(tx, externalId);

/** A new message arrived: the ticket's analysis is due after the debounce (unless due sooner). */
export async function digisacAnalysisDue({ tx }: TenantScope, id: string, debounceSeconds: number) {
  await repo.markAnalysisDue(tx, id, debounceSeconds);
}

/** The DigiSac ticket's transcript (the newest part of its conversation) as its content. */
export async function setDigisacTranscript({ tx }: TenantScope, id: string, transcript: string) {
  const row = await repo.findTicket(tx, id);
  if (!row) return;
  const { ticket } = row;
  await repo.updateTicket(tx, id, {
    content: transcript,
    conversationText: transcript,
    searchText: searchTextOf(ticket.title, transcript, ticket.customerName, ticket.contactNumber),
  });
}

/** How alerts name a ticket: its title and the start of its content; undefined when it is gone. */
export const ticketSummary = ({ tx }: TenantScope, id: string) => repo.findTicketSummary(tx, id);

export async function deleteTicket({ tx }: TenantScope, id: string) {
  if (!(await repo.deleteTicket(tx, id))) throw ticketNotFound();
}
