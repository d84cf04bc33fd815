import type { Notification, Priority } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { NotificationsScreen } from './notifications-screen.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const priorities: Priority[] = ['high', 'medium', 'low'];
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** `count` notifications, newest first: #0 is a minute old, every third one is read. */
function makeNotifications(count: number): Notification[] {
  return Array.from({ length: count }, (_, i) => ({
    notification_id: `00000000-0000-4000-8000-${hex(i, 12)}`,
    title: `Alerta ${i}`,
    message: `Mensagem do alerta ${i}`,
    priority: priorities[i % 3] as Priority,
    alert_type: i % 3 === 0 ? 'red_flags' : i % 3 === 1 ? 'negative_sentiment' : 'high_complexity',
    read: i % 3 === 2,
    created_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    // Every fifth one has no ticket.
    details: { ticket_id: i % 5 === 4 ? null : `11111111-2222-4333-8444-${hex(i, 12)}`, message_id: null },
  }));
}

/** The notifications API over a list held here; records what was posted. */
function notificationsServer(initial: Notification[], overrides: Parameters<typeof stubServer>[0] = {}) {
  let list = initial.map((n) => ({ ...n }));
  const posted: Array<{ path: string; body: unknown }> = [];
  const post = (path: string, act: (body: { notification_id?: string }) => number) => ({
    [path]: async (request: Request) => {
      const text = await request.text();
      const body = text ? JSON.parse(text) : null;
      posted.push({ path, body });
      return json({ success: true, count: act(body ?? {}) });
    },
  });
  const fetchMock = stubServer({
    '/api/v1/notifications/all': (request) => {
      const includeRead = new URL(request.url).searchParams.get('include_read') !== 'false';
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
      const shown = list.filter((n) => includeRead || !n.read);
      return json({ notifications: shown.slice(0, limit), total: shown.length });
    },
    ...post('/api/v1/notifications/mark-read', ({ notification_id }) => {
      list = list.map((n) => (n.notification_id === notification_id ? { ...n, read: true } : n));
      return 1;
    }),
    ...post('/api/v1/notifications/clear-all', () => {
      const count = list.length;
      list = [];
      return count;
    }),
    ...overrides,
  });
  return { posted, fetchMock };
}

function renderScreen(path = '/notifications', retry: number | false = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry, retryDelay: 10 } } });
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsScreen /> },
      { path: '/tickets/:id', element: <h1>Detalhes do chamado</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router };
}

