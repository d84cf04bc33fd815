import { describe, expect, it } from 'vitest';
import { messageAnalysisSchema, sentimentLabels, ticketAnalysisSchema } from './analysis.ts';

const provenance = {
  id: '0b8f7a52-3c1e-4d2a-9f6b-1a2b3c4d5e6f',
  version: 1,
  provider: 'openai',
  model: 'fake-model',
  provider_error: null,
  created_at: '2026-03-05T17:30:00.000Z',
};

const ticket = (sentiment: string) => ({
  ...provenance,
  overall_sentiment: sentiment,
  sentiment,
  complexity_score: 0.2,
  confidence_score: 0.3,
  csat_score: 7,
  solved_status: 'in_progress',
  analysis_explanation: 'Sem falas do cliente.',
  contains_red_flags: false,
  red_flag_words: [],
  requires_escalation: false,
  escalation_reasons: [],
  urgency_level: 'low',
});

const message = (sentiment: string) => ({
  ...provenance,
  sentiment,
  intent: 'unknown',
  urgency_level: 'low',
  confidence_score: 0.5,
  language_detected: 'pt-BR',
  contains_red_flags: false,
  red_flag_words: [],
  suggested_responses: [],
});

// The spec's enumerations (issue 34): a ticket's sentiment adds `unknown`, a message's `other`.
describe('analysis sentiments', () => {
  it("accepts a ticket's `unknown` and a message's `other`, each with its pt-BR label", () => {
    expect(ticketAnalysisSchema.safeParse(ticket('unknown')).success).toBe(true);
    expect(messageAnalysisSchema.safeParse(message('other')).success).toBe(true);
    expect(sentimentLabels.unknown).toBe('Desconhecido');
    expect(sentimentLabels.other).toBe('Outro');
  });

  it('keeps each to its own enumeration', () => {
    expect(ticketAnalysisSchema.safeParse(ticket('other')).success).toBe(false);
    expect(messageAnalysisSchema.safeParse(message('unknown')).success).toBe(false);
    for (const s of ['positive', 'negative', 'neutral', 'mixed']) {
      expect(ticketAnalysisSchema.safeParse(ticket(s)).success).toBe(true);
      expect(messageAnalysisSchema.safeParse(message(s)).success).toBe(true);
    }
  });
});
