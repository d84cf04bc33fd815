// The analysis enums and their pt-BR labels: plain data, no zod, so the web app can show an
// analysis without downloading the schemas (`@atende/contracts/analysis-labels`).

/**
 * The sentiments the offline analyzer decides, and the only ones the tickets filter, the dashboard
 * and the team's corrections offer.
 */
export const sentiments = ['positive', 'negative', 'neutral', 'mixed'] as const;
/** A ticket's: the spec's enumeration adds `unknown` (an LLM that cannot tell answers it). */
export const ticketSentiments = [...sentiments, 'unknown'] as const;
export type TicketSentiment = (typeof ticketSentiments)[number];
/** A message's: the spec's message analysis adds `other` (an LLM may answer it). */
export const messageSentiments = [...sentiments, 'other'] as const;
export type MessageSentiment = (typeof messageSentiments)[number];
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
/** Who answered: the offline analyzer, an OpenAI-compatible provider, or the bulk generator (seed-bulk). */
export const analysisProviders = ['local', 'openai', 'seed'] as const;
export const providerLabels: Record<(typeof analysisProviders)[number], string> = {
  local: 'Analisador local',
  openai: 'IA externa',
  seed: 'Dados de carga',
};

/**
 * Why a ticket needs escalation: stable codes stored with the analysis, translated for people.
 * One code per rule of the escalation policy (a lead must look at the ticket now); negative
 * sentiment or a low predicted CSAT alone is never a reason (those are their own alerts).
 */
export const escalationReasons = [
  /** The customer says they contacted us again and again, or the same failure keeps happening. */
  'repeated_contact',
  /** The customer states a long wait (days, weeks) for an answer or a solution. */
  'long_wait',
  /** A threat to cancel or leave, tied to this problem (not a calm cancellation). */
  'churn_threat',
  /** Procon, Anatel, Aneel, Banco Central, consumidor.gov… */
  'regulator_complaint',
  /** Lawyer, lawsuit, small-claims court, police report. */
  'legal_action',
  /** Reclame Aqui, social networks, press. */
  'public_exposure',
  /** Money taken wrongly (double or unknown charges), fraud, a compromised account. */
  'financial_harm',
  /** The customer's business is stopped or losing money, or someone's safety is at risk. */
  'business_impact',
  /** Asks for a supervisor, manager or the ombudsman (ouvidoria), or reports staff misconduct. */
  'ombudsman_or_misconduct',
  /** Sold with false promises (no loyalty period, price, coverage…). */
  'misleading_sale',
] as const;
export type EscalationReason = (typeof escalationReasons)[number];

/**
 * Codes of the first analyzer (before the escalation policy). Nothing produces them any more, but
 * analyses stored earlier carry them, so they keep their labels.
 */
export const legacyEscalationReasons = [
  'red_flags',
  'legal_threat',
  'regulator_threat',
  'churn_risk',
  'negative_sentiment',
  'low_csat',
  'high_complexity',
  'high_urgency',
] as const;
export type LegacyEscalationReason = (typeof legacyEscalationReasons)[number];

/**
 * pt-BR labels of the escalation codes, current and legacy, lower case (they also go mid-sentence
 * in explanations and alerts; the web app capitalises them in lists). Each current label names
 * its rule.
 */
export const escalationReasonLabels: Readonly<Record<EscalationReason | LegacyEscalationReason, string>> = {
  repeated_contact: 'contato repetido ou falha repetida sem solução',
  long_wait: 'espera longa relatada pelo cliente',
  churn_threat: 'ameaça de cancelamento ligada ao problema',
  regulator_complaint: 'queixa a órgão regulador (Procon, Anatel…)',
  legal_action: 'ameaça de ação judicial (advogado, justiça)',
  public_exposure: 'exposição pública (Reclame Aqui, redes sociais)',
  financial_harm: 'cobrança indevida, fraude ou conta invadida',
  business_impact: 'negócio do cliente parado ou segurança em risco',
  ombudsman_or_misconduct: 'pedido de supervisor ou ouvidoria, ou conduta inadequada da equipe',
  misleading_sale: 'venda enganosa',
  // Legacy codes (analyses stored before the escalation policy).
  red_flags: 'termos de alerta',
  legal_threat: 'ameaça de ação judicial',
  regulator_threat: 'menção a órgão regulador ou de defesa do consumidor',
  churn_risk: 'risco de cancelamento',
  negative_sentiment: 'sentimento negativo',
  low_csat: 'satisfação prevista baixa',
  high_complexity: 'alta complexidade',
  high_urgency: 'urgência alta',
};

/** pt-BR labels of the analysis enums, as the screens show them. */
export const sentimentLabels: Readonly<Record<TicketSentiment | MessageSentiment, string>> = {
  positive: 'Positivo',
  negative: 'Negativo',
  neutral: 'Neutro',
  mixed: 'Misto',
  unknown: 'Desconhecido',
  other: 'Outro',
};
export const solvedStatusLabels: Readonly<Record<(typeof solvedStatuses)[number], string>> = {
  solved: 'Resolvido',
  in_progress: 'Em Progresso',
  not_solved: 'Não Resolvido',
};
/** The same in the plural, naming a count of tickets (the dashboard's 'Resolvidos: 12'). */
export const solvedStatusPluralLabels: Readonly<Record<(typeof solvedStatuses)[number], string>> = {
  solved: 'Resolvidos',
  in_progress: 'Em Progresso',
  not_solved: 'Não Resolvidos',
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

/** The spec's complexity levels 1–5, shown beside the complexity score's percentage. */
export const complexityLevelLabels = ['Muito Baixa', 'Baixa', 'Média', 'Alta', 'Muito Alta'] as const;

/** A complexity score (0–1) as its level 1–5: each fifth of the scale is one level (1.0 is 5). */
export const complexityLevel = (score: number): 1 | 2 | 3 | 4 | 5 =>
  Math.min(5, Math.max(1, Math.floor(score * 5) + 1)) as 1 | 2 | 3 | 4 | 5;

/** 'Alta' for 0.7: the level's pt-BR label. */
export const complexityLabel = (score: number) => complexityLevelLabels[complexityLevel(score) - 1];
