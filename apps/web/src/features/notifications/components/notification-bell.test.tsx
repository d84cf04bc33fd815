import type { Notification } from '@atende/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { badgeText } from './notification-bell.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const unreadItem = (i: number): Notification => ({
  notification_id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
  title: `Sinais de alerta no chamado «Pedido ${i}»`,
  message: 'Termos detectados: procon.',
  priority: 'high',
  alert_type: 'red_flags',
  read: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  details: { ticket_id: `11111111-2222-4333-8444-${i.toString(16).padStart(12, '0')}`, message_id: null },
});

/** Unread notifications as the API serves them (50 listed, `total` all), and what was posted. */
function server(count: number, { markAllAnswer }: { markAllAnswer?: Promise<void> } = {}) {
  let unread = Array.from({ length: count }, (_, i) => unreadItem(i));
  const posted: string[] = [];
  stubServer({
    '/api/v1/notifications/unread': () => json({ notifications: unread.slice(0, 50), total: unread.length }),
    '/api/v1/notifications/all': () => json({ notifications: unread.slice(0, 100), total: unread.length }),
    '/api/v1/notifications/mark-all-read': async () => {
      posted.push('mark-all-read');
      await markAllAnswer;
      const count = unread.length;
      unread = [];
      return json({ success: true, count });
    },
    '/api/v1/notifications/mark-read': async (request) => {
      const { notification_id } = (await request.json()) as { notification_id: string };
      posted.push(`mark-read ${notification_id}`);
      unread = unread.filter((n) => n.notification_id !== notification_id);
      return json({ success: true, count: 1 });
    },
    '/api/v1/notifications/clear': async (request) => {
      const { notification_id } = (await request.json()) as { notification_id: string };
      posted.push(`clear ${notification_id}`);
      unread = unread.filter((n) => n.notification_id !== notification_id);
      return json({ success: true, count: 1 });
    },
  });
  return posted;
}

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the notification bell', () => {
  it('caps the badge at 99+', () => {
    expect([0, 1, 99, 100, 120].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('shows the unread count, opens the panel and marks everything read', async () => {
    const posted = server(120);
    renderApp('/dashboard');
    // the name holds the badge's visible text (axe label-content-name-mismatch)
    const bell = await screen.findByRole('button', { name: 'Notificações: 99+ não lidas' });
    expect(within(bell).getByText('99+')).toBeTruthy();

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(within(panel).getByRole('heading', { name: 'Notificações (120)' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Mostrar todas' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Navegador: Desativado' })).toBeTruthy();
    expect(within(panel).getByText('Sinais de alerta no chamado «Pedido 0»')).toBeTruthy();
    expect(within(panel).getAllByText('5 min atrás').length).toBeGreaterThan(0);
    expect(within(panel).getByText('#00000000')).toBeTruthy(); // the ticket id's last 8 characters

    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar como lidas' }));
    await waitFor(() => expect(posted).toEqual(['mark-all-read']));
    expect(await within(panel).findByText('Nenhuma notificação não lida')).toBeTruthy();
    expect(within(panel).getByText('Você está em dia com todas as suas notificações!')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Marcar como lidas' })).toBeNull();
    // (behind the modal panel, hidden from assistive technology until it closes)
    expect(screen.getByRole('button', { name: 'Notificações', hidden: true })).toBeTruthy();
  });

  it("'Marcar como lidas' drops the badge to 0 at once, before the server answers, with 120 unread", async () => {
    let answer = () => {};
    const posted = server(120, { markAllAnswer: new Promise<void>((resolve) => (answer = resolve)) });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações: 99+ não lidas' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar como lidas' }));
    await waitFor(() => expect(posted).toEqual(['mark-all-read']));
    expect(within(panel).getByRole('heading', { name: 'Notificações (0)' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    answer();
  });

  it("'Limpar' hides the items shown at once; 'Desfazer' brings them back and sends nothing; else cleared after 5 s", async () => {
    const posted = server(3);
    const { queryClient } = renderApp('/dashboard');
    render(<Toaster />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações: 3 não lidas' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    await within(panel).findByText('Sinais de alerta no chamado «Pedido 2»');
    fireEvent.click(within(panel).getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    // A poll meanwhile (the server still has them) does not bring them back.
    await queryClient.refetchQueries({ queryKey: ['notifications'] });
    const unreadTotals = () =>
      queryClient
        .getQueriesData<{ total: number }>({ queryKey: ['notifications'] })
        .filter(([key]) => key[2] === 'unread')
        .map(([, list]) => list?.total);
    expect(unreadTotals()).toEqual([0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Desfazer' }));
    await screen.findByRole('button', { name: 'Notificações: 3 não lidas' });

    // Again, left alone: nothing is sent before 5 s, then each item shown is cleared on the server.
    fireEvent.click(screen.getByRole('button', { name: 'Notificações: 3 não lidas' }));
    const again = await screen.findByRole('dialog', { name: 'Notificações' });
    await within(again).findByText('Sinais de alerta no chamado «Pedido 2»');
    const clickedAt = Date.now();
    fireEvent.click(within(again).getByRole('button', { name: 'Limpar' }));
    await screen.findByText('3 notificações limpas');
    await waitFor(() => expect(posted.length).toBe(3), { timeout: 7000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(4900);
    expect(posted.sort()).toEqual([0, 1, 2].map((i) => `clear ${unreadItem(i).notification_id}`));
  }, 15_000);

  it('opens a ticket from its item and marks it read; the window events open and close the panel', async () => {
    const posted = server(2);
    const { router } = renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Notificações: 2 não lidas' });

    window.dispatchEvent(new Event('open-notifications'));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    window.dispatchEvent(new Event('close-notifications'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações' })).toBeNull());
    expect(panel.isConnected).toBe(false);

    window.dispatchEvent(new Event('toggle-notifications'));
    const again = await screen.findByRole('dialog', { name: 'Notificações' });
    fireEvent.click(within(again).getByText('Sinais de alerta no chamado «Pedido 1»'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tickets/11111111-2222-4333-8444-000000000001'),
    );
    expect(posted).toEqual(['mark-read 00000000-0000-4000-8000-000000000001']);
  });
});

describe("a ticket's burst in the panel", () => {
  it('is one item titled by the highest priority, the reasons as chips; it expands, and opening it marks each read', async () => {
    const ticket = '11111111-2222-4333-8444-0000000000aa';
    const at = (seconds: number) => new Date(Date.now() - 5 * 60_000 - seconds * 1000).toISOString();
    const alerts: Notification[] = [
      {
        ...unreadItem(1),
        alert_type: 'negative_sentiment',
        priority: 'medium',
        title: 'Sentimento negativo no chamado «Pedido»',
        created_at: at(0),
      },
      {
        ...unreadItem(2),
        alert_type: 'red_flags',
        priority: 'high',
        title: 'Sinais de alerta no chamado «Pedido»',
        created_at: at(1),
      },
      {
        ...unreadItem(3),
        alert_type: 'low_csat_prediction',
        priority: 'medium',
        title: 'CSAT previsto baixo no chamado «Pedido»',
        created_at: at(2),
      },
    ];
    const burst = alerts.map((n) => ({ ...n, details: { ticket_id: ticket, message_id: null } }));
    const posted: string[] = [];
    stubServer({
      '/api/v1/notifications/unread': () => json({ notifications: burst, total: 3 }),
      '/api/v1/notifications/mark-read': async (request) => {
        posted.push(((await request.json()) as { notification_id: string }).notification_id);
        return json({ success: true, count: 1 });
      },
    });
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações: 3 não lidas' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    const item = await within(panel).findByRole('button', { name: /^Sinais de alerta no chamado «Pedido»/ });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(item).getByText('Sentimento negativo')).toBeTruthy();
    expect(within(item).getByText('CSAT previsto baixo')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Ver os 3 alertas' }));
    const each = within(panel).getByRole('list', { name: 'Alertas do chamado' });
    expect(within(each).getAllByRole('listitem')).toHaveLength(3);

    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${ticket}`));
    await waitFor(() => expect(posted.sort()).toEqual(burst.map((n) => n.notification_id).sort()));
  });
});

describe('the bell and its panel, wired', () => {
  it('points aria-controls at the open panel', async () => {
    server(1);
    renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notificações: 1 não lidas' });
    expect(bell.getAttribute('aria-controls')).toBeNull();
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(panel.id).toBe('notification-panel');
    expect(bell.getAttribute('aria-controls')).toBe('notification-panel');
  });

  it('marks read the id a system notification opened the app with (?notificacao=), and only a real id', async () => {
    const posted = server(2);
    const { router } = renderApp('/tickets/11111111-2222-4333-8444-000000000001?notificacao=atende-resumo');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(posted).toEqual([]);

    await router.navigate(
      '/tickets/11111111-2222-4333-8444-000000000001?notificacao=00000000-0000-4000-8000-000000000001',
    );
    await waitFor(() => expect(posted).toEqual(['mark-read 00000000-0000-4000-8000-000000000001']));
    expect(router.state.location.search).toBe('');
  });
});
