import {
  type AnalysisFeedback,
  type AnalysisFeedbackSummary,
  type CreateAnalysisFeedback,
  escalationReasons,
  type FeedbackAnalysisType,
  type FeedbackField,
  type FeedbackVerdict,
  feedbackFields,
  intentLabels,
  sentimentLabels,
} from '@atende/contracts';
import type { AnalysisFeedbackRow } from '../../db/schema/index.ts';
import type { TenantScope, TenantTx } from '../../db/tenant.ts';
import { iso, isUuid } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './analysis-feedback.repo.ts';

/** The summary's window. */
export const summaryDays = 30;
/** The export's cap, newest first (the OpenAPI summary says so). */
export const exportMaxLines = 10_000;
/** Rows per export read: each read is its own short transaction. */
export const exportPageSize = 250;

/**
 * The caller (request.auth.sub) as an enabled user of the tenant, else 403: feedback is a
 * person's, so a token without such a user (disabled, or from an external issuer) gives none.
 */
export async function callerOf({ tenantId, tx }: TenantScope, userId: string): Promise<string> {
  const row = isUuid(userId) ? await repo.findEnabledUser(tx, userId) : undefined;
  if (!row || row.tenantId !== tenantId) {
    throw new AppError('forbidden', 'Usuário não encontrado nesta organização.');
  }
  return userId;
}

