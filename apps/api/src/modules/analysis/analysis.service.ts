import type { MessageAnalysis, TicketAnalysis } from '@atende/analyzer';
import type { TenantScope, TenantTx } from '../../db/tenant.ts';
import type { CpuPool } from '../../lib/cpu/pool.ts';
import { AppError } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import { adjustByCorrections } from '../analysis-feedback/analysis-feedback.service.ts';
import type { VersionedTerms } from '../flagged-terms/flagged-terms.service.ts';
import {
  addMessageAnalysis,
  addTicketAnalysis,
  messageExists,
  messageForAnalysis,
  type Provenance,
  ticketForAnalysis,
} from './analysis.repo.ts';
import { type Llm, LlmError, llmFailureMessages } from './llm.ts';
import { analyzeOffline, inTurn, termsFor } from './offline.ts';

// Runs analyses: the offline analyzer, or the configured LLM with the offline analyzer standing
// in (and the failure recorded) when it fails. The LLM and the offline analyzer (on the CPU pool)
// are called outside any database transaction, so neither holds a connection while it works.

// The DTO mappers are part of this module's public face: tickets and messages embed the newest
// analysis in their own DTOs.
export { toMessageAnalysisDto, toTicketAnalysisDto } from './analysis.mappers.ts';
/** Who made an analysis (offline, or the LLM and its model): DigiSac's live messages carry it. */
export type { Provenance } from './analysis.repo.ts';
/** The configured LLM's client (llm.ts), for the modules that pass it along. */
export type { Llm } from './llm.ts';

/** What the analyses need beyond their arguments: the app's decorations (routes pass `app`). */
export interface AnalysisDeps {
  /** The configured LLM (OPENAI_BASE_URL and OPENAI_MODEL), if any. */
  llm: Llm | undefined;
  cpu: CpuPool;
  events: DomainEvents;
}

export type ProviderName = 'local' | 'openai';

const local: Provenance = { provider: 'local', model: null, providerError: null };

/** 400 for an unknown provider or one that is not configured. */
export function checkProvider({ llm }: Pick<AnalysisDeps, 'llm'>, name: string | undefined): ProviderName {
  if (name === undefined || name === 'local') return 'local';
  if (name !== 'openai') {
    throw new AppError('validation_error', `Provedor de IA desconhecido: "${name}". Use local ou openai.`, [
      { field: 'querystring.provider', message: 'Use local ou openai.' },
    ]);
  }
  if (!llm) {
    throw new AppError(
      'validation_error',
      'O provedor openai não está configurado neste servidor (defina OPENAI_BASE_URL e OPENAI_MODEL).',
      [{ field: 'querystring.provider', message: 'Provedor não configurado.' }],
    );
  }
  return 'openai';
}

async function viaLlm<T extends { contains_red_flags: boolean; red_flag_words: string[] }, A>(
  llm: Llm | undefined,
  localResult: T,
  ask: (llm: Llm) => Promise<A>,
): Promise<{ result: T; provenance: Provenance }> {
  if (!llm) return { result: localResult, provenance: local };
  try {
    // Red flags stay the deterministic match against the tenant's own list.
    const answer = await ask(llm);
    return {
      result: {
        ...localResult,
        ...answer,
        contains_red_flags: localResult.contains_red_flags,
        red_flag_words: localResult.red_flag_words,
      },
      provenance: { provider: 'openai', model: llm.model, providerError: null },
    };
  } catch (err) {
    // The provider's raw text was logged by the client; people (and the row) get a pt-BR sentence.
    const reason = err instanceof LlmError ? err.userMessage : llmFailureMessages.unavailable;
    return {
      result: localResult,
      provenance: { ...local, providerError: `openai (${llm.model}): ${reason}` },
    };
  }
}

/**
 * Analyses a ticket, unless it has an analysis and `force` is off: the ticket and the tenant's
 * terms are read in one short transaction, the analysis runs with none open, and it is written
 * (and announced: `ticket.analyzed`, whose alert rules run in the same transaction) in another.
 */
export async function analyzeTicket(
  deps: AnalysisDeps,
  tenantTx: TenantTx,
  ticketId: string,
  options: { force: boolean; provider: ProviderName; quiet?: boolean },
): Promise<void> {
  const { tenantId } = tenantTx;
  const found = await tenantTx(async (scope) => {
    const row = await ticketForAnalysis(scope.tx, ticketId);
    if (!row) return undefined;
    if (row.latestAnalysisId && !options.force) return { row, terms: undefined };
    return { row, terms: await termsFor(scope) };
  });
  if (!found) throw new AppError('not_found', 'Chamado não encontrado.');
  const terms = found.terms;
  if (!terms) return;

  const text = found.row.conversationText || found.row.content;
  const localResult = await inTurn(tenantId, () =>
    analyzeOffline(deps.cpu, 'analyzeTicket', tenantId, text, terms, found.row.maxCustomerWaitMinutes),
  );
  const { result, provenance } =
    options.provider === 'openai'
      ? await viaLlm(deps.llm, localResult, async (llm) => {
          const answer = await llm.analyzeTicket(text);
          return { ...answer, sentiment: answer.overall_sentiment };
        })
      : { result: localResult, provenance: local };

  await inTurn(tenantId, () =>
    tenantTx((scope) =>
      writeTicketAnalysis(deps, scope, ticketId, result as TicketAnalysis, provenance, options.quiet),
    ),
  );
}

/**
 * Writes a ticket's analysis and announces it (`ticket.analyzed`) in the same transaction: no
 * analysis without its alerts, no alert without its analysis. 404 when the ticket is gone. The
 * seed writes its demo analyses through it too (offline by default).
 */
