import type { SlaAnalytics } from '@atende/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { formatBusinessMinutes, sinceLabel } from './sla-card.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const day = (date: string, met: number, breached: number): SlaAnalytics['trend'][number] => ({
  date,
  met,
  breached,
  met_percent: met + breached === 0 ? null : Math.round((1000 * met) / (met + breached)) / 10,
  first_answer_median_minutes: met + breached === 0 ? null : 12,
  first_answer_p90_minutes: met + breached === 0 ? null : 75,
});

const sla: SlaAnalytics = {
  last_updated: '2026-11-27T12:00:00.000Z',
  window_start: '2026-11-21T03:00:00.000Z',
  window_end: '2026-11-27T12:00:00.000Z',
  data_since: '2026-11-24T13:00:00.000Z',
  limit_minutes: 30,
  business_hours: true,
  met: 7,
  breached: 3,
  met_percent: 70,
  first_answer_median_minutes: 12.4,
  first_answer_p90_minutes: 75,
  open: 2,
  trend: [
    day('2026-11-21', 0, 0),
    day('2026-11-24', 3, 1),
    day('2026-11-25', 4, 2),
    day('2026-11-26', 0, 0),
    day('2026-11-27', 0, 0),
  ],
};

describe('SLA cumprido', () => {
  it('formats business minutes and says since when when the figures start inside the window', () => {
    expect(formatBusinessMinutes(null)).toBe('—');
    expect(formatBusinessMinutes(0.4)).toBe('< 1 min');
    expect(formatBusinessMinutes(12.4)).toBe('12 min');
    expect(formatBusinessMinutes(65)).toBe('1 h 05 min');
    expect(sinceLabel(sla)).toBe('desde 24/11');
    expect(sinceLabel({ ...sla, data_since: '2026-01-01T03:00:00.000Z' })).toBeNull();
  });

  it('shows the share met, the breaches and the first-answer times on the dashboard', async () => {
    const dashboard = {
      last_updated: sla.last_updated,
      window_start: sla.window_start,
      window_end: sla.window_end,
      total_tickets: 0,
      csat_average_0_10: null,
      ticket_breakdown: {
        by_solved_status: { solved: 0, in_progress: 0, not_solved: 0 },
        by_sentiment: { positive: 0, negative: 0, neutral: 0, mixed: 0 },
      },
      csat_below_7_count: 0,
      requires_attention_count: 0,
      escalation_needed_count: 0,
      sla_breaches: 3,
      top_red_flag_terms: [],
      trend: [],
    };
    stubServer({
      '/api/v1/analytics/dashboard': () => json(dashboard),
      '/api/v1/analytics/sla': () => json(sla),
    });
    renderApp('/dashboard');
    const card = within(await screen.findByTestId('sla-card', {}, { timeout: 5000 }));
    expect((await card.findByTestId('sla-met-percent')).textContent).toBe('70%');
    expect(card.getByTestId('sla-breaches').textContent).toBe('3');
    expect(card.getByText(/7 de 10 esperas respondidas no prazo/)).toBeTruthy();
    expect(card.getByText('(desde 24/11)')).toBeTruthy();
    expect(card.getByText(/Primeira resposta/).textContent).toBe(
      'Primeira resposta: mediana 12 min · p90 1 h 15 min',
    );
    expect(card.getAllByRole('row', { hidden: true })).toHaveLength(sla.trend.length + 1);
  });
});
