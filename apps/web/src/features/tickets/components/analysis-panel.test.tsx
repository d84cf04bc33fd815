import type { TicketAnalysis } from '@atende/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisPanel } from './analysis-panel.tsx';

afterEach(cleanup);

const analysis: TicketAnalysis = {
  id: 'a-1',
  version: 2,
  provider: 'local',
  model: null,
  provider_error: null,
  created_at: '2026-03-05T17:30:00Z',
  overall_sentiment: 'negative',
  sentiment: 'negative',
  complexity_score: 0.85,
  confidence_score: 0.65,
  csat_score: 3.5,
  solved_status: 'not_solved',
  analysis_explanation: 'Cliente ameaça ir ao Procon.',
  contains_red_flags: true,
  red_flag_words: ['procon'],
  requires_escalation: true,
  escalation_reasons: ['regulator_threat', 'churn_risk', 'new_code'],
  urgency_level: 'high',
};

describe('analysis panel', () => {
  it('shows every field in Portuguese with the threshold colours', () => {
    render(<AnalysisPanel analysis={analysis} />);
    expect(screen.getByText('Negativo')).toBeTruthy();
    expect(screen.getByText('85%').className).toContain('bg-red-50');
    expect(screen.getByText('65%').className).toContain('bg-yellow-50');
    expect(screen.getByText('3,5/10').className).toContain('bg-amber-50');
    expect(screen.getByText('Não Resolvido')).toBeTruthy();
    expect(screen.getByText('Alta')).toBeTruthy();
    expect(screen.getByText('procon')).toBeTruthy();
    expect(screen.getByText('Necessário')).toBeTruthy();
    expect(screen.getByText('Menção a órgão regulador ou de defesa do consumidor')).toBeTruthy();
    expect(screen.getByText('Risco de cancelamento')).toBeTruthy();
    expect(screen.getByText('new_code')).toBeTruthy();
    expect(screen.getByText('Cliente ameaça ir ao Procon.')).toBeTruthy();
    expect(screen.getByText(/Versão 2/)).toBeTruthy();
  });

  it('says when there is no analysis yet', () => {
    render(<AnalysisPanel analysis={null} />);
    expect(screen.getByText(/ainda não foi analisado/)).toBeTruthy();
  });
});
