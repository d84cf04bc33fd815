import type { MessageAnalysis, TicketAnalysis } from '@atende/analyzer';
import type { Database, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { CpuPool } from '../../lib/cpu/pool.ts';
import { AppError } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
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

/** What the analyses need beyond their arguments: the app's decorations (routes pass `app`). */
export interface AnalysisDeps {
  database: Pick<Database, 'db'>;
  /** The configured LLM (OPENAI_BASE_URL and OPENAI_MODEL), if any. */
  llm: Llm | undefined;
  cpu: CpuPool;
  events: DomainEvents;
}

/** Runs work in a transaction of the caller's tenant (request.tenantTx). */
export type TenantTx = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

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
 * Analyses a ticket (unless it has an analysis and `force` is off) and answers `readBack` of it,
 * read in the transaction that wrote the analysis (the tickets module reads its own rows).
 */
export async function analyzeTicket<T>(
  deps: AnalysisDeps,
  tenantId: string,
  ticketId: string,
  options: { force: boolean; provider: ProviderName },
  readBack: (tx: Tx) => Promise<T>,
) {
  const found = await withTenant(deps.database.db, tenantId, async (tx) => {
    const row = await ticketForAnalysis(tx, ticketId);
    if (!row) return undefined;
    if (row.latestAnalysisId && !options.force) return { row, terms: undefined };
    return { row, terms: await termsFor(tx, tenantId) };
  });
  if (!found) throw new AppError('not_found', 'Chamado não encontrado.');
  const terms = found.terms;
  if (!terms) return withTenant(deps.database.db, tenantId, readBack);

  const text = found.row.conversationText || found.row.content;
  const localResult = await inTurn(tenantId, () =>
    analyzeOffline(deps.cpu, 'analyzeTicket', tenantId, text, terms),
  );
  const { result, provenance } =
    options.provider === 'openai'
      ? await viaLlm(deps.llm, localResult, async (llm) => {
          const answer = await llm.analyzeTicket(text);
          return { ...answer, sentiment: answer.overall_sentiment };
        })
      : { result: localResult, provenance: local };

  return inTurn(tenantId, () =>
    withTenant(deps.database.db, tenantId, async (tx) => {
      const analysis = result as TicketAnalysis;
      if (!(await addTicketAnalysis(tx, tenantId, ticketId, analysis, provenance)))
        throw new AppError('not_found', 'Chamado não encontrado.');
      // Same transaction: no analysis without its alerts, no alert without its analysis.
      await deps.events.publish(tx, tenantId, 'ticket.analyzed', { ticket_id: ticketId, analysis });
      return readBack(tx);
    }),
  );
}

/** Analyses a message again (a new version) and answers `readBack` of it, as analyzeTicket. */
export async function analyzeMessage<T>(
  deps: AnalysisDeps,
  tenantId: string,
  messageId: string,
  provider: ProviderName,
  readBack: (tx: Tx) => Promise<T>,
) {
  const found = await withTenant(deps.database.db, tenantId, async (tx) => {
    const row = await messageForAnalysis(tx, messageId);
    if (!row) return undefined;
    return { row, terms: await termsFor(tx, tenantId) };
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

  return inTurn(tenantId, () =>
    withTenant(deps.database.db, tenantId, async (tx) => {
      if (!(await messageExists(tx, messageId))) throw new AppError('not_found', 'Mensagem não encontrada.');
      const analysis = result as MessageAnalysis;
      await addMessageAnalysis(tx, tenantId, messageId, analysis, provenance);
      const { ticketId, direction } = found.row;
      await deps.events.publish(tx, tenantId, 'message.analyzed', {
        message_id: messageId,
        ticket_id: ticketId,
        inbound: direction === 'inbound',
        analysis,
      });
      return readBack(tx);
    }),
  );
}

/**
 * Analyses a new message's text offline and runs `write` with the result, so the message is
 * written already analysed. The terms are read in a short transaction of the tenant, the
 * analysis runs on the CPU pool with no transaction open, and `write` runs in the tenant's turn
 * (offline.ts inTurn); `write` records the analysis with addNewMessageAnalysis.
 */
export async function analyzeNewMessage<T>(
  { cpu }: Pick<AnalysisDeps, 'cpu'>,
  tenantTx: TenantTx,
  tenantId: string,
  text: string,
  write: (analysis: MessageAnalysis) => Promise<T>,
): Promise<T> {
  const analysis = await inTurn(tenantId, async () => {
    const terms = await tenantTx((tx) => termsFor(tx, tenantId));
    return analyzeOffline(cpu, 'analyzeMessage', tenantId, text, terms);
  });
  return inTurn(tenantId, () => write(analysis));
}

/**
 * Writes a new inbound message's offline analysis in `tx`, the message's transaction, and
 * announces it there: a message of a ticket raises its alerts (and flags the ticket for red flags).
 */
export async function addNewMessageAnalysis(
  { events }: Pick<AnalysisDeps, 'events'>,
  tx: Tx,
  tenantId: string,
  message: { id: string; ticketId: string | null },
  analysis: MessageAnalysis,
) {
  await addMessageAnalysis(tx, tenantId, message.id, analysis, local);
  await events.publish(tx, tenantId, 'message.analyzed', {
    message_id: message.id,
    ticket_id: message.ticketId,
    inbound: true,
    analysis,
  });
}
