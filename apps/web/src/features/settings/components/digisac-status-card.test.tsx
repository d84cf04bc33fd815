import { type DigisacStatus, digisacIngestionMessages } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { DigisacStatusCard } from './digisac-status-card.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const status = (fields: Partial<DigisacStatus> = {}): DigisacStatus => ({
  webhook: { active: true, registered_at: minutesAgo(600), last_event_at: minutesAgo(2) },
  events_24h: { received: 120, processed: 115, failed: 1, ignored: 4 },
  last_sync_at: minutesAgo(3),
  setup_problem: null,
  import: null,
  ...fields,
});

const failedEvents = {
  events: [
    {
      id: 'e1',
      event: 'message.created',
      received_at: '2026-03-05T17:30:00Z',
      attempts: 5,
      error: 'O DigiSac não respondeu a tempo.',
    },
  ],
  total: 1,
  page: 1,
  per_page: 10,
};

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCard(props = { readOnly: false, configured: true }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DigisacStatusCard {...props} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('DigisacStatusCard', () => {
  it('shows real time on with its last event, the day’s counts and the failed event; retries it', async () => {
    const retried: string[] = [];
    stubServer({
      '/api/v1/tenants/settings/digisac/status': () => json(status()),
      '/api/v1/tenants/settings/digisac/events': () => json(failedEvents),
      '/api/v1/tenants/settings/digisac/events/e1/retry': (request) => {
        retried.push(request.method);
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    const toggle = await screen.findByRole('switch', { name: 'Receber mensagens em tempo real' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('digisac-last-event').textContent).toContain(
      'Último evento recebido há 2 min.',
    );
    const counts = Object.fromEntries(
      [...document.querySelectorAll('dl > div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    );
    expect(counts).toEqual({ Recebidos: '120', Processados: '115', 'Com falha': '1', Ignorados: '4' });
    const list = await screen.findByRole('list', { name: 'Eventos com falha' });
    expect(within(list).getByText('O DigiSac não respondeu a tempo.')).toBeTruthy();
    expect(within(list).getByText(/5 tentativas/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /Tentar novamente o evento message.created/ }));
    expect(await screen.findByText('Evento enviado para processar de novo.')).toBeTruthy();
    expect(retried).toEqual(['POST']);
    expect(screen.getByTestId('digisac-last-sync').textContent).toContain('Última sincronização há 3 min');
  });

  it('goes back to the last page when a retry empties the page shown', async () => {
    const failedEvent = (n: number) => ({ ...failedEvents.events[0], id: `e${n}`, event: `evento.${n}` });
    let total = 11;
    stubServer({
      '/api/v1/tenants/settings/digisac/status': () => json(status()),
      '/api/v1/tenants/settings/digisac/events': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const all = Array.from({ length: total }, (_, i) => failedEvent(i + 1));
        return json({ events: all.slice((page - 1) * 10, page * 10), total, page, per_page: 10 });
      },
      '/api/v1/tenants/settings/digisac/events/e11/retry': () => {
        total = 10; // processed at once: it leaves the failed list
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Próxima' }));
    fireEvent.click(await screen.findByLabelText(/^Tentar novamente o evento evento\.11 /));
    expect(await screen.findByText('Evento enviado para processar de novo.')).toBeTruthy();
    // Page 2 is gone: the list shows page 1's ten, not 'Nenhum evento com falha.'.
    expect(await screen.findByText('evento.1')).toBeTruthy();
    expect(screen.queryByText('Nenhum evento com falha.')).toBeNull();
  });

  it('explains what keeps real time off, with the switch disabled', async () => {
    stubServer({
      '/api/v1/tenants/settings/digisac/status': () =>
        json(
          status({
            webhook: { active: false, registered_at: null, last_event_at: null },
            setup_problem: digisacIngestionMessages.publicUrlNotHttps,
            last_sync_at: null,
          }),
        ),
      '/api/v1/tenants/settings/digisac/events': () => json({ ...failedEvents, events: [], total: 0 }),
    });
    renderCard();
    const toggle = await screen.findByRole('switch', { name: 'Receber mensagens em tempo real' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe(digisacIngestionMessages.publicUrlNotHttps);
    expect(await screen.findByText('Nenhum evento com falha.')).toBeTruthy();
  });

  it('shows a running import as a progress bar with its counts, and cancels it', async () => {
    let cancelled = false;
    const running = {
      state: 'running' as const,
      started_at: minutesAgo(1),
      finished_at: null,
      tickets: 12,
      messages: 340,
      progress: 0.456,
      error: null,
    };
    stubServer({
      '/api/v1/tenants/settings/digisac/status': () => json(status({ import: running })),
      '/api/v1/tenants/settings/digisac/events': () => json({ ...failedEvents, events: [], total: 0 }),
      '/api/v1/tenants/settings/digisac/import': (request) => {
        cancelled = request.method === 'DELETE';
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da importação' });
    expect(bar.getAttribute('aria-valuenow')).toBe('46');
    expect(bar.getAttribute('aria-valuetext')).toBe('46 % — 12 chamados, 340 mensagens');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(cancelled).toBe(true));
    expect(await screen.findByText('Importação cancelada.')).toBeTruthy();
  });

  it('starts an import of the chosen period', async () => {
    const bodies: unknown[] = [];
    stubServer({
      '/api/v1/tenants/settings/digisac/status': () => json(status()),
      '/api/v1/tenants/settings/digisac/events': () => json({ ...failedEvents, events: [], total: 0 }),
      '/api/v1/tenants/settings/digisac/import': async (request) => {
        bodies.push(await request.json());
        return json({ import_id: '00000000-0000-4000-8000-000000000001' }, 202);
      },
    });
    renderCard();
    fireEvent.change(await screen.findByLabelText('Período'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Importar histórico' }));
    expect(await screen.findByText('Importação do histórico iniciada.')).toBeTruthy();
    expect(bodies).toEqual([{ days: 30 }]);
  });

  it('lets an agent see, not change', async () => {
    stubServer({
      '/api/v1/tenants/settings/digisac/status': () => json(status()),
      '/api/v1/tenants/settings/digisac/events': () => json(failedEvents),
    });
    renderCard({ readOnly: true, configured: true });
    const toggle = await screen.findByRole('switch', { name: 'Receber mensagens em tempo real' });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Importar histórico' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const retry = await screen.findByRole('button', { name: /Tentar novamente o evento/ });
    expect((retry as HTMLButtonElement).disabled).toBe(true);
  });
});
