import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DigisacEvent } from '../../db/schema/index.ts';
import { withSystem } from '../../db/system.ts';
import { type TenantTx, tenantTxOf } from '../../db/tenant.ts';
import type { CpuPool } from '../../lib/cpu/pool.ts';
import { AppError } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { SecretKey } from '../../lib/secrets.ts';
import {
  analyzeIncomingMessages,
  analyzeTicket,
  type Llm,
  tenantTerms,
} from '../analysis/analysis.service.ts';
import { findDigisacCustomer, upsertDigisacContact } from '../customers/customers.service.ts';
import { hitCounter } from '../identity/identity.service.ts';
import {
  linkDigisacMessages,
  storedDigisacMessageIds,
  transcriptOf,
  upsertDigisacMessage,
} from '../messages/messages.service.ts';
import {
  claimDueDigisacAnalyses,
  clearDigisacAnalysisDue,
  digisacAnalysisDue,
  findDigisacTicket,
  setDigisacTranscript,
  upsertDigisacTicket,
} from '../tickets/tickets.service.ts';
import { DigisacCallError } from './digisac.client.ts';
import { entityInboxEntry, ticketFetchEntry } from './digisac.inbox.ts';
import {
  type DigisacContact,
  type DigisacMessage,
  type DigisacTicket,
  entityKind,
  parseContact,
  parseMessage,
  parseTicket,
} from './digisac.payloads.ts';
import { type DigisacAccess, getContact, getTicket } from './digisac.remote.ts';
import * as repo from './digisac.repo.ts';
import { storedCredentials } from './digisac.service.ts';

/**
 * The inbox's workers (ARCHITECTURE "DigiSac ingestion"): every server process runs them (the
 * `digisac-inbox` job). A pass leases a few work keys — one DigiSac ticket each — so two processes
 * never interleave one ticket's events, then applies each key's due events in DigiSac's order:
 * what is missing is fetched from DigiSac and new customer messages are analysed, both with no
 * transaction open; then customer, ticket, messages, analyses and the events' outcome are written
 * in one tenant transaction. At least once and idempotent (everything is matched by its DigiSac
 * id), so a process that dies mid-way only makes its key wait for the lease to run out. A failure
 * is retried with back-off, then kept as `failed` with its reason (retried by a person).
 */

export interface IngestionDeps {
  config: Pick<
    Config,
    | 'DIGISAC_ALLOW_PRIVATE_HOSTS'
    | 'DIGISAC_TIMEOUT_MS'
    | 'DIGISAC_MAX_RESPONSE_BYTES'
    | 'DIGISAC_MAX_RESPONSE_VALUES'
    | 'DIGISAC_MAX_REQUESTS_PER_SECOND'
    | 'DIGISAC_TICKET_ANALYSIS_DEBOUNCE_SECONDS'
    | 'DIGISAC_LLM_MESSAGES_PER_MINUTE'
    | 'DNS_SERVERS'
    | 'DNS_TIMEOUT_MS'
    | 'DNS_MAX_CONCURRENT_LOOKUPS'
    | 'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT'
  >;
  database: { db: Db };
  secretKey: SecretKey;
  log: FastifyBaseLogger;
  cpu: CpuPool;
  events: DomainEvents;
  /** The configured LLM: live customer messages go to it too, under a per-tenant cap. */
  llm: Llm | undefined;
}

/** Work keys one pass of one process leases, and how long (a crashed worker's keys wait this). */
const keysPerPass = 8;
const leaseMs = 60_000;
/** A key's events applied per pass (the rest in the next one). */
const eventsPerKey = 200;
/** Tries before an event is kept as failed, and the back-off's base (2 s, 4 s, 8 s, 16 s). */
const maxAttempts = 5;
const backoffBaseMs = 2_000;
/** A message older than this is history: analysed, but nobody is notified (and no wait opens). */
const historyMs = 24 * 60 * 60 * 1000;
/** The transcript (a DigiSac ticket's content) keeps the newest this many characters. */
export const transcriptChars = 100_000;

/** When work the tenant's call limit held back is due again: 1–5 s, spread so it does not come back at once. */
const rateLimitedRetryMs = () => 1_000 + Math.floor(Math.random() * 4_000);

