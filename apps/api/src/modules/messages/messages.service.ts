import type { MessageAnalysis } from '@atende/analyzer';
import type {
  Conversation,
  ConversationQuery,
  CreateMessage,
  ListMessagesQuery,
  Message,
} from '@atende/contracts';
import type { TenantScope, TenantTx } from '../../db/tenant.ts';
import { iso, searchTextOf } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  type AnalysisDeps,
  addNewMessageAnalysis,
  analyzeNewMessage,
  inAnalysisTurn,
  type Provenance,
  toMessageAnalysisDto,
} from '../analysis/analysis.service.ts';
import { findCustomer } from '../customers/customers.service.ts';
import { ticketExists } from '../tickets/tickets.service.ts';
import * as repo from './messages.repo.ts';

const messageNotFound = () => notFound('Mensagem não encontrada.');

export const toMessageDto = ({
  message,
  analysis,
  ticketTitle,
  customerName,
}: repo.MessageWithAnalysis): Message => ({
  id: message.id,
  content: message.content,
  direction: message.direction as Message['direction'],
  sender: message.sender as Message['sender'],
  kind: message.kind as Message['kind'],
  external_id: message.externalId,
  media_type: message.mediaType,
  file_name: message.fileName,
  channel: message.channel,
  ticket_id: message.ticketId,
  ticket_title: ticketTitle,
  customer_id: message.customerId,
  customer_name: customerName,
  expert_id: message.expertId,
  flagged: message.flagged,
  analysis: analysis ? toMessageAnalysisDto(analysis) : null,
  created_at: iso(message.createdAt),
});

export async function listMessages({ tx }: TenantScope, q: ListMessagesQuery) {
  const { rows, total, estimate } = await repo.listMessages(
    tx,
    {
      search: q.search,
      ticketId: q.ticket_id,
      customerId: q.customer_id,
      direction: q.direction,
      flagged: q.flagged,
      kind: q.kind === 'all' ? undefined : q.kind,
    },
    q.page,
    q.per_page,
  );
  return {
    messages: rows.map(toMessageDto),
    total,
    ...(estimate && { total_is_estimate: true }),
    page: q.page,
    per_page: q.per_page,
  };
}

export async function getMessage({ tx }: TenantScope, id: string) {
  const row = await repo.findMessage(tx, id);
  if (!row) throw messageNotFound();
  return toMessageDto(row);
}

/**
 * A ticket's conversation, a page at a time backwards (`before` a message of it): oldest first
 * within the page, with whether older messages remain. 404 for a ticket the tenant does not have;
 * 400 on `querystring.before` for a message that is not this ticket's.
 */
export async function getConversation(
  scope: TenantScope,
  ticketId: string,
  q: ConversationQuery,
): Promise<Conversation> {
  if (!(await ticketExists(scope, ticketId))) throw notFound('Chamado não encontrado.');
  if (q.before !== undefined && !(await repo.messageInTicket(scope.tx, q.before, ticketId))) {
    const detail = 'A mensagem indicada em before não pertence a este chamado.';
    throw new AppError('validation_error', detail, [{ field: 'querystring.before', message: detail }]);
  }
  // One more than asked says whether older ones remain.
  const rows = await repo.conversationPage(scope.tx, ticketId, q.before, q.limit + 1);
  return {
    messages: rows.slice(0, q.limit).reverse().map(toMessageDto),
    has_more: rows.length > q.limit,
  };
}

/** Each linked id must name a row of the caller's tenant (row-level security hides the rest). */
async function checkLinks(scope: TenantScope, input: CreateMessage) {
  const missing: { field: string; message: string }[] = [];
  if (input.ticket_id && !(await ticketExists(scope, input.ticket_id))) {
    missing.push({ field: 'body.ticket_id', message: 'Chamado não encontrado.' });
  }
  if (input.customer_id && !(await findCustomer(scope, input.customer_id))) {
    missing.push({ field: 'body.customer_id', message: 'Cliente não encontrado.' });
  }
  if (input.expert_id && !(await repo.userExists(scope.tx, input.expert_id))) {
    missing.push({ field: 'body.expert_id', message: 'Especialista não encontrado.' });
  }
  if (missing.length > 0)
    throw new AppError('validation_error', missing.map((m) => m.message).join(' '), missing);
}

/**
 * Creates a message and answers its id. A new inbound message is checked against the tenant's
 * active flagged terms and analysed offline before it is written, so lists show flags and
 * analysis at once; one with red flags is flagged. The analysis holds no transaction open
 * (analyzeNewMessage); message, analysis and flag are then written in one transaction.
 */
