/**
 * The spec's enumerations (spec §3) as const arrays, so the API's zod schemas, the web app's labels
 * and the analyzer share one list. Types derive from the arrays.
 */
export const SENTIMENTS = ['positive', 'negative', 'neutral', 'mixed'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const INTENTS = [
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
export type Intent = (typeof INTENTS)[number];

export const URGENCY_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

export const SOLVED_STATUSES = ['solved', 'in_progress', 'not_solved'] as const;
export type SolvedStatus = (typeof SOLVED_STATUSES)[number];

export const LANGUAGES = ['pt', 'pt-BR', 'en', 'es', 'fr', 'de', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Stable codes: stored in ticket_analyses.escalation_reasons and translated by the web app. */
export const ESCALATION_REASONS = [
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
export type EscalationReason = (typeof ESCALATION_REASONS)[number];

/** pt-BR labels for the escalation codes (the explanation paragraph uses them too). */
export const ESCALATION_REASON_LABELS: Readonly<Record<EscalationReason, string>> = {
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