const toDto = (row: AnalysisFeedbackRow): AnalysisFeedback => ({
  id: row.id,
  analysis_type: row.analysisType as FeedbackAnalysisType,
  analysis_id: row.analysisId,
  field: row.field as FeedbackField,
  verdict: row.verdict as FeedbackVerdict,
  correction: row.correction,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

const analysisNotFound = (type: FeedbackAnalysisType) =>
  notFound(type === 'ticket' ? 'Análise de chamado não encontrada.' : 'Análise de mensagem não encontrada.');

/** Records the caller's verdict on a field of one analysis, replacing their earlier one. */
export async function giveFeedback(
  { tenantId, tx }: TenantScope,
  userId: string,
  input: CreateAnalysisFeedback,
): Promise<AnalysisFeedback> {
  if (!(await repo.analysisExists(tx, input.analysis_type, input.analysis_id)))
    throw analysisNotFound(input.analysis_type);
  const row = await repo.upsertFeedback(tx, {
    tenantId,
    userId,
    analysisType: input.analysis_type,
    analysisId: input.analysis_id,
    field: input.field,
    verdict: input.verdict,
    // The schema allows it only with 'down'; absent or null clears an earlier correction.
    correction: input.correction ?? null,
  });
  await keepExample({ tenantId, tx }, row);
  return toDto(row);
}

// ---------------------------------------------------------------------------------------------
// Learning from the team's corrections (issue "Analyzer v3"): a 👎 with a corrected sentiment or
// intent of a message analysis keeps the message's text as an example of the tenant
// (analysis_examples); a new message whose text is close to examples (pg_trgm similarity at
// least correctionThreshold) takes their label. Escalation and red flags are never adjusted: one
// agent must not be able to silence a Procon threat for a family of phrases.

/** At most this many examples per tenant: the oldest go out. */
export const examplesPerTenant = 5_000;
/** Texts longer than this are neither kept as examples nor adjusted. */
export const exampleMaxLength = 2_000;
/** Trigram similarity (0–1) from which an example counts as a neighbour. */
export const correctionThreshold = 0.5;
/** Neighbours read per message. */
const neighbourLimit = 25;
const learnedFields = new Set(['sentiment', 'intent']);

/** Writes, replaces or removes the feedback row's example (in the feedback's transaction). */
async function keepExample({ tenantId, tx }: TenantScope, row: AnalysisFeedbackRow) {
  if (row.analysisType !== 'message' || !learnedFields.has(row.field)) return;
  const text =
    row.verdict === 'down' && row.correction
      ? await repo.messageTextOfAnalysis(tx, row.analysisId)
      : undefined;
  if (!text || !row.correction || text.length > exampleMaxLength) {
    await repo.deleteExampleOf(tx, row.id);
    return;
  }
  await repo.upsertExample(tx, {
    tenantId,
    feedbackId: row.id,
    field: row.field,
    label: row.correction,
    text,
  });
  await repo.trimExamples(tx, tenantId, examplesPerTenant);
}

const sentimentPt = sentimentLabels as Readonly<Record<string, string>>;
const intentPt = intentLabels as Readonly<Record<string, string>>;
const named = (labels: Readonly<Record<string, string>>, value: string) =>
  (labels[value] ?? value).toLowerCase();

/** What the corrections may change of an analysis (the rest passes through untouched). */
export interface Adjustable {
  readonly sentiment: string;
  readonly intent: string;
}

/**
 * The analysis of a message's `text`, its sentiment and intent taken from the tenant's close
 * corrected examples when the tenant learns from corrections (default): per field, the label with
 * the largest sum of similarities among the neighbours. Read in the caller's transaction of the
 * tenant (never cached: a correction counts from the next message on). Unchanged analyses come
 * back as they were; changed ones carry analysis_explanation.
 */
export async function adjustByCorrections<T extends Adjustable>(
  { tenantId, tx }: TenantScope,
  text: string,
  analysis: T,
): Promise<T & { analysis_explanation?: string | null }> {
  if (!text.trim() || text.length > exampleMaxLength) return analysis;
  if (!(await repo.learnsFromCorrections(tx, tenantId))) return analysis;
  const neighbours = await repo.nearestExamples(tx, tenantId, text, correctionThreshold, neighbourLimit);
  if (neighbours.length === 0) return analysis;
  const winner = (field: string) => {
    const sums = new Map<string, number>();
    for (const n of neighbours)
      if (n.field === field) sums.set(n.label, (sums.get(n.label) ?? 0) + Number(n.similarity));
    let best: { label: string; sum: number; count: number } | undefined;
    for (const [label, sum] of sums)
      if (!best || sum > best.sum)
        best = { label, sum, count: neighbours.filter((n) => n.field === field && n.label === label).length };
    return best;
  };
  const sentiment = winner('sentiment');
  const intent = winner('intent');
  const changes: string[] = [];
  let examples = 0;
  const next: Record<string, string> = {};
  if (sentiment && sentiment.label !== analysis.sentiment) {
    next.sentiment = sentiment.label;
    examples = Math.max(examples, sentiment.count);
    changes.push(
      `sentimento ${named(sentimentPt, sentiment.label)} (o analisador leu ${named(sentimentPt, analysis.sentiment)})`,
    );
  }
  if (intent && intent.label !== analysis.intent) {
    next.intent = intent.label;
    examples = Math.max(examples, intent.count);
    changes.push(
      `intenção ${named(intentPt, intent.label)} (o analisador leu ${named(intentPt, analysis.intent)})`,
    );
  }
  if (changes.length === 0) return analysis;
  return {
    ...analysis,
    ...next,
    analysis_explanation: `Ajustado pelas correções da equipe: ${changes.join('; ')}, como em ${examples} ${examples === 1 ? 'mensagem corrigida parecida' : 'mensagens corrigidas parecidas'}.`,
  };
}

/** The caller's feedback on one analysis (empty when there is none, or no such analysis). */
export async function listOwn(
  { tx }: TenantScope,
  userId: string,
  type: FeedbackAnalysisType,
  analysisId: string,
) {
  return { feedback: (await repo.listOwn(tx, userId, type, analysisId)).map(toDto) };
}

/** The tenant's agreement per field (every field listed) over the last 30 days. */
export async function summary({ tx }: TenantScope, now = new Date()): Promise<AnalysisFeedbackSummary> {
  const since = new Date(now.getTime() - summaryDays * 24 * 60 * 60 * 1000);
  const counts = new Map(feedbackFields.map((f) => [f as string, { up: 0, down: 0 }]));
  for (const group of await repo.countByFieldAndVerdict(tx, since)) {
    const entry = counts.get(group.field);
    if (entry && (group.verdict === 'up' || group.verdict === 'down')) entry[group.verdict] += group.n;
  }
  return {
    since: iso(since),
    fields: feedbackFields.map((field) => {
      const { up, down } = counts.get(field) ?? { up: 0, down: 0 };
      return { field, up, down, agreement: up + down === 0 ? null : up / (up + down) };
    }),
  };
}

/**
 * One line of the export in the format of the analyzer's dev sets
 * (/work/shared/data/analysis/*.jsonl); undefined for a correction the format cannot hold.
 */
export function exportLine(field: string, correction: string, text: string): string | undefined {
  switch (field) {
    case 'sentiment':
      return JSON.stringify({ text, sentiment: correction });
    case 'intent':
      return JSON.stringify({ text, intent: correction });
    case 'escalation':
      if (correction === 'true' || correction === 'false')
        return JSON.stringify({ text, escalate: correction === 'true' });
      // A reason code says it should escalate, and why.
      if ((escalationReasons as readonly string[]).includes(correction))
        return JSON.stringify({ text, escalate: true, why: correction });
      return undefined;
    case 'red_flags':
      if (correction === 'true' || correction === 'false')
        return JSON.stringify({ text, red_flags: correction === 'true' });
      return undefined;
    default:
      return undefined;
  }
}

/**
 * The export's lines, page by page (each page read in its own short transaction through
 * `read`, none held while the caller writes; at most exportPageSize rows and `maxBytes` of text),
 * newest first, at most exportMaxLines; one line at a time, so the caller's backpressure holds
 * (lib/exports.ts streamExport).
 */
export async function* exportLines(
  read: TenantTx,
  maxBytes: number,
  first?: Awaited<ReturnType<typeof repo.correctionsPage>>,
): AsyncGenerator<string> {
  let left = exportMaxLines;
  let page = first ?? (await read((scope) => firstExportPage(scope, maxBytes)));
  for (;;) {
    for (const row of page.rows) {
      if (left === 0) return;
      const line = row.correction && row.text ? exportLine(row.field, row.correction, row.text) : undefined;
      if (line === undefined) continue;
      yield `${line}\n`;
      left -= 1;
    }
    const last = page.rows.at(-1);
    if (left === 0 || !page.more || !last) return;
    page = await read(({ tx }) =>
      repo.correctionsPage(tx, { createdAt: last.createdAt, id: last.id }, exportPageSize, maxBytes),
    );
  }
}

/** The first page of the export (read before the answer starts, so its failure is a proper error). */
export const firstExportPage = ({ tx }: TenantScope, maxBytes: number) =>
  repo.correctionsPage(tx, undefined, exportPageSize, maxBytes);