const isHistory = (at: Date) => Date.now() - at.getTime() > historyMs;
/**
 * LLM analyses in one key's pass at most: each may take OPENAI_TIMEOUT_MS, and the key's lease
 * (60 s) must outlast the pass. The rest of the pass is analysed offline.
 */
const llmPerPass = 3;

/** Whether this live message may go to the LLM: one is configured and the tenant is under its cap. */
async function llmTurn(deps: IngestionDeps, tenantId: string) {
  const cap = deps.config.DIGISAC_LLM_MESSAGES_PER_MINUTE;
  if (!deps.llm || cap === 0) return false;
  const hit = await hitCounter(deps.database.db, `digisac-llm:${tenantId}`, 60_000);
  return hit.count <= cap;
}

/**
 * When a message was written: DigiSac's `timestamp` (WhatsApp's send time, in whole seconds),
 * refined by its `createdAt` when that falls within the same second (two messages of one second
 * keep their order); else `createdAt` (it may lag by days: synced later from the phone), else now.
 */
function writtenAt(message: DigisacMessage) {
  const { timestamp, createdAt } = message;
  if (!timestamp) return createdAt ?? new Date();
  const lag = createdAt ? createdAt.getTime() - timestamp.getTime() : -1;
  return createdAt && lag >= 0 && lag < 1000 ? createdAt : timestamp;
}

/** Why a try failed, in words for the team (the failed list shows it); never a payload. */
function failureReason(err: unknown) {
  if (err instanceof DigisacCallError) {
    const { failure } = err;
    if (failure.kind === 'upstream') return `O DigiSac respondeu ${failure.status}.`;
    if (failure.kind === 'unauthorized') return 'O DigiSac recusou o token.';
    if (failure.kind === 'timeout') return 'O DigiSac não respondeu a tempo.';
    if (failure.kind === 'rate_limited') return 'Limite de chamadas ao DigiSac por segundo atingido.';
    return 'Não foi possível falar com o DigiSac.';
  }
  if (err instanceof AppError) return err.detail;
  return 'Erro interno ao processar o evento.';
}

/** One pass over the inbox: answers how many events it looked at. */
export async function processInbox(deps: IngestionDeps): Promise<number> {
  const leased = await withSystem(deps.database.db, 'digisac-inbox', (tx) =>
    repo.leaseWork(tx, { limit: keysPerPass, leaseMs, fetches: false }),
  );
  const counts = await Promise.all(leased.map((key) => processKey(deps, key.tenantId, key.workKey)));
  return counts.reduce((a, b) => a + b, 0);
}

/** Tickets one run of the `digisac-fetch` job reads from DigiSac at most (in each process). */
const fetchesPerRun = 10;

/**
 * The `digisac-fetch` job (every process, every second): a few new conversations' tickets are read
 * from DigiSac (fetchTicket). Apart from the inbox's passes and a few per run, so a backlog of them
 * under the tenant's call limit (5 a second by default) neither holds messages back nor spins.
 */
export async function fetchNewTickets(deps: IngestionDeps): Promise<number> {
  const leased = await withSystem(deps.database.db, 'digisac-fetch', (tx) =>
    repo.leaseWork(tx, { limit: fetchesPerRun, leaseMs, fetches: true }),
  );
  const counts = await Promise.all(leased.map((key) => processKey(deps, key.tenantId, key.workKey)));
  return counts.reduce((a, b) => a + b, 0);
}

/** Passes until nothing is due or `budgetMs` has gone (the job runs again soon). */
export async function drainInbox(deps: IngestionDeps, budgetMs = 20_000) {
  const until = Date.now() + budgetMs;
  let total = 0;
  for (;;) {
    const handled = await processInbox(deps);
    total += handled;
    if (handled === 0 || Date.now() > until) return total;
  }
}

/**
 * One work key's pass, in two tenant transactions when nothing is missing: one reads the due
 * events and what is stored of them (ticket, customer, messages, the tenant's terms); DigiSac is
 * asked for what is missing and the new customer messages are analysed, with none open; one writes
 * everything, the events' outcome and the lease's release. A failure counts a try for every event.
 */
