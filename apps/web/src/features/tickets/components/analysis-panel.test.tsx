import type { AnalysisFeedback, TicketAnalysis } from '@atende/contracts';
import { escalationReasonLabels, escalationReasons } from '@atende/contracts/analysis-labels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { AnalysisPanel } from './analysis-panel.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

function feedback(
  field: AnalysisFeedback['field'],
  verdict: AnalysisFeedback['verdict'],
  correction: string | null = null,
) {
  return {
    id: `f-${field}`,
    analysis_type: 'ticket',
    analysis_id: 'a-1',
    field,
    verdict,
    correction,
    created_at: '2026-03-05T18:00:00Z',
    updated_at: '2026-03-05T18:00:00Z',
  } satisfies AnalysisFeedback;
}

/** GET and POST /analysis-feedback over feedback held here; `post` replaces the POST's answer. */
function feedbackServer(initial: AnalysisFeedback[] = [], post?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  const queries: string[] = [];
  stubServer({
    '/api/v1/analysis-feedback': async (request) => {
      if (request.method === 'POST') {
        const body = await request.json();
        bodies.push(body);
        if (post) return post();
        return json({ ...feedback(body.field, body.verdict, body.correction), id: 'f-new' }, 201);
      }
      queries.push(new URL(request.url).search);
      return json({ feedback: initial });
    },
  });
  return { bodies, queries };
}

function renderPanel(value: TicketAnalysis | null = analysis) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AnalysisPanel analysis={value} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const pressed = (name: string) => button(name).getAttribute('aria-pressed');

