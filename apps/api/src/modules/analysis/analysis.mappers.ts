import type { MessageAnalysis, TicketAnalysis } from '@atende/contracts';
import type {
  MessageAnalysis as MessageAnalysisRow,
  TicketAnalysis as TicketAnalysisRow,
} from '../../db/schema/index.ts';
import { iso } from '../../lib/db-helpers.ts';

// Rows hold the enums as text (checked when written by the analyzer); the DTO types say which.

export const toTicketAnalysisDto = (row: TicketAnalysisRow): TicketAnalysis => ({
  id: row.id,
  version: row.version,
  provider: row.provider as TicketAnalysis['provider'],
  model: row.model,
  provider_error: row.providerError,
  created_at: iso(row.createdAt),
  overall_sentiment: row.overallSentiment as TicketAnalysis['overall_sentiment'],
  sentiment: row.overallSentiment as TicketAnalysis['sentiment'],
  complexity_score: row.complexityScore,
  confidence_score: row.confidenceScore,
  csat_score: row.csatScore,
  solved_status: row.solvedStatus as TicketAnalysis['solved_status'],
  analysis_explanation: row.analysisExplanation,
  contains_red_flags: row.containsRedFlags,
  red_flag_words: row.redFlagWords,
  requires_escalation: row.requiresEscalation,
  escalation_reasons: row.escalationReasons,
  urgency_level: row.urgencyLevel as TicketAnalysis['urgency_level'],
});

export const toMessageAnalysisDto = (row: MessageAnalysisRow): MessageAnalysis => ({
  id: row.id,
  version: row.version,
  provider: row.provider as MessageAnalysis['provider'],
  model: row.model,
  provider_error: row.providerError,
  created_at: iso(row.createdAt),
  sentiment: row.sentiment as MessageAnalysis['sentiment'],
  intent: row.intent as MessageAnalysis['intent'],
  urgency_level: row.urgencyLevel as MessageAnalysis['urgency_level'],
  confidence_score: row.confidenceScore,
  language_detected: row.languageDetected as MessageAnalysis['language_detected'],
  contains_red_flags: row.containsRedFlags,
  red_flag_words: row.redFlagWords,
  suggested_responses: row.suggestedResponses,
  analysis_explanation: row.explanation,
});