const items = () => within(screen.getByRole('list', { name: 'Notificações' })).getAllByRole('listitem');
const titles = () => items().map((item) => item.querySelector('p')?.textContent);
const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Páginas de notificações' }))
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-label')?.startsWith('Página '))
    .map((button) => button.textContent);

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('NotificationsScreen', () => {
  it('loads 200 with the read ones and shows 45 on 3 pages of 20, newest first', async () => {
    const { fetchMock } = notificationsServer(makeNotifications(45));
    const { router } = renderScreen();

    await screen.findByRole('list', { name: 'Notificações' });
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/all'))?.[0]),
      'http://localhost',
    );
    expect(url.searchParams.get('limit')).toBe('200');
    expect(url.searchParams.get('include_read')).toBe('true');

    expect(items()).toHaveLength(20);
    expect(titles()[0]).toBe('Alerta 0');
    expect(screen.getByText('1–20 de 45')).toBeTruthy();
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('heading', { level: 1, name: 'Notificações' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(items()).toHaveLength(5));
    expect(titles()).toEqual(['Alerta 40', 'Alerta 41', 'Alerta 42', 'Alerta 43', 'Alerta 44']);
    expect(screen.getByText('41–45 de 45')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'Página 3' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: /Próxima/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows at most 5 page buttons', async () => {
    notificationsServer(makeNotifications(200));
    renderScreen('/notifications?page=5');
    await screen.findByRole('list', { name: 'Notificações' });
    expect(pageButtons()).toEqual(['1', '4', '5', '6', '10']);
    expect(titles()[0]).toBe('Alerta 80');
  });

  it('reads its filters from the URL and writes them back, starting again at page 1', async () => {
    notificationsServer(makeNotifications(45));
    const { router } = renderScreen('/notifications?status=unread&priority=high&page=1');
    await screen.findByRole('list', { name: 'Notificações' });

    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    const priority = screen.getByLabelText('Prioridade') as HTMLSelectElement;
    expect(status.value).toBe('unread');
    expect(priority.value).toBe('high');
    // i % 3 === 0: high and unread (0, 3, …, 42).
    expect(items()).toHaveLength(15);
    expect(screen.queryByText('Lida')).toBeNull();
    for (const item of items()) expect(within(item).getByText('Alta')).toBeTruthy();

    fireEvent.change(priority, { target: { value: 'medium' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=unread&priority=medium'));
    expect(titles()[0]).toBe('Alerta 1');

    fireEvent.change(status, { target: { value: 'read' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&priority=medium'));
    expect(screen.getByText('Nenhuma notificação encontrada')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Limpar filtros' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(items()).toHaveLength(20);
  });

  it('ignores unknown filter values and goes back to the last page when the asked one is gone', async () => {
    notificationsServer(makeNotifications(45));
    const { router } = renderScreen('/notifications?status=talvez&priority=urgente&page=9');
    await screen.findByRole('list', { name: 'Notificações' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
    expect(items()).toHaveLength(5);
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('selects the page and marks the selected unread ones read', async () => {
    const { posted } = notificationsServer(makeNotifications(45));
    renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });

    // Nothing selected: no bulk bar.
    expect(screen.queryByRole('button', { name: 'Marcar selecionadas como lidas' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todas desta página' }));
    expect(await screen.findByText('20 selecionadas')).toBeTruthy();
    for (const box of screen.getAllByRole('checkbox', { name: /^Selecionar notificação/ })) {
      expect(box.getAttribute('aria-checked')).toBe('true');
    }
    // One row off: the page box is half checked.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar notificação: Alerta 0' }));
    expect(
      screen.getByRole('checkbox', { name: 'Selecionar todas desta página' }).getAttribute('aria-checked'),
    ).toBe('mixed');
    expect(screen.getByText('19 selecionadas')).toBeTruthy();

    // The selection is kept across pages.
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(titles()[0]).toBe('Alerta 20'));
    expect(screen.getByText('19 selecionadas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 1' }));
    await waitFor(() => expect(titles()[0]).toBe('Alerta 0'));

    fireEvent.click(screen.getByRole('button', { name: 'Marcar selecionadas como lidas' }));
    expect(await screen.findByText('13 notificações marcadas como lidas')).toBeTruthy();
    // Alerta 1…19 without the read ones (2, 5, 8, …): 13 calls, one per id.
    const ids = posted.filter((p) => p.path.endsWith('/mark-read')).map((p) => p.body);
    expect(ids).toHaveLength(13);
    expect(ids).not.toContainEqual({ notification_id: '00000000-0000-4000-8000-000000000000' });
    expect(ids).toContainEqual({ notification_id: '00000000-0000-4000-8000-000000000001' });
    await waitFor(() => expect(screen.getAllByText('Nova')).toHaveLength(1));
    expect(screen.queryByText(/selecionadas?$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Marcar selecionadas como lidas' })).toBeNull();
  });

  it('reads the list once after marking many', async () => {
    const { fetchMock } = notificationsServer(makeNotifications(45));
    renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });
    const reads = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/notifications/all')).length;
    const before = reads();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todas desta página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar selecionadas como lidas' }));
    expect(await screen.findByText('14 notificações marcadas como lidas')).toBeTruthy();
    expect(reads()).toBe(before + 1);
  });

  it('says when marking fails, once, and keeps the selection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    notificationsServer(makeNotifications(3), {
      '/api/v1/notifications/mark-read': () => json({ code: 'internal_error', detail: 'Erro interno.' }, 500),
    });
    renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar notificação: Alerta 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar selecionadas como lidas' }));
    expect(await screen.findByText('Não foi possível marcar as notificações como lidas.')).toBeTruthy();
    expect(screen.getAllByText('Nova')).toHaveLength(2);
    expect(screen.getByText('1 selecionada')).toBeTruthy();
  });

  it("asks before 'Limpar todas', then clears and shows the empty state", async () => {
    const { posted } = notificationsServer(makeNotifications(45));
    renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });

    fireEvent.click(screen.getByRole('button', { name: 'Limpar todas' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Limpar todas as notificações' });
    // the spec's exact sentence
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja limpar todas as notificações? Esta ação não pode ser desfeita.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posted).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Limpar todas' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Limpar todas as notificações' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limpar todas' }));

    expect(await screen.findByText('Notificações limpas')).toBeTruthy();
    expect(posted.map((p) => p.path)).toEqual(['/api/v1/notifications/clear-all']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Nenhuma notificação encontrada')).toBeTruthy();
    expect(screen.getByText('Não há notificações para exibir')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Limpar todas' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the dialog open and says so when clearing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    notificationsServer(makeNotifications(3), {
      '/api/v1/notifications/clear-all': () => json({ code: 'internal_error', detail: 'Erro interno.' }, 500),
    });
    renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });
    fireEvent.click(screen.getByRole('button', { name: 'Limpar todas' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limpar todas' }));
    expect(await screen.findByText('Não foi possível limpar as notificações.')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // Read again: the rows are back behind the dialog.
    await waitFor(() => expect(document.querySelectorAll('[data-notification-id]')).toHaveLength(3));
  });

  it('shows each row: type, priority, Nova/Lida, relative time with the full date, ticket and its link', async () => {
    notificationsServer(makeNotifications(5));
    const { router } = renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });

    const [first, , third, , fifth] = items() as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Mensagem do alerta 0')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Sinais de alerta')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Nova')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('Lida')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('Baixa')).toBeTruthy();
    const time = (first as HTMLElement).querySelector('time') as HTMLTimeElement;
    expect(time.textContent).toBe('1 min atrás');
    expect(time.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(within(first as HTMLElement).getByText('Chamado 00000000')).toBeTruthy();
    // No ticket: no id, no link.
    expect(within(fifth as HTMLElement).queryByRole('link')).toBeNull();

    const link = within(first as HTMLElement).getByRole('link', { name: 'Ver Ticket 00000000' });
    expect(link.getAttribute('href')).toBe('/tickets/11111111-2222-4333-8444-000000000000');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(link.getAttribute('href')));
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    notificationsServer(makeNotifications(2), {
      '/api/v1/notifications/all': () =>
        fail
          ? json({ code: 'internal_error', detail: 'Erro interno.' }, 500)
          : json({ notifications: makeNotifications(2), total: 2 }),
    });
    renderScreen();
    expect(await screen.findByText('Não foi possível carregar as notificações.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(items()).toHaveLength(2));
  });

  it('says so while a failed load is tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failures = 0;
    let answer: (response: Response) => void = () => {};
    notificationsServer(makeNotifications(2), {
      '/api/v1/notifications/all': () => {
        if (failures++ === 0) return json({ code: 'internal_error', detail: 'Erro interno.' }, 500);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    renderScreen('/notifications', 1);
    expect(
      await screen.findByText('Não foi possível carregar as notificações. Tentando novamente…'),
    ).toBeTruthy();
    answer(json({ notifications: makeNotifications(2), total: 2 }));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText(/Tentando novamente/)).toBeNull();
  });

  it("'Atualizar' reads the list again", async () => {
    const { fetchMock } = notificationsServer(makeNotifications(2));
    renderScreen();
    await screen.findByRole('list', { name: 'Notificações' });
    const reads = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/notifications/all')).length;
    const before = reads();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('is the /notifications route', async () => {
    notificationsServer(makeNotifications(1), {
      '/api/v1/notifications/unread': () => json({ notifications: [], total: 0 }),
    });
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações' })).toBeTruthy();
    expect(await screen.findByText('Alerta 0')).toBeTruthy();
  });
});