describe('analysis panel', () => {
  it('shows every field in Portuguese with the threshold colours', () => {
    feedbackServer();
    renderPanel();
    expect(screen.getByText('Negativo')).toBeTruthy();
    expect(screen.getByText('Muito Alta · 85%').className).toContain('bg-red-50'); // the spec's level beside the share
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

  it("labels the spec's `unknown` sentiment 'Desconhecido', styled like the neutral one (issue 34)", () => {
    feedbackServer();
    renderPanel({ ...analysis, overall_sentiment: 'neutral', sentiment: 'neutral' });
    const neutral = screen.getByText('Neutro').className;
    cleanup();
    feedbackServer();
    renderPanel({ ...analysis, overall_sentiment: 'unknown', sentiment: 'unknown' });
    expect(screen.getByText('Desconhecido').className).toBe(neutral);
  });

  it('says when there is no analysis yet', () => {
    renderPanel(null);
    expect(screen.getByText(/ainda não foi analisado/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Análise correta/ })).toBeNull();
  });

  it("shows the escalation policy's reasons by their labels, capitalised; unknown codes as they are", () => {
    feedbackServer();
    renderPanel({
      ...analysis,
      escalation_reasons: [...escalationReasons, 'legal_threat', 'brand_new', 'long_wait'],
    });
    const list = screen.getByRole('list');
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Contato repetido ou falha repetida sem solução',
      'Espera longa relatada pelo cliente',
      'Ameaça de cancelamento ligada ao problema',
      'Queixa a órgão regulador (Procon, Anatel…)',
      'Ameaça de ação judicial (advogado, justiça)',
      'Exposição pública (Reclame Aqui, redes sociais)',
      'Cobrança indevida, fraude ou conta invadida',
      'Negócio do cliente parado ou segurança em risco',
      'Pedido de supervisor ou ouvidoria, ou conduta inadequada da equipe',
      'Venda enganosa',
      'Ameaça de ação judicial',
      'brand_new',
    ]);
    for (const code of escalationReasons) expect(escalationReasonLabels[code]).toBeTruthy();
  });

  it('shows no reasons when it needs no escalation', () => {
    feedbackServer();
    renderPanel({ ...analysis, requires_escalation: false, escalation_reasons: [] });
    expect(screen.getByText('Não necessário')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('analysis panel feedback', () => {
  it('offers 👍/👎 on sentiment, escalation and red flags, none pressed before any feedback', async () => {
    const { queries } = feedbackServer();
    renderPanel();
    await waitFor(() => expect(queries).toEqual(['?analysis_type=ticket&analysis_id=a-1']));
    for (const name of ['sentimento', 'escalonamento', 'sinais de alerta']) {
      expect(pressed(`Análise correta: ${name}`)).toBe('false');
      expect(pressed(`Análise incorreta: ${name}`)).toBe('false');
    }
    expect(screen.queryByRole('button', { name: /intenção/ })).toBeNull();
  });

  it("shows the caller's verdicts as pressed", async () => {
    feedbackServer([feedback('sentiment', 'up'), feedback('escalation', 'down', 'false')]);
    renderPanel();
    await waitFor(() => expect(pressed('Análise correta: sentimento')).toBe('true'));
    expect(pressed('Análise incorreta: sentimento')).toBe('false');
    expect(pressed('Análise incorreta: escalonamento')).toBe('true');
    expect(pressed('Análise correta: escalonamento')).toBe('false');
    expect(pressed('Análise correta: sinais de alerta')).toBe('false');
  });

  it('👍 posts the verdict, thanks, and shows it pressed', async () => {
    const { bodies } = feedbackServer();
    renderPanel();
    fireEvent.click(button('Análise correta: sentimento'));
    expect(await screen.findByText('Obrigado pelo retorno!')).toBeTruthy();
    expect(bodies).toEqual([
      { analysis_type: 'ticket', analysis_id: 'a-1', field: 'sentiment', verdict: 'up', correction: null },
    ]);
    await waitFor(() => expect(pressed('Análise correta: sentimento')).toBe('true'));
    expect(pressed('Análise correta: escalonamento')).toBe('false');
  });

  it('👎 opens an optional correction of the right value, and Enviar posts it', async () => {
    const { bodies } = feedbackServer();
    renderPanel();
    const down = button('Análise incorreta: escalonamento');
    fireEvent.click(down);
    expect(down.getAttribute('aria-expanded')).toBe('true');
    expect(bodies).toEqual([]);

    const form = screen.getByRole('form', { name: 'Corrigir análise: escalonamento' });
    const select = within(form).getByLabelText(/Valor correto/) as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(select));
    // The analysis said it needs escalation: the correction can only say it does not.
    expect([...select.options].map((o) => o.text)).toEqual([
      'Valor correto (opcional)',
      'Não deveria escalonar',
    ]);
    fireEvent.change(select, { target: { value: 'false' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Obrigado pelo retorno!')).toBeTruthy();
    expect(bodies).toEqual([
      {
        analysis_type: 'ticket',
        analysis_id: 'a-1',
        field: 'escalation',
        verdict: 'down',
        correction: 'false',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(pressed('Análise incorreta: escalonamento')).toBe('true');
    expect(document.activeElement).toBe(down);
  });

  it('👎 without a correction posts none; the sentiment correction offers the other sentiments', async () => {
    const { bodies } = feedbackServer();
    renderPanel();
    fireEvent.click(button('Análise incorreta: sentimento'));
    const form = screen.getByRole('form', { name: 'Corrigir análise: sentimento' });
    const select = within(form).getByLabelText(/Valor correto/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Valor correto (opcional)',
      'Positivo',
      'Neutro',
      'Misto',
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      analysis_type: 'ticket',
      analysis_id: 'a-1',
      field: 'sentiment',
      verdict: 'down',
      correction: null,
    });
  });

  it('red flags: the correction says whether there are any', () => {
    feedbackServer();
    renderPanel();
    fireEvent.click(button('Análise incorreta: sinais de alerta'));
    const select = screen.getByLabelText(/Valor correto/) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Valor correto (opcional)'],
      ['false', 'Não há sinais de alerta'],
    ]);
  });

  it('Escape closes the correction without sending, back on 👎', async () => {
    const { bodies } = feedbackServer();
    renderPanel();
    const down = button('Análise incorreta: sentimento');
    fireEvent.click(down);
    const select = screen.getByLabelText(/Valor correto/);
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(down);
    expect(down.getAttribute('aria-expanded')).toBe('false');
    expect(bodies).toEqual([]);
  });

  it('says when the feedback cannot be registered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    feedbackServer([], () => json({ code: 'internal_error', detail: 'Falhou.', request_id: 'r' }, 500));
    renderPanel();
    fireEvent.click(button('Análise correta: sinais de alerta'));
    expect(await screen.findByText('Não foi possível registrar o retorno.')).toBeTruthy();
    expect(pressed('Análise correta: sinais de alerta')).toBe('false');
  });
});
