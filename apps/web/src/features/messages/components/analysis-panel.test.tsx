import type { AnalysisFeedback, MessageAnalysis } from '@atende/contracts';
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

const analysis: MessageAnalysis = {
  id: 'm-a-1',
  version: 1,
  provider: 'local',
  model: null,
  provider_error: null,
  created_at: '2026-03-05T17:30:00Z',
  sentiment: 'negative',
  intent: 'question',
  urgency_level: 'high',
  confidence_score: 0.9,
  language_detected: 'pt-BR',
  contains_red_flags: false,
  red_flag_words: [],
  suggested_responses: ['Sentimos muito pelo ocorrido.'],
};

function feedbackServer(initial: Partial<AnalysisFeedback>[] = [], post?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  const queries: string[] = [];
  stubServer({
    '/api/v1/analysis-feedback': async (request) => {
      if (request.method === 'POST') {
        const body = await request.json();
        bodies.push(body);
        if (post) return post();
        return json(
          {
            id: 'f-new',
            ...body,
            correction: body.correction ?? null,
            created_at: '2026-03-05T18:00:00Z',
            updated_at: '2026-03-05T18:00:00Z',
          },
          201,
        );
      }
      queries.push(new URL(request.url).search);
      return json({ feedback: initial });
    },
  });
  return { bodies, queries };
}

function renderPanel(value: MessageAnalysis = analysis) {
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

describe('message analysis panel feedback', () => {
  it('offers 👍/👎 on sentiment, intent and red flags, and reads the caller’s verdicts', async () => {
    const { queries } = feedbackServer([
      { field: 'intent', verdict: 'down', correction: 'complaint' },
      { field: 'red_flags', verdict: 'up', correction: null },
    ]);
    renderPanel();
    await waitFor(() => expect(pressed('Análise incorreta: intenção')).toBe('true'));
    expect(queries).toEqual(['?analysis_type=message&analysis_id=m-a-1']);
    expect(pressed('Análise correta: intenção')).toBe('false');
    expect(pressed('Análise correta: sinais de alerta')).toBe('true');
    expect(pressed('Análise correta: sentimento')).toBe('false');
    expect(pressed('Análise incorreta: sentimento')).toBe('false');
    expect(screen.queryByRole('button', { name: /escalonamento/ })).toBeNull();
    expect(screen.getByText('Nenhum termo sinalizado.')).toBeTruthy();
  });

  it('👍 posts the verdict for the message analysis', async () => {
    const { bodies } = feedbackServer();
    renderPanel();
    fireEvent.click(button('Análise correta: sentimento'));
    expect(await screen.findByText('Obrigado pelo retorno!')).toBeTruthy();
    expect(bodies).toEqual([
      { analysis_type: 'message', analysis_id: 'm-a-1', field: 'sentiment', verdict: 'up', correction: null },
    ]);
    await waitFor(() => expect(pressed('Análise correta: sentimento')).toBe('true'));
  });

  it('👎 on intent posts the right intent', async () => {
    const { bodies } = feedbackServer();
    renderPanel();
    fireEvent.click(button('Análise incorreta: intenção'));
    const form = screen.getByRole('form', { name: 'Corrigir análise: intenção' });
    const select = within(form).getByLabelText(/Valor correto/) as HTMLSelectElement;
    const labels = [...select.options].map((o) => o.text);
    expect(labels).toContain('Reclamação');
    expect(labels).not.toContain('Pergunta');
    fireEvent.change(select, { target: { value: 'complaint' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Obrigado pelo retorno!')).toBeTruthy();
    expect(bodies).toEqual([
      {
        analysis_type: 'message',
        analysis_id: 'm-a-1',
        field: 'intent',
        verdict: 'down',
        correction: 'complaint',
      },
    ]);
    await waitFor(() => expect(pressed('Análise incorreta: intenção')).toBe('true'));
  });

  it('starts the correction at the one sent before', async () => {
    feedbackServer([{ field: 'intent', verdict: 'down', correction: 'complaint' }]);
    renderPanel();
    await waitFor(() => expect(pressed('Análise incorreta: intenção')).toBe('true'));
    fireEvent.click(button('Análise incorreta: intenção'));
    expect((screen.getByLabelText(/Valor correto/) as HTMLSelectElement).value).toBe('complaint');
  });

  it('red flags: the correction says there are some', () => {
    feedbackServer();
    renderPanel();
    fireEvent.click(button('Análise incorreta: sinais de alerta'));
    const select = screen.getByLabelText(/Valor correto/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Valor correto (opcional)',
      'Há sinais de alerta',
    ]);
  });

  it('keeps the correction open and says so when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    feedbackServer([], () => json({ code: 'internal_error', detail: 'Falhou.', request_id: 'r' }, 500));
    renderPanel();
    fireEvent.click(button('Análise incorreta: sentimento'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Não foi possível registrar o retorno.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Corrigir análise: sentimento' })).toBeTruthy();
  });
});

describe('message analysis panel sentiment', () => {
  it("labels the spec's `other` sentiment 'Outro', styled like the neutral one (issue 34)", async () => {
    feedbackServer();
    renderPanel({ ...analysis, sentiment: 'neutral' });
    const neutral = (await screen.findByText('Neutro')).className;
    cleanup();
    feedbackServer();
    renderPanel({ ...analysis, sentiment: 'other' });
    expect((await screen.findByText('Outro')).className).toBe(neutral);
  });
});

describe('the team’s corrections (issue 32)', () => {
  it('says when they adjusted the analysis, and nothing otherwise', async () => {
    feedbackServer();
    const explanation =
      'Ajustado pelas correções da equipe: sentimento positivo (o analisador leu neutro), como em 3 mensagens corrigidas parecidas.';
    renderPanel({ ...analysis, analysis_explanation: explanation });
    expect(await screen.findByText(explanation)).toBeTruthy();
    cleanup();
    feedbackServer();
    renderPanel(analysis);
    await screen.findByText('Nenhum termo sinalizado.');
    expect(screen.queryByText(/Ajustado pelas correções/)).toBeNull();
  });
});
