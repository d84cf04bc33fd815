import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { exportFallbackName } from '../api/export-analysis-feedback.ts';
import { AnalysisQualityCard } from './analysis-quality-card.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const summary = {
  since: '2026-02-03T00:00:00Z',
  fields: [
    { field: 'sentiment', up: 8, down: 2, agreement: 0.8 },
    { field: 'escalation', up: 1, down: 2, agreement: 1 / 3 },
    { field: 'red_flags', up: 0, down: 0, agreement: null },
  ],
};

const jsonl = '{"field":"sentiment","verdict":"down","correction":"neutral"}\n';

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AnalysisQualityCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The object URL and the <a download> clicked with it. */
function captureDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
  const revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return { createObjectURL, revokeObjectURL, clicked };
}

const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('AnalysisQualityCard', () => {
  it('shows 👍, 👎 and agreement per field over the last 30 days, — without feedback', async () => {
    stubServer({ '/api/v1/analysis-feedback/summary': () => json(summary) });
    renderCard();
    expect(screen.getByRole('heading', { name: 'Qualidade da análise' })).toBeTruthy();
    expect(screen.getByText(/os últimos 30 dias/)).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Sentimento' });
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Sentimento',
      'Intenção',
      'Escalonamento',
      'Sinais de alerta',
    ]);
    expect(cells(rowOf('Sentimento'))).toEqual(['8', '2', '80%']);
    expect(cells(rowOf('Escalonamento'))).toEqual(['1', '2', '33%']);
    expect(cells(rowOf('Sinais de alerta'))).toEqual(['0', '0', '—']);
    // Not in the answer: nobody rated it.
    expect(cells(rowOf('Intenção'))).toEqual(['0', '0', '—']);
    expect(screen.queryByText(/Nenhuma avaliação/)).toBeNull();
  });

  it('says when nobody rated anything', async () => {
    stubServer({ '/api/v1/analysis-feedback/summary': () => json({ since: summary.since, fields: [] }) });
    renderCard();
    expect(await screen.findByText(/Nenhuma avaliação nos últimos 30 dias/)).toBeTruthy();
  });

  it('says when the summary cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubServer({
      '/api/v1/analysis-feedback/summary': () =>
        fail ? json({ code: 'internal_error', detail: 'Erro interno.' }, 500) : json(summary),
    });
    renderCard();
    expect(await screen.findByText('Não foi possível carregar a qualidade da análise.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('rowheader', { name: 'Sentimento' })).toBeTruthy();
  });

  it('downloads the export with the bearer token, as a file', async () => {
    const requests: Request[] = [];
    const fetchMock = stubServer({
      '/api/v1/analysis-feedback/summary': () => json(summary),
      '/api/v1/analysis-feedback/export.jsonl': (request) => {
        requests.push(request);
        return new Response(jsonl, {
          headers: {
            'content-type': 'application/x-ndjson',
            'content-disposition': 'attachment; filename="analysis-feedback-demo.jsonl"',
          },
        });
      },
    });
    const { createObjectURL, clicked } = captureDownloads();
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar correções (JSONL)' }));

    expect(await screen.findByText('Correções exportadas.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(requests[0]?.headers.get('x-tenant-id')).toBe('tenant-1');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(jsonl);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('analysis-feedback-demo.jsonl');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:export');
    // The link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      '/api/v1/analysis-feedback/summary': () => json(summary),
      '/api/v1/analysis-feedback/export.jsonl': () =>
        json({ code: 'forbidden', detail: 'Sem permissão.', request_id: 'r' }, 403),
    });
    const { clicked } = captureDownloads();
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar correções (JSONL)' }));
    expect(await screen.findByText('Não foi possível exportar as correções.')).toBeTruthy();
    expect(clicked).toHaveLength(0);
  });

  it('is part of the settings screen, below the other cards', async () => {
    stubServer({
      '/api/v1/analysis-feedback/summary': () => json(summary),
      '/api/v1/notifications/preferences': () => json({ muted_alert_types: [], min_priority: 'low' }),
      '/api/v1/tenants/settings': () =>
        json({
          name: 'Demonstração',
          digisac_host: null,
          digisac_token_set: false,
          max_customer_wait_time_minutes: 30,
          updated_at: '2026-03-05T17:30:00Z',
        }),
    });
    renderApp('/settings');
    const heading = await screen.findByRole('heading', { name: 'Qualidade da análise' });
    await screen.findByRole('rowheader', { name: 'Sentimento' });
    expect(await screen.findByLabelText('Nome da conta')).toBeTruthy();
    const notifications = screen.getByRole('heading', { name: 'Notificações' });
    expect(notifications.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('exportFallbackName', () => {
  it('names the file with the date when the server gives no name', () => {
    expect(exportFallbackName(new Date('2026-03-05T12:00:00Z'))).toBe('correcoes-analise-2026-03-05.jsonl');
  });
});
