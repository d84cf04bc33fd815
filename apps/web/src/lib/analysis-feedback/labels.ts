import type { FeedbackField } from '@atende/contracts';
// The zod-free subpath: the panels must not pull the schemas into their chunks.
import { intentLabels, intents, sentimentLabels, sentiments } from '@atende/contracts/analysis-labels';

/** The rated fields as the screens name them (a table's rows, a heading). */
export const feedbackFieldLabels: Readonly<Record<FeedbackField, string>> = {
  sentiment: 'Sentimento',
  intent: 'Intenção',
  escalation: 'Escalonamento',
  red_flags: 'Sinais de alerta',
};

/** The same, mid-sentence ('Análise correta: sentimento'). */
export const feedbackFieldNames: Readonly<Record<FeedbackField, string>> = {
  sentiment: 'sentimento',
  intent: 'intenção',
  escalation: 'escalonamento',
  red_flags: 'sinais de alerta',
};

/** Fields in the order the screens list them (the contract's order). */
export const feedbackFieldOrder: readonly FeedbackField[] = [
  'sentiment',
  'intent',
  'escalation',
  'red_flags',
];

export interface CorrectionOption {
  value: string;
  label: string;
}

/**
 * What a 👎 can say the right value is (the contract's feedbackCorrectionValues, which sit next to
 * zod): a sentiment, an intent, or whether it should escalate / holds red flags ('true'/'false').
 */
export const correctionOptions: Readonly<Record<FeedbackField, readonly CorrectionOption[]>> = {
  sentiment: sentiments.map((value) => ({ value, label: sentimentLabels[value] })),
  intent: intents.map((value) => ({ value, label: intentLabels[value] })),
  escalation: [
    { value: 'true', label: 'Deveria escalonar' },
    { value: 'false', label: 'Não deveria escalonar' },
  ],
  red_flags: [
    { value: 'true', label: 'Há sinais de alerta' },
    { value: 'false', label: 'Não há sinais de alerta' },
  ],
};

/** The options for a 👎, without the value the analysis gave (it is the one being disputed). */
export function correctionOptionsFor(field: FeedbackField, analysed: string | undefined) {
  return correctionOptions[field].filter((option) => option.value !== analysed);
}