async function processKey(deps: IngestionDeps, tenantId: string, workKey: string) {
  const tenantTx = tenantTxOf(deps.database.db, tenantId);
  let events: DigisacEvent[] = [];
  let released = false;
  try {
    if (workKey.startsWith(fetchTicketPrefix)) {
      events = await tenantTx(({ tx }) => repo.dueEventsOf(tx, workKey, eventsPerKey));
      if (events.length === 0) return 0;
      await fetchTicket(deps, tenantTx, workKey, events);
      released = true; // the write released it
      return events.length;
    }
    const read = await readWork(tenantTx, workKey);
    events = read.events;
    if (events.length === 0) return 0;
    await applyEvents(deps, tenantTx, workKey, read);
    released = true; // the write released it
    return events.length;
  } catch (err) {
    const reason = failureReason(err);
    deps.log[err instanceof DigisacCallError && err.failure.kind === 'rate_limited' ? 'debug' : 'warn'](
      {
        tenantId,
        workKey,
        events: events.length,
        reason,
        err: err instanceof DigisacCallError ? undefined : err,
      },
      'DigiSac events not applied; retried later',
    );
    if (events.length > 0) {
      const ids = events.map((e) => e.id);
      // The tenant's own call limit is a wait, not a failure: due again soon, no try counted.
      const ourLimit = err instanceof DigisacCallError && err.failure.kind === 'rate_limited';
      await tenantTx(({ tx }) =>
        ourLimit
          ? repo.postpone(tx, ids, rateLimitedRetryMs())
          : repo.markFailedTry(tx, ids, reason, { maxAttempts, baseMs: backoffBaseMs }),
      ).catch((markErr) => deps.log.warn({ err: markErr, tenantId, workKey }, 'DigiSac try not counted'));
    }
    return events.length;
  } finally {
    if (!released) {
      await tenantTx(({ tx }) => repo.releaseWork(tx, tenantId, workKey)).catch((err) =>
        deps.log.warn({ err, tenantId, workKey }, 'DigiSac work lease not released (it runs out)'),
      );
    }
  }
}

interface Parsed {
  row: DigisacEvent;
  message?: DigisacMessage;
  ticket?: DigisacTicket;
  contact?: DigisacContact;
}

function parse(row: DigisacEvent): Parsed {
  const kind = entityKind(row.payload);
  if (kind === 'message') return { row, message: parseMessage(row.payload) ?? undefined };
  if (kind === 'ticket') return { row, ticket: parseTicket(row.payload) ?? undefined };
  if (kind === 'contact') return { row, contact: parseContact(row.payload) ?? undefined };
  return { row };
}

/** What a message shows: its text, else its media type and file name. */
function contentOf(message: DigisacMessage) {
  if (message.text) return message.text;
  if (message.kind === 'system') {
    if (message.ticketClose) return 'Chamado encerrado no DigiSac.';
    if (message.ticketOpen) return 'Chamado aberto no DigiSac.';
    return 'Evento do chamado no DigiSac.';
  }
  const media = message.type && message.type !== 'chat' ? message.type : 'mensagem';
  return message.fileName ? `[${media}] ${message.fileName}` : `[${media}]`;
}

/** What one pass of a work key reads first, in one transaction. */
async function readWork(tenantTx: TenantTx, workKey: string) {
  return tenantTx(async (scope) => {
    const events = await repo.dueEventsOf(scope.tx, workKey, eventsPerKey);
    const parsed = events.map(parse);
    const messages = parsed.flatMap((p) => (p.message ? [p.message] : []));
    const ticketExternalId = workKey.startsWith('ticket:') ? workKey.slice('ticket:'.length) : null;
    const contactIdHint =
      parsed.find((p) => p.ticket)?.ticket?.contactId ??
      messages.find((m) => m.contactId)?.contactId ??
      parsed.find((p) => p.contact)?.contact?.id ??
      null;
    const messageIds = await storedDigisacMessageIds(
      scope,
      messages.map((m) => m.id),
    );
    const analysable = messages.some(
      (m) => !messageIds.has(m.id) && m.kind === 'message' && m.sender === 'customer' && m.text,
    );
    return {
      events,
      parsed,
      messages,
      ticketExternalId,
      contactIdHint,
      stored: {
        ticket: ticketExternalId ? await findDigisacTicket(scope, ticketExternalId) : undefined,
        customer: contactIdHint ? await findDigisacCustomer(scope, contactIdHint) : undefined,
        messageIds,
      },
      terms: analysable ? await tenantTerms(scope) : undefined,
    };
  });
}

