import { z } from 'zod';
import { timestamp } from './common.ts';

export const sentiments = ['positive', 'negative', 'neutral', 'mixed'] as const;
export const solvedStatuses = ['solved', 'in_progress', 'not_solved'] as const;
export const urgencyLevels = ['low', 'medium', 'high', 'critical'] as const;
export const intents = [
  'compliment',
  'complaint',
  'question',
  'inquiry',
  'request',
  'support',
  'information',
  'greeting',
  'goodbye',
  'urgent',
  'feedback',
  'unknown',
] as const;
export const languages = ['pt', 'pt-BR', 'en', 'es', 'fr', 'de', 'it'] as const;
export const analysisProviders = ['local', 'openai'] as const;

/** Why a ticket needs escalation: stable codes stored with the analysis, translated for people. */
export const escalationReasons = [
  'red_flags',
  'legal_threat',
  'regulator_threat',
  'churn_risk',
  'negative_sentiment',
  'low_csat',
  'high_complexity',
  'repeated_contact',
  'high_urgency',
] as const;
export type EscalationReason = (typeof escalationReasons)[number];

/** pt-BR labels of the escalation codes, lower case (they also go mid-sentence in explanations). */
export const escalationReasonLabels: Readonly<Record<EscalationReason, string>> = {
  red_flags: 'termos de alerta',
  legal_threat: 'ameaça de ação judicial',
  regulator_threat: 'menção a órgão regulador ou de defesa do consumidor',
  churn_risk: 'risco de cancelamento',
  negative_sentiment: 'sentimento negativo',
  low_csat: 'satisfação prevista baixa',
  high_complexity: 'alta complexidade',
  repeated_contact: 'contato repetido',
  high_urgency: 'urgência alta',
};

/** pt-BR labels of the analysis enums, as the screens show them. */
export const sentimentLabels: Readonly<Record<(typeof sentiments)[number], string>> = {
  positive: 'Positivo',
  negative: 'Negativo',
  neutral: 'Neutro',
  mixed: 'Misto',
};
export const solvedStatusLabels: Readonly<Record<(typeof solvedStatuses)[number], string>> = {
  solved: 'Resolvido',
  in_progress: 'Em Progresso',
  not_solved: 'Não Resolvido',
};
export const urgencyLabels: Readonly<Record<(typeof urgencyLevels)[number], string>> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  critical: 'Crítica',
};
export const intentLabels: Readonly<Record<(typeof intents)[number], string>> = {
  compliment: 'Elogio',
  complaint: 'Reclamação',
  question: 'Pergunta',
  inquiry: 'Consulta',
  request: 'Solicitação',
  support: 'Suporte',
  information: 'Informação',
  greeting: 'Saudação',
  goodbye: 'Despedida',
  urgent: 'Urgente',
  feedback: 'Feedback',
  unknown: 'Desconhecido',
};
export const languageLabels: Readonly<Record<(typeof languages)[number], string>> = {
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  en: 'Inglês',
  es: 'Espanhol',
  fr: 'Francês',
  de: 'Alemão',
  it: 'Italiano',
};

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
  overall_sentiment: z.enum(sentiments),
  /** Same as overall_sentiment (the spec names both). */
  sentiment: z.enum(sentiments),
  complexity_score: z.number().min(0).max(1),
  confidence_score: z.number().min(0).max(1),
  /** Predicted satisfaction, 0–10. */
  csat_score: z.number().min(0).max(10),
  solved_status: z.enum(solvedStatuses),
  analysis_explanation: z.string(),
  contains_red_flags: z.boolean(),
  red_flag_words: z.array(z.string()),
  requires_escalation: z.boolean(),
  /** Stable codes (e.g. legal_threat, churn_risk) that the web app translates. */
  escalation_reasons: z.array(z.string()),
  urgency_level: z.enum(urgencyLevels),
});
export type TicketAnalysis = z.infer<typeof ticketAnalysisSchema>;

export const messageAnalysisSchema = z.object({
  ...provenance,
  sentiment: z.enum(sentiments),
  intent: z.enum(intents),
  urgency_level: z.enum(urgencyLevels),
  confidence_score: z.number().min(0).max(1),
  language_detected: z.enum(languages),
  contains_red_flags: z.boolean(),
  red_flag_words: z.array(z.string()),
  suggested_responses: z.array(z.string()),
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