export async function writeTicketAnalysis(
  { events }: Pick<AnalysisDeps, 'events'>,
  { tenantId, tx }: TenantScope,
  ticketId: string,
  analysis: TicketAnalysis,
  provenance: Provenance = local,
  quiet = false,
) {
  if (!(await addTicketAnalysis(tx, tenantId, ticketId, analysis, provenance)))
    throw new AppError('not_found', 'Chamado não encontrado.');
  await events.publish(tx, tenantId, 'ticket.analyzed', {
    ticket_id: ticketId,
    analysis,
    ...(quiet && { quiet }),
  });
}

/** Analyses a message again (a new version), in the same three steps as analyzeTicket. */
export async function analyzeMessage(
  deps: AnalysisDeps,
  tenantTx: TenantTx,
  messageId: string,
  provider: ProviderName,
): Promise<void> {
  const { tenantId } = tenantTx;
  const found = await tenantTx(async (scope) => {
    const row = await messageForAnalysis(scope.tx, messageId);
    if (!row) return undefined;
    return { row, terms: await termsFor(scope) };
  });
  if (!found) throw new AppError('not_found', 'Mensagem não encontrada.');
  const text = found.row.content;
  const localResult = await inTurn(tenantId, () =>
    analyzeOffline(deps.cpu, 'analyzeMessage', tenantId, text, found.terms),
  );
  const { result, provenance } =
    provider === 'openai'
      ? await viaLlm(deps.llm, localResult, (llm) => llm.analyzeMessage(text))
      : { result: localResult, provenance: local };

  await inTurn(tenantId, () =>
    tenantTx(async ({ tx }) => {
      if (!(await messageExists(tx, messageId))) throw new AppError('not_found', 'Mensagem não encontrada.');
      // The team's corrections, read now (never cached): sentiment and intent only.
      const analysis = await adjustByCorrections({ tenantId, tx }, text, result as MessageAnalysis);
      await addMessageAnalysis(tx, tenantId, messageId, analysis, provenance);
      const { ticketId, direction } = found.row;
      await deps.events.publish(tx, tenantId, 'message.analyzed', {
        message_id: messageId,
        ticket_id: ticketId,
        inbound: direction === 'inbound',
        analysis,
      });
    }),
  );
}

/**
 * A new message's text, analysed offline before the message is written (so lists show its
 * analysis at once): the terms are read in a short transaction of the tenant, the analysis runs
 * on the CPU pool with no transaction open, both in the tenant's turn (offline.ts inTurn). The
 * caller writes the message and then `addNewMessageAnalysis` in one transaction, in
 * `inAnalysisTurn` too.
 */
export function analyzeNewMessage({ cpu }: Pick<AnalysisDeps, 'cpu'>, tenantTx: TenantTx, text: string) {
  const { tenantId } = tenantTx;
  return inTurn(tenantId, async () => {
    const terms = await tenantTx(termsFor);
    return analyzeOffline(cpu, 'analyzeMessage', tenantId, text, terms);
  });
}

/** The tenant's active terms and their version (cached per version), for analyzeIncomingMessages. */
export const tenantTerms = (scope: TenantScope) => termsFor(scope);

/**
 * Messages that came in from outside (DigiSac), analysed offline with the terms read once
 * (`terms`), in one turn of the tenant (their pool tasks run side by side within it); those marked
 * `useLlm` also by the LLM when one is configured, the offline analyzer standing in if it fails.
 * Answers each analysis and who made it, in the order given.
 */
export async function analyzeIncomingMessages(
  deps: Pick<AnalysisDeps, 'cpu' | 'llm'>,
  tenantId: string,
  terms: VersionedTerms,
  items: { text: string; useLlm: boolean }[],
): Promise<{ result: MessageAnalysis; provenance: Provenance }[]> {
  if (items.length === 0) return [];
  const offline = await inTurn(tenantId, () =>
    Promise.all(items.map((item) => analyzeOffline(deps.cpu, 'analyzeMessage', tenantId, item.text, terms))),
  );
  return Promise.all(
    items.map((item, i) => {
      const localResult = offline[i] as MessageAnalysis;
      return item.useLlm
        ? viaLlm(deps.llm, localResult, (llm) => llm.analyzeMessage(item.text))
        : { result: localResult, provenance: local };
    }),
  );
}

/**
 * Runs `work` in the tenant's analysis turn: a flood of one tenant's analysed writes queues behind
 * itself, not in front of the other tenants' (offline.ts inTurn).
 */
export const inAnalysisTurn = <T>(tenantId: string, work: () => Promise<T>) => inTurn(tenantId, work);

/**
 * Writes a new inbound message's offline analysis in the message's transaction, and announces it
 * there: a message of a ticket raises its alerts (and flags the ticket for red flags).
 */
export async function addNewMessageAnalysis(
  { events }: Pick<AnalysisDeps, 'events'>,
  { tenantId, tx }: TenantScope,
  message: { id: string; ticketId: string | null },
  analysis: MessageAnalysis,
  { quiet = false, provenance = local }: { quiet?: boolean; provenance?: Provenance } = {},
) {
  // The team's corrections (sentiment and intent only), read in the message's transaction.
  const text = (await messageForAnalysis(tx, message.id))?.content ?? '';
  const adjusted = await adjustByCorrections({ tenantId, tx }, text, analysis);
  await addMessageAnalysis(tx, tenantId, message.id, adjusted, provenance);
  await events.publish(tx, tenantId, 'message.analyzed', {
    message_id: message.id,
    ticket_id: message.ticketId,
    inbound: true,
    analysis: adjusted,
    ...(quiet && { quiet }),
  });
}
