import type { Dashboard } from '@atende/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricCards } from './metric-cards.tsx';

afterEach(cleanup);

const dashboard: Dashboard = {
  last_updated: '2025-06-04T12:00:00.000Z',
  window_start: '2025-06-02T03:00:00.000Z',
  window_end: '2025-06-05T03:00:00.000Z',
  total_tickets: 12,
  csat_average_0_10: 6.5,
  ticket_breakdown: {
    by_solved_status: { solved: 5, in_progress: 3, not_solved: 2 },
    by_sentiment: { positive: 4, negative: 3, neutral: 2, mixed: 1 },
  },
  csat_below_7_count: 6,
  requires_attention_count: 4,
  escalation_needed_count: 2,
  sla_breaches: 1,
  top_red_flag_terms: [],
  trend: [],
};

function rowsOf(card: string) {
  const section = screen.getByRole('heading', { name: card }).closest('section');
  if (!section) throw new Error(`no card ${card}`);
  return within(section)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('MetricCards', () => {
  it('shows each status and sentiment with its pt-BR label, in order, linking to those tickets', () => {
    render(
      <MemoryRouter>
        <MetricCards dashboard={dashboard} window={{ start_date: '2025-06-02', end_date: '2025-06-04' }} />
      </MemoryRouter>,
    );
    const window = 'start_date=2025-06-02&end_date=2025-06-04';
    expect(rowsOf('Chamados por status')).toEqual([
      ['Resolvidos5', `/tickets?${window}&solved_status=solved`],
      ['Em Progresso3', `/tickets?${window}&solved_status=in_progress`],
      ['Não Resolvidos2', `/tickets?${window}&solved_status=not_solved`],
    ]);
    expect(rowsOf('Sentimento')).toEqual([
      ['Neutro2', `/tickets?${window}&sentiment=neutral`],
      ['Negativo3', `/tickets?${window}&sentiment=negative`],
      ['Positivo4', `/tickets?${window}&sentiment=positive`],
      ['Misto1', `/tickets?${window}&sentiment=mixed`],
    ]);
    expect(rowsOf('Alertas')).toEqual([
      ['CSAT abaixo de 76', `/tickets?${window}&csat_lt=7`],
      ['Sinais de alerta / requer atenção4', `/tickets?${window}&requires_attention=true`],
      ['Escalonamento necessário2', `/tickets?${window}&requires_escalation=true`],
    ]);
    expect(rowsOf('CSAT médio')).toEqual([
      ['Total de chamados10', `/tickets?${window}&analyzed=true`],
      ['Criados no período (com e sem análise)12', `/tickets?${window}`],
    ]);
  });
});
