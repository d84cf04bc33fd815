import type { MessageAnalysis } from '@atende/contracts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

type Sentiment = MessageAnalysis['sentiment'];
type Intent = MessageAnalysis['intent'];
type Urgency = MessageAnalysis['urgency_level'];
type Language = MessageAnalysis['language_detected'];

export const directionLabels = { inbound: 'Entrada', outbound: 'Saída' } as const;

export const sentimentLabels: Record<Sentiment, string> = {
  positive: 'Positivo',
  negative: 'Negativo',
  neutral: 'Neutro',
  mixed: 'Misto',
};

export const sentimentTones: Record<Sentiment, BadgeTone> = {
  positive: 'green',
  negative: 'red',
  neutral: 'gray',
  mixed: 'yellow',
};

export const intentLabels: Record<Intent, string> = {
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

export const urgencyLabels: Record<Urgency, string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  critical: 'Crítica',
};

/** Same meaning as priority colours: high red, medium yellow, low blue. */
export const urgencyTones: Record<Urgency, BadgeTone> = {
  low: 'blue',
  medium: 'yellow',
  high: 'red',
  critical: 'red',
};

export const languageLabels: Record<Language, string> = {
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  en: 'Inglês',
  es: 'Espanhol',
  fr: 'Francês',
  de: 'Alemão',
  it: 'Italiano',
};

/** Confidence colours (ARCHITECTURE §9): ≥ 0.8 green, ≥ 0.6 yellow, else red. */
export function confidenceTone(score: number): BadgeTone {
  if (score >= 0.8) return 'green';
  if (score >= 0.6) return 'yellow';
  return 'red';
}

/** 0.873 → '87%' */
export function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

/** The first block of a UUID, enough to tell rows apart. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