async function applyEvents(
  deps: IngestionDeps,
  tenantTx: TenantTx,
  workKey: string,
  read: Awaited<ReturnType<typeof readWork>>,
) {
  const { parsed, messages, ticketExternalId, contactIdHint, stored } = read;
  const ignored = parsed.filter((p) => !p.message && !p.ticket && !p.contact).map((p) => p.row.id);

  let access: DigisacAccess | undefined;
  const accessOf = async () => {
    access ??= await storedCredentials(deps, tenantTx);
    return access;
  };
  const remoteDeps = { config: deps.config, db: deps.database.db, log: deps.log };

  // The ticket's facts: the newest ticket-shaped event. A ticket new here without one is written
  // from its messages now (their alerts must not wait for DigiSac's call limit) and read from
  // DigiSac afterwards, with its contact (ticketFetchEntry).
  const ticket = parsed.findLast((p) => p.ticket)?.ticket;
  const fetchLater = ticketExternalId !== null && !stored.ticket && !ticket;
  const contactId = ticket?.contactId ?? contactIdHint;
  let contact = ticket?.contact ?? parsed.findLast((p) => p.contact)?.contact ?? undefined;
  if (contactId && !stored.customer && !contact && !fetchLater) {
    contact = parseContact(await getContact(remoteDeps, await accessOf(), contactId)) ?? undefined;
  }

  // New customer messages, analysed with no transaction open: offline, and a live one by the LLM
  // too when configured (under the tenant's cap; never history).
  const toAnalyse = messages.filter(
    (m, i) =>
      !stored.messageIds.has(m.id) &&
      messages.findIndex((other) => other.id === m.id) === i &&
      m.kind === 'message' &&
      m.sender === 'customer' &&
      m.text,
  );
  let llmCalls = 0;
  const items: { text: string; useLlm: boolean; quiet: boolean }[] = [];
  for (const message of toAnalyse) {
    const quiet = isHistory(writtenAt(message));
    const useLlm = !quiet && llmCalls < llmPerPass && (await llmTurn(deps, tenantTx.tenantId));
    if (useLlm) llmCalls++;
    items.push({ text: message.text as string, useLlm, quiet });
  }
  const results = read.terms ? await analyzeIncomingMessages(deps, tenantTx.tenantId, read.terms, items) : [];
  const analyses = new Map(
    toAnalyse.map((m, i) => [
      m.id,
      { ...(results[i] as (typeof results)[number]), quiet: items[i]?.quiet ?? false },
    ]),
  );

  await tenantTx(async (scope) => {
    const customer =
      contactId && (contact || (!stored.customer && !fetchLater))
        ? await upsertDigisacContact(scope, {
            externalId: contactId,
            name: contact?.name ?? null,
            phone: contact?.number ?? null,
          })
        : (stored.customer ?? null);
    const ticketFacts = (isOpen: boolean | null) => ({
      externalId: ticketExternalId as string,
      protocol: ticket?.protocol ?? null,
      isOpen,
      contactNumber: contact?.number ?? null,
      departmentName: ticket?.departmentName ?? null,
      agentName: ticket?.agentName ?? null,
      customer,
      createdAt: ticket?.createdAt ?? messages[0]?.timestamp ?? null,
    });
    const ticketId = ticketExternalId
      ? await upsertDigisacTicket(scope, ticketFacts(ticket?.isOpen ?? null))
      : null;
    if (fetchLater)
      await repo.insertEvent(scope.tx, { ...ticketFetchEntry(ticketExternalId), tenantId: scope.tenantId });
    // Its contact known at last: the messages written before become the customer's.
    if (ticketId && customer && stored.ticket && stored.ticket.customerId === null) {
      await linkDigisacMessages(scope, ticketId, customer.id);
    }
    let conversed = false;
    let isOpen = ticket?.isOpen ?? null;
    for (const message of messages) {
      // DigiSac's system events say when the ticket closes or opens again.
      if (ticketId && message.kind === 'system' && (message.ticketClose || message.ticketOpen)) {
        isOpen = message.ticketOpen && !message.ticketClose;
        await upsertDigisacTicket(scope, ticketFacts(isOpen));
      }
      const created = await upsertDigisacMessage(
        deps,
        scope,
        {
          externalId: message.id,
          ticketId: message.ticketId === ticketExternalId ? ticketId : null,
          customerId: customer?.id ?? null,
          content: contentOf(message),
          sender: message.sender,
          kind: message.kind,
          mediaType:
            message.type && message.type !== 'chat' && message.kind === 'message' ? message.type : null,
          fileName: message.fileName,
          at: writtenAt(message),
        },
        analyses.get(message.id),
      );
      if (created && message.kind === 'message') conversed = true;
    }
    if (ticketId && conversed) {
      await digisacAnalysisDue(scope, ticketId, deps.config.DIGISAC_TICKET_ANALYSIS_DEBOUNCE_SECONDS);
      // A closed ticket's customer messages (an import, a late delivery) leave nobody waiting.
      if (isOpen === false) await upsertDigisacTicket(scope, ticketFacts(false));
    }
    const applied = parsed.filter((p) => p.message || p.ticket || p.contact).map((p) => p.row.id);
    await repo.markProcessed(scope.tx, applied);
    await repo.markProcessed(scope.tx, ignored, 'ignored');
    await repo.releaseWork(scope.tx, scope.tenantId, workKey);
  });
}

