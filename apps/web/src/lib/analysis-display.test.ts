import { describe, expect, it } from 'vitest';
import {
  complexityLabel,
  complexityTone,
  confidenceTone,
  csatTone,
  escalationReasonLabel,
  formatCsat,
  formatPercent,
  redFlagWords,
  sentimentLabel,
  sentimentTone,
  solvedStatusLabel,
} from './analysis-display.ts';

describe('analysis colours (thresholds)', () => {
  it('confidence: ≥ 0.8 green, ≥ 0.6 yellow, else red', () => {
    expect(confidenceTone(1)).toBe('green');
    expect(confidenceTone(0.8)).toBe('green');
    expect(confidenceTone(0.79)).toBe('yellow');
    expect(confidenceTone(0.6)).toBe('yellow');
    expect(confidenceTone(0.59)).toBe('red');
  });

  it('complexity: 0.8 / 0.6 / 0.4', () => {
    expect(complexityTone(0.8)).toBe('red');
    expect(complexityTone(0.79)).toBe('amber');
    expect(complexityTone(0.6)).toBe('amber');
    expect(complexityTone(0.59)).toBe('yellow');
    expect(complexityTone(0.4)).toBe('yellow');
    expect(complexityTone(0.39)).toBe('green');
  });

  it('CSAT below 7 is amber', () => {
    expect(csatTone(6.9)).toBe('amber');
    expect(csatTone(0)).toBe('amber');
    expect(csatTone(7)).toBe('green');
  });
});

describe('analysis labels', () => {
  it("names complexity with the spec's levels 1–5, one per fifth of the scale", () => {
    expect([0, 0.19, 0.2, 0.39, 0.4, 0.6, 0.79, 0.8, 1].map(complexityLabel)).toEqual([
      'Muito Baixa',
      'Muito Baixa',
      'Baixa',
      'Baixa',
      'Média',
      'Alta',
      'Alta',
      'Muito Alta',
      'Muito Alta',
    ]);
  });

  it('translates escalation reasons and shows unknown codes as they came', () => {
    expect(escalationReasonLabel('red_flags')).toBe('Termos de alerta');
    expect(escalationReasonLabel('legal_threat')).toBe('Ameaça de ação judicial');
    expect(escalationReasonLabel('regulator_threat')).toBe(
      'Menção a órgão regulador ou de defesa do consumidor',
    );
    expect(escalationReasonLabel('churn_risk')).toBe('Risco de cancelamento');
    expect(escalationReasonLabel('low_csat')).toBe('Satisfação prevista baixa');
    expect(escalationReasonLabel('high_urgency')).toBe('Urgência alta');
    expect(escalationReasonLabel('vip_customer')).toBe('vip_customer');
  });

  it('names sentiments and statuses in Portuguese', () => {
    expect(sentimentLabel('positive')).toBe('Positivo');
    expect(sentimentLabel('neutral')).toBe('Neutro');
    expect(sentimentLabel('negative')).toBe('Negativo');
    expect(sentimentLabel('mixed')).toBe('Misto');
    // The spec's enumerations (issue 34): a ticket's `unknown`, a message's `other`, in the
    // neutral one's colour.
    expect(sentimentLabel('unknown')).toBe('Desconhecido');
    expect(sentimentLabel('other')).toBe('Outro');
    expect(sentimentTone('unknown')).toBe(sentimentTone('neutral'));
    expect(sentimentTone('other')).toBe(sentimentTone('neutral'));
    expect(solvedStatusLabel('solved')).toBe('Resolvido');
    expect(solvedStatusLabel('in_progress')).toBe('Em Progresso');
    expect(solvedStatusLabel('not_solved')).toBe('Não Resolvido');
  });

  it('formats scores and CSAT in pt-BR', () => {
    expect(formatPercent(0.734)).toBe('73%');
    expect(formatCsat(6.5)).toBe('6,5/10');
    expect(formatCsat(8)).toBe('8/10');
  });

  it('reads red-flag words as a list or a single string', () => {
    expect(redFlagWords({ red_flag_words: ['procon', ' '] })).toEqual(['procon']);
    expect(redFlagWords({ red_flag_words: 'procon, anatel' as unknown as string[] })).toEqual([
      'procon',
      'anatel',
    ]);
  });
});
