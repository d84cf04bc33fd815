// The analysis enums and their pt-BR labels: plain data, no zod, so the web app can show an
// analysis without downloading the schemas (`@atende/contracts/analysis-labels`).

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
