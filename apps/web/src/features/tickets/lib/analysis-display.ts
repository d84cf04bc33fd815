import type { TicketAnalysis } from '@atende/contracts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

export const sentimentLabels: Record<string, string> = {
  positive: 'Positivo',
  neutral: 'Neutro',
  negative: 'Negativo',
  mixed: 'Misto',
  unknown: 'Desconhecido',
};

export const solvedStatusLabels: Record<string, string> = {
  solved: 'Resolvido',
  in_progress: 'Em Progresso',
  not_solved: 'Não Resolvido',
};

export const urgencyLabels: Record<string, string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  critical: 'Crítica',
};

/** The analyzer's escalation codes in Portuguese (a copy: the web app does not import the analyzer). */
export const escalationReasonLabels: Record<string, string> = {
  red_flags: 'Termos de alerta',
  legal_threat: 'Ameaça jurídica',
  regulator_threat: 'Ameaça de órgão regulador (Procon, Anatel…)',
  churn_risk: 'Risco de cancelamento',
  negative_sentiment: 'Sentimento negativo',
  low_csat: 'CSAT previsto baixo',
  high_complexity: 'Alta complexidade',
  repeated_contact: 'Contato repetido',
  high_urgency: 'Urgência alta',
};

const label = (labels: Record<string, string>, code: string) => labels[code] ?? code;
export const sentimentLabel = (code: string) => label(sentimentLabels, code);
export const solvedStatusLabel = (code: string) => label(solvedStatusLabels, code);
export const urgencyLabel = (code: string) => label(urgencyLabels, code);
/** An unknown code is shown as it came. */
export const escalationReasonLabel = (code: string) => label(escalationReasonLabels, code);

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

/** The spec allows a list or a single string; empty entries are dropped. */
export function redFlagWords(analysis: Pick<TicketAnalysis, 'red_flag_words'>): string[] {
  const words: unknown = analysis.red_flag_words;
  const list = Array.isArray(words) ? words : typeof words === 'string' ? words.split(',') : [];
  return list.map((w) => String(w).trim()).filter((w) => w !== '');
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** pt-BR short date and time in São Paulo ('05/03/2026, 14:30'). */
export function formatDateTime(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTime.format(time);
}
