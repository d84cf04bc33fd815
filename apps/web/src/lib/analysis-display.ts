import type { TicketAnalysis } from '@atende/contracts';
import {
  complexityLabel,
  escalationReasonLabels,
  intentLabels,
  languageLabels,
  providerLabels,
  sentimentLabels,
  solvedStatusLabels,
  urgencyLabels,
} from '@atende/contracts/analysis-labels';
import type { BadgeTone } from '../components/ui/badge.tsx';

// How the screens show an analysis (tickets and messages alike): labels, colours, figures.

export {
  complexityLabel,
  intentLabels,
  languageLabels,
  providerLabels,
  sentimentLabels,
  solvedStatusLabels,
  urgencyLabels,
};

/** A code's label, or the code itself when it is unknown (a newer server). */
const label = (labels: Readonly<Record<string, string>>, code: string) => labels[code] ?? code;
export const sentimentLabel = (code: string) => label(sentimentLabels, code);
export const solvedStatusLabel = (code: string) => label(solvedStatusLabels, code);
export const urgencyLabel = (code: string) => label(urgencyLabels, code);
/** 'legal_threat' → 'Ameaça de ação judicial' (the contracts' label, capitalised for a list). */
export function escalationReasonLabel(code: string): string {
  const text = label(escalationReasonLabels, code);
  return text === code ? code : text.charAt(0).toUpperCase() + text.slice(1);
}

export const LOW_CSAT = 7;

/** Confidence: ≥ 0.8 green, ≥ 0.6 yellow, else red. */
export function confidenceTone(score: number): BadgeTone {
  if (score >= 0.8) return 'green';
  if (score >= 0.6) return 'yellow';
  return 'red';
}

/** Complexity: ≥ 0.8 red, ≥ 0.6 amber, ≥ 0.4 yellow, else green. */
export function complexityTone(score: number): BadgeTone {
  if (score >= 0.8) return 'red';
  if (score >= 0.6) return 'amber';
  if (score >= 0.4) return 'yellow';
  return 'green';
}

/** CSAT below 7 is amber. */
export function csatTone(score: number): BadgeTone {
  return score < LOW_CSAT ? 'amber' : 'green';
}

export function sentimentTone(sentiment: string): BadgeTone {
  if (sentiment === 'positive') return 'green';
  if (sentiment === 'negative') return 'red';
  if (sentiment === 'mixed') return 'yellow';
  return 'gray';
}

export function solvedStatusTone(status: string): BadgeTone {
  if (status === 'solved') return 'green';
  if (status === 'in_progress') return 'blue';
  return 'red';
}

/** Same meaning as priority colours: high (and critical) red, medium yellow, low blue. */
export function urgencyTone(level: string): BadgeTone {
  if (level === 'critical' || level === 'high') return 'red';
  if (level === 'medium') return 'yellow';
  return 'blue';
}

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 0.734 → '73%'. */
export const formatPercent = (score: number) => `${percent.format(score * 100)}%`;
/** 6.5 → '6,5/10'. */
export const formatCsat = (score: number) => `${oneDecimal.format(score)}/10`;

const fixedOneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
/** An average on the 0–10 scale, always with one decimal: 7 → '7,0'. */
export const formatCsatAverage = (score: number) => fixedOneDecimal.format(score);

/** A list or one comma-separated string is accepted; empty and repeated entries are dropped. */
export function redFlagWords(analysis: Pick<TicketAnalysis, 'red_flag_words'>): string[] {
  const words: unknown = analysis.red_flag_words;
  const list = Array.isArray(words) ? words : typeof words === 'string' ? words.split(',') : [];
  return [...new Set(list.map((w) => String(w).trim()).filter((w) => w !== ''))];
}
