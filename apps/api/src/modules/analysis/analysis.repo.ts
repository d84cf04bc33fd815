import type {
  MessageAnalysis as LocalMessageAnalysis,
  TicketAnalysis as LocalTicketAnalysis,
} from '@atende/analyzer';
import { eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { messageAnalyses, messages, tenants, ticketAnalyses, tickets } from '../../db/schema/index.ts';

export interface Provenance {
  provider: 'local' | 'openai';
  model: string | null;
  providerError: string | null;
}

/** What the analysis of a ticket reads: its texts and whether it was analysed (not search_text). */
export async function ticketForAnalysis(tx: Tx, ticketId: string) {
  const [row] = await tx
    .select({
      content: tickets.content,
      conversationText: tickets.conversationText,
      latestAnalysisId: tickets.latestAnalysisId,
      // A wait the customer states past the tenant's maximum is a reason to escalate (the policy).
      maxCustomerWaitMinutes: tenants.maxCustomerWaitTimeMinutes,
    })
    .from(tickets)
    .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
    .where(eq(tickets.id, ticketId));
  return row;
}

/** What the analysis of a message reads: its text, direction and ticket. */
export async function messageForAnalysis(tx: Tx, messageId: string) {
  const [row] = await tx
    .select({ content: messages.content, direction: messages.direction, ticketId: messages.ticketId })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row;
}

/** Whether the message still exists. */
export async function messageExists(tx: Tx, messageId: string) {
  const rows = await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId));
  return rows.length > 0;
}

/** Adds the next analysis version of a ticket and makes it the newest; false when the ticket is gone. */
export async function addTicketAnalysis(
  tx: Tx,
  tenantId: string,
  ticketId: string,
  result: LocalTicketAnalysis,
  provenance: Provenance,
) {
  // Lock the ticket: two analyses of one ticket at once get consecutive versions.
  const locked = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  if (locked.length === 0) return false;
  const [last] = await tx
    .select({ v: max(ticketAnalyses.version) })
    .from(ticketAnalyses)
    .where(eq(ticketAnalyses.ticketId, ticketId));
  const [row] = await tx
    .insert(ticketAnalyses)
    .values({
      tenantId,
      ticketId,
      version: (last?.v ?? 0) + 1,
      ...provenance,
      overallSentiment: result.overall_sentiment,
      complexityScore: result.complexity_score,
      confidenceScore: result.confidence_score,
      csatScore: result.csat_score,
      solvedStatus: result.solved_status,
      analysisExplanation: result.analysis_explanation,
      containsRedFlags: result.contains_red_flags,
      redFlagWords: [...result.red_flag_words],
      requiresEscalation: result.requires_escalation,
      escalationReasons: [...result.escalation_reasons],
      urgencyLevel: result.urgency_level,
    })
    .returning({ id: ticketAnalyses.id });
  // The trigger ticket_analyses_newest (migration 0010) makes it the ticket's newest analysis.
  return row !== undefined;
}

/** Adds the next analysis version of a message and makes it the newest. */
export async function addMessageAnalysis(
  tx: Tx,
  tenantId: string,
  messageId: string,
  result: LocalMessageAnalysis & { analysis_explanation?: string | null },
  provenance: Provenance,
) {
  await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId)).for('update');
  const [last] = await tx
    .select({ v: max(messageAnalyses.version) })
    .from(messageAnalyses)
    .where(eq(messageAnalyses.messageId, messageId));
  const [row] = await tx
    .insert(messageAnalyses)
    .values({
      tenantId,
      messageId,
      version: (last?.v ?? 0) + 1,
      ...provenance,
      sentiment: result.sentiment,
      intent: result.intent,
      urgencyLevel: result.urgency_level,
      confidenceScore: result.confidence_score,
      languageDetected: result.language_detected,
      containsRedFlags: result.contains_red_flags,
      redFlagWords: [...result.red_flag_words],
      suggestedResponses: [...result.suggested_responses],
      explanation: result.analysis_explanation ?? null,
    })
    .returning({ id: messageAnalyses.id });
  await tx.update(messages).set({ latestAnalysisId: row?.id }).where(eq(messages.id, messageId));
}