export async function createMessage(
  deps: Pick<AnalysisDeps, 'cpu' | 'events'>,
  tenantTx: TenantTx,
  input: CreateMessage,
): Promise<string> {
  const write = (analysis?: MessageAnalysis) =>
    tenantTx(async (scope) => {
      await checkLinks(scope, input);
      const id = await repo.insertMessage(scope.tx, {
        tenantId: scope.tenantId,
        content: input.content,
        direction: input.direction,
        // Made in Atende: the direction says who wrote it.
        sender: input.direction === 'inbound' ? 'customer' : 'agent',
        channel: input.channel,
        ticketId: input.ticket_id ?? null,
        customerId: input.customer_id ?? null,
        expertId: input.expert_id ?? null,
        searchText: searchTextOf(input.content),
        flagged: analysis?.contains_red_flags ?? false,
      });
      if (analysis) {
        await addNewMessageAnalysis(deps, scope, { id, ticketId: input.ticket_id ?? null }, analysis);
      }
      return id;
    });
  if (input.direction !== 'inbound') return write();
  const analysis = await analyzeNewMessage(deps, tenantTx, input.content);
  return inAnalysisTurn(tenantTx.tenantId, () => write(analysis));
}

/** A DigiSac message as ingestion hands it over. */
export interface DigisacMessageFacts {
  externalId: string;
  ticketId: string | null;
  customerId: string | null;
  content: string;
  sender: Message['sender'];
  kind: Message['kind'];
  mediaType: string | null;
  fileName: string | null;
  /** DigiSac's time of the message (its created_at here: lists and the SLA read it). */
  at: Date;
}

/** Which of these DigiSac message ids are stored already (they need no analysis). */
export const storedDigisacMessageIds = ({ tx }: TenantScope, externalIds: string[]) =>
  repo.storedExternalIds(tx, externalIds);

/**
 * Writes a DigiSac message (an edit replaces its text) and, for a new customer message analysed
 * beforehand, its analysis and flag, announced as `message.analyzed` (quiet: a message older than
 * 24 hours updates the alert states without notifying). Answers whether it was new.
 */
export async function upsertDigisacMessage(
  deps: Pick<AnalysisDeps, 'events'>,
  scope: TenantScope,
  facts: DigisacMessageFacts,
  analysis?: { result: MessageAnalysis; quiet: boolean; provenance: Provenance },
) {
  const { id, created } = await repo.upsertExternalMessage(scope.tx, {
    tenantId: scope.tenantId,
    externalId: facts.externalId,
    content: facts.content,
    direction: facts.sender === 'customer' ? 'inbound' : 'outbound',
    sender: facts.sender,
    kind: facts.kind,
    channel: 'digisac',
    ticketId: facts.ticketId,
    customerId: facts.customerId,
    mediaType: facts.mediaType,
    fileName: facts.fileName,
    searchText: searchTextOf(facts.content, facts.fileName),
    flagged: analysis?.result.contains_red_flags ?? false,
    createdAt: facts.at,
  });
  if (created && analysis) {
    await addNewMessageAnalysis(deps, scope, { id, ticketId: facts.ticketId }, analysis.result, {
      quiet: analysis.quiet,
      provenance: analysis.provenance,
    });
  }
  return created;
}

/**
 * A DigiSac ticket written from its first messages before its contact was known: those messages
 * become the customer's when it is (digisac.processing.ts).
 */
export const linkDigisacMessages = ({ tx }: TenantScope, ticketId: string, customerId: string) =>
  repo.linkToCustomer(tx, ticketId, customerId);

const speakers: Record<Message['sender'], string> = { customer: 'Cliente', agent: 'Atendente', bot: 'Bot' };

/**
 * A ticket's transcript for its content and its analysis: one line per customer, agent or bot
 * message ("Cliente: …"), oldest first, the newest `maxChars` characters; and when its newest
 * message was written (null without any).
 */
export async function transcriptOf({ tx }: TenantScope, ticketId: string, maxChars: number) {
  const rows = await repo.conversationOf(tx, ticketId, maxChars);
  const lines = rows.map((m) => `${speakers[m.sender as Message['sender']] ?? 'Cliente'}: ${m.content}`);
  const text = lines.join('\n');
  const last = rows.at(-1)?.at;
  return {
    text: text.length > maxChars ? text.slice(text.length - maxChars) : text,
    lastMessageAt: last ? new Date(last) : null,
  };
}

export async function setMessageFlag(scope: TenantScope, id: string, flagged: boolean) {
  if (!(await repo.setMessageFlag(scope.tx, id, flagged))) throw messageNotFound();
  return getMessage(scope, id);
}

export async function deleteMessage({ tx }: TenantScope, id: string) {
  if (!(await repo.deleteMessage(tx, id))) throw messageNotFound();
}
