import { z } from 'zod';
import {
  analysisProviders,
  intents,
  languages,
  messageSentiments,
  solvedStatuses,
  ticketSentiments,
  urgencyLevels,
} from './analysis-labels.ts';
import { timestamp } from './common.ts';

export * from './analysis-labels.ts';

const provenance = {
  id: z.uuid(),
  /** 1 for the first analysis; reprocessing adds the next version (history is kept). */
  version: z.number().int(),
  /** Who answered: the offline analyzer (`local`) or an OpenAI-compatible LLM (`openai`). */
  provider: z.enum(analysisProviders),
  model: z.string().nullable(),
  /** Set when the requested provider failed and the offline analyzer answered instead. */
  provider_error: z.string().nullable(),
  created_at: timestamp,
};

export const ticketAnalysisSchema = z.object({
  ...provenance,
  /** The offline analyzer's four, or `unknown` from an LLM that cannot tell. */
  overall_sentiment: z.enum(ticketSentiments),
  /** Same as overall_sentiment (the API answers both). */
  sentiment: z.enum(ticketSentiments),
  complexity_score: z.number().min(0).max(1),
  confidence_score: z.number().min(0).max(1),
  /** Predicted satisfaction, 0–10. */
  csat_score: z.number().min(0).max(10),
  solved_status: z.enum(solvedStatuses),
  analysis_explanation: z.string(),
  contains_red_flags: z.boolean(),
  red_flag_words: z.array(z.string()),
  requires_escalation: z.boolean(),
  /**
   * Stable codes (escalationReasons, e.g. repeated_contact, financial_harm) that the web app
   * translates; analyses stored earlier may carry legacy codes or, from an LLM, others: any string
   * is read back.
   */
  escalation_reasons: z.array(z.string()),
  urgency_level: z.enum(urgencyLevels),
});
export type TicketAnalysis = z.infer<typeof ticketAnalysisSchema>;

export const messageAnalysisSchema = z.object({
  ...provenance,
  /** The offline analyzer's four, or `other` from an LLM. */
  sentiment: z.enum(messageSentiments),
  intent: z.enum(intents),
  urgency_level: z.enum(urgencyLevels),
  confidence_score: z.number().min(0).max(1),
  language_detected: z.enum(languages),
  contains_red_flags: z.boolean(),
  red_flag_words: z.array(z.string()),
  suggested_responses: z.array(z.string()),
  /**
   * pt-BR: why the analysis differs from the analyzer's own reading — "Ajustado pelas correções da
   * equipe: …" when the tenant's corrected examples changed its sentiment or intent; null (or
   * absent) otherwise.
   */
  analysis_explanation: z.string().nullish(),
});
export type MessageAnalysis = z.infer<typeof messageAnalysisSchema>;

export const analyzeTicketBodySchema = z
  .object({
    /** Analyse again even when an analysis exists (adds a version; history is kept). */
    force_reanalysis: z.boolean().default(false),
  })
  .nullish();

export const analyzeQuerySchema = z.object({
  /** `local` (offline analyzer, the default) or `openai` (when the server configures one). */
  provider: z.string().max(40).optional(),
});
