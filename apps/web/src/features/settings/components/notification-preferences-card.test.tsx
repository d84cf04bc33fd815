import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { NotificationPreferencesCard, preferencesChanges } from './notification-preferences-card.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const typeLabels = [
  'Cliente aguardando',
  'Prazo perto do fim',
  'Sinais de alerta',
  'Escalonamento',
  'Sentimento negativo',
  'CSAT previsto baixo',
  'Alta complexidade',
  'Chamado sinalizado',
];

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** GET and PUT /notifications/preferences over preferences held here. */
function preferencesServer(
  initial = { muted_alert_types: ['high_complexity'], min_priority: 'low' },
  put?: (body: Record<string, unknown>) => Response,
) {
  let stored = initial;
  const bodies: unknown[] = [];
  stubServer({
    '/api/v1/notifications/preferences': async (request) => {
      if (request.method === 'PUT') {
        const body = await request.json();
        bodies.push(body);
        if (put) return put(body);
        stored = { ...stored, ...body };
      }
      return json(stored);
    },
  });
  return bodies;
}

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationPreferencesCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Salvar preferências' }) as HTMLButtonElement;

describe('NotificationPreferencesCard', () => {
  it('shows the saved preferences: a box per alert type, the minimum priority, why muting loses nothing', async () => {
    preferencesServer({ muted_alert_types: ['red_flags', 'high_complexity'], min_priority: 'medium' });
    renderCard();

    expect(screen.getByRole('heading', { name: 'Notificações' })).toBeTruthy();
    await screen.findByRole('group', { name: 'Silenciar alertas' });
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'true',
      'false',
      'false',
      'false',
      'true',
      'false',
    ]);
    for (const label of typeLabels) expect(checkbox(label)).toBeTruthy();
    const select = screen.getByLabelText('Prioridade mínima') as HTMLSelectElement;
    expect(select.value).toBe('medium');
    expect([...select.options].map((o) => o.text)).toEqual(['Baixa', 'Média', 'Alta']);
    expect(screen.getByText(/continuam registrados e voltam a aparecer/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it('saves only what changed, says so, and reads the notifications again', async () => {
    const bodies = preferencesServer();
    const queryClient = renderCard();
    queryClient.setQueryData(['notifications', 'tenant-1', 'unread'], { notifications: [], total: 0 });
    await screen.findByRole('group', { name: 'Silenciar alertas' });

    fireEvent.click(checkbox('Sinais de alerta'));
    expect(saveButton().disabled).toBe(false);
    // Back as it was: nothing to save.
    fireEvent.click(checkbox('Sinais de alerta'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(checkbox('Alta complexidade'));
    fireEvent.click(checkbox('Escalonamento'));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Preferências de notificação salvas')).toBeTruthy();
    expect(bodies).toEqual([{ muted_alert_types: ['escalation_required'] }]);
    expect(queryClient.getQueryState(['notifications', 'tenant-1', 'unread'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(checkbox('Escalonamento').getAttribute('aria-checked')).toBe('true');

    fireEvent.change(screen.getByLabelText('Prioridade mínima'), { target: { value: 'high' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ min_priority: 'high' });
  });

  it("'Descartar alterações' goes back to what is saved", async () => {
    const bodies = preferencesServer();
    renderCard();
    await screen.findByRole('group', { name: 'Silenciar alertas' });
    fireEvent.click(checkbox('Cliente aguardando'));
    expect(checkbox('Cliente aguardando').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    expect(checkbox('Cliente aguardando').getAttribute('aria-checked')).toBe('false');
    expect(bodies).toHaveLength(0);
  });

  it('warns when every type is muted', async () => {
    preferencesServer({
      muted_alert_types: [
        'ticket_issues',
        'sla_warning',
        'red_flags',
        'escalation_required',
        'negative_sentiment',
        'low_csat_prediction',
        'high_complexity',
      ],
      min_priority: 'low',
    });
    renderCard();
    await screen.findByRole('group', { name: 'Silenciar alertas' });
    expect(screen.queryByText(/você não receberá nenhum alerta/)).toBeNull();
    fireEvent.click(checkbox('Chamado sinalizado'));
    expect(screen.getByText(/você não receberá nenhum alerta/)).toBeTruthy();
  });

  it('keeps the changes and says why when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    preferencesServer(undefined, () =>
      json({ code: 'forbidden', detail: 'Sua conta não pode fazer isso.', request_id: 'r' }, 403),
    );
    renderCard();
    await screen.findByRole('group', { name: 'Silenciar alertas' });
    fireEvent.click(checkbox('Sinais de alerta'));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Não foi possível salvar as preferências de notificação.')).toBeTruthy();
    expect(screen.getByText('Sua conta não pode fazer isso.')).toBeTruthy();
    expect(checkbox('Sinais de alerta').getAttribute('aria-checked')).toBe('true');
    expect(saveButton().disabled).toBe(false);
  });

  it('says when the preferences cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubServer({
      '/api/v1/notifications/preferences': () =>
        fail
          ? json({ code: 'internal_error', detail: 'Erro interno.' }, 500)
          : json({ muted_alert_types: [], min_priority: 'low' }),
    });
    renderCard();
    expect(await screen.findByText('Não foi possível carregar as preferências de notificação.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('group', { name: 'Silenciar alertas' })).toBeTruthy();
  });

  it('is part of the settings screen', async () => {
    stubServer({
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
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Silenciar alertas' })).toBeTruthy();
    expect(await screen.findByLabelText('Nome da conta')).toBeTruthy();
  });
});

describe('preferencesChanges', () => {
  it('sends only the changed fields, types in the API order', () => {
    const saved = { muted_alert_types: ['red_flags' as const], min_priority: 'low' as const };
    expect(preferencesChanges(saved, saved)).toEqual({});
    expect(
      preferencesChanges(saved, { muted_alert_types: ['high_complexity', 'red_flags'], min_priority: 'low' }),
    ).toEqual({ muted_alert_types: ['red_flags', 'high_complexity'] });
    expect(preferencesChanges(saved, { muted_alert_types: ['red_flags'], min_priority: 'medium' })).toEqual({
      min_priority: 'medium',
    });
  });
});