const fetchTicketPrefix = 'fetch:ticket:';

/**
 * A ticket written from its first message is read from DigiSac (under the tenant's call limit,
 * no transaction open) and what DigiSac answered goes into the inbox under the ticket's own key,
 * where the next pass applies it as any ticket-shaped event (protocol, state, contact).
 */
async function fetchTicket(deps: IngestionDeps, tenantTx: TenantTx, workKey: string, events: DigisacEvent[]) {
  const ticketId = workKey.slice(fetchTicketPrefix.length);
  const access = await storedCredentials(deps, tenantTx);
  // No waiting for a turn: a worker waiting holds a pass's other keys back (their messages).
  const remote = { config: deps.config, db: deps.database.db, log: deps.log, maxRateWaitMs: 0 };
  const read = entityInboxEntry('fetch', await getTicket(remote, access, ticketId));
  await tenantTx(async ({ tenantId, tx }) => {
    await repo.insertEvent(tx, { ...read, tenantId });
    await repo.markProcessed(
      tx,
      events.map((e) => e.id),
    );
    await repo.releaseWork(tx, tenantId, workKey);
  });
}

/**
 * The `digisac-analysis` job (every process): DigiSac tickets whose analysis is due — a debounce
 * after their newest messages, or at once when they close — get their transcript rebuilt as their
 * content and are analysed again (offline); a conversation whose newest message is history
 * notifies nobody. Answers how many.
 */
export async function analyzeDueTickets(deps: IngestionDeps, limit = 5): Promise<number> {
  const due = await claimDueDigisacAnalyses(deps.database.db, limit, 300);
  for (const { tenantId, id, due: claimed } of due) {
    const tenantTx = tenantTxOf(deps.database.db, tenantId);
    try {
      const transcript = await tenantTx(async (scope) => {
        const built = await transcriptOf(scope, id, transcriptChars);
        if (built.text) await setDigisacTranscript(scope, id, built.text);
        return built;
      });
      if (transcript.text) {
        const quiet = transcript.lastMessageAt !== null && isHistory(transcript.lastMessageAt);
        // The conversation goes to the LLM (when configured) only while it is live, under the cap.
        const useLlm = !quiet && (await llmTurn(deps, tenantId));
        await analyzeTicket(deps, tenantTx, id, {
          force: true,
          provider: useLlm ? 'openai' : 'local',
          quiet,
        });
      }
      await tenantTx((scope) => clearDigisacAnalysisDue(scope, id, claimed));
    } catch (err) {
      // Due again when the claim's lease runs out (5 minutes).
      deps.log.warn({ err, tenantId, ticketId: id }, 'DigiSac ticket analysis failed; retried later');
    }
  }
  return due.length;
}

/** System: the inbox keeps payloads 7 days, then only the outcome (the `digisac-inbox-prune` job). */
export async function pruneInboxPayloads(db: Db) {
  for (;;) {
    const dropped = await withSystem(db, 'digisac-inbox-prune', (tx) => repo.dropOldPayloads(tx, 7, 5_000));
    if (dropped < 5_000) return;
  }
}
