import type { DigisacTicket, DigisacTicketList } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { type DigisacPageSize, DigisacTicketsTab } from './digisac-tickets-tab.tsx';

const path = '/api/v1/tenants/tenant-1/digisac/tickets';

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function ticket(n: number, changes: Partial<DigisacTicket> = {}): DigisacTicket {
  return {
    id: `t-${n}`,
    protocol: String(202611000 + n),
    contact_name: `Contato ${n}`,
    contact_number: `5511980000${String(n).padStart(3, '0')}`,
    is_open: n % 2 === 1,
    department: 'Suporte',
    agent: 'Ana Atendente',
    started_at: '2026-11-20T14:23:00Z',
    updated_at: '2026-11-20T14:35:00Z',
    ended_at: n % 2 === 1 ? null : '2026-11-20T15:40:00Z',
    waiting_time_seconds: 12 * 60,
    ...changes,
  };
}

/** A DigiSac account of `total` tickets answering pages as the server does. */
function digisacAccount(total: number) {
  const requests: URLSearchParams[] = [];
  stubServer({
    [path]: (request) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const page = Number(params.get('page'));
      const perPage = Number(params.get('per_page'));
      const first = (page - 1) * perPage + 1;
      const count = Math.max(0, Math.min(perPage, total - first + 1));
      const body: DigisacTicketList = {
        tickets: Array.from({ length: count }, (_, i) => ticket(first + i)),
        total,
        page,
        per_page: perPage,
        last_page: Math.max(1, Math.ceil(total / perPage)),
      };
      return json(body);
    },
  });
  return requests;
}

/** The tab with its page state held as the tickets screen holds it. */
function Harness() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<DigisacPageSize>(10);
  return (
    <DigisacTicketsTab
      page={page}
      perPage={perPage}
      onPageChange={setPage}
      onPerPageChange={(size) => {
        setPerPage(size);
        setPage(1);
      }}
    />
  );
}

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/tickets', element: <Harness /> }], {
    initialEntries: ['/tickets'],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DigiSac tab', () => {
  it('shows a page of tickets with every column, in pt-BR and São Paulo time', async () => {
    stubServer({
      [path]: () =>
        json({
          tickets: [
            ticket(1, { waiting_time_seconds: 65 * 60 }),
            ticket(2, {
              contact_name: null,
              contact_number: null,
              department: null,
              agent: null,
              waiting_time_seconds: null,
            }),
          ],
          total: 2,
          page: 1,
          per_page: 10,
          last_page: 1,
        } satisfies DigisacTicketList),
    });
    renderTab();

    expect(await screen.findByText('202611001')).toBeTruthy();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Protocolo',
      'Contato',
      'Situação',
      'Departamento',
      'Atendente',
      'Início',
      'Atualizado',
      'Encerrado',
      'Espera',
    ]);
    const [first, second] = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(first).toEqual([
      '202611001',
      'Contato 15511980000001',
      'Aberto',
      'Suporte',
      'Ana Atendente',
      '20/11/2026, 11:23',
      '20/11/2026, 11:35',
      '—',
      '1 h 05 min',
    ]);
    expect(second).toEqual([
      '202611002',
      '—',
      'Fechado',
      '—',
      '—',
      '20/11/2026, 11:23',
      '20/11/2026, 11:35',
      '20/11/2026, 12:40',
      '—',
    ]);
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();
    for (const name of ['Primeira página', 'Página anterior', 'Próxima página', 'Última página'])
      expect(button(name).disabled).toBe(true);
  });

  it('pages with first, previous, next and last; a new page size starts at page 1', async () => {
    const requests = digisacAccount(35);
    renderTab();

    expect(await screen.findByText('Página 1 de 4')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    expect(button('Primeira página').disabled).toBe(true);
    expect(button('Página anterior').disabled).toBe(true);
    expect(requests[0]?.get('page')).toBe('1');
    expect(requests[0]?.get('per_page')).toBe('10');

    fireEvent.click(button('Próxima página'));
    expect(await screen.findByText('202611011')).toBeTruthy();
    expect(screen.getByText('Página 2 de 4')).toBeTruthy();
    expect(button('Página anterior').disabled).toBe(false);

    fireEvent.click(button('Última página'));
    expect(await screen.findByText('202611031')).toBeTruthy();
    expect(screen.getByText('Página 4 de 4')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(button('Próxima página').disabled).toBe(true);
    expect(button('Última página').disabled).toBe(true);

    fireEvent.click(button('Página anterior'));
    expect(await screen.findByText('202611021')).toBeTruthy();
    fireEvent.click(button('Primeira página'));
    expect(await screen.findByText('202611001')).toBeTruthy();

    fireEvent.click(button('Última página'));
    expect(await screen.findByText('Página 4 de 4')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Por página'), { target: { value: '20' } });
    expect(await screen.findByText('Página 1 de 2')).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(requests.at(-1)?.get('page')).toBe('1');
    expect(requests.at(-1)?.get('per_page')).toBe('20');
    expect((screen.getByLabelText('Por página') as HTMLSelectElement).value).toBe('20');
    expect(
      Array.from((screen.getByLabelText('Por página') as HTMLSelectElement).options).map((o) => o.value),
    ).toEqual(['10', '20', '50', '100']);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    let release: () => void = () => {};
    stubServer({
      [path]: async (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 2) await new Promise<void>((resolve) => (release = resolve));
        return json({
          tickets: [ticket(page * 100)],
          total: 20,
          page,
          per_page: 10,
          last_page: 2,
        } satisfies DigisacTicketList);
      },
    });
    renderTab();
    expect(await screen.findByText('202611100')).toBeTruthy();
    fireEvent.click(button('Próxima página'));
    await waitFor(() => expect(screen.getByText('Página 2 de 2')).toBeTruthy());
    expect(screen.getByText('202611100')).toBeTruthy(); // still the first page's row
    release();
    expect(await screen.findByText('202611200')).toBeTruthy();
    expect(screen.queryByText('202611100')).toBeNull();
  });

  it('says when the account has no tickets', async () => {
    digisacAccount(0);
    renderTab();
    expect(await screen.findByText('Nenhum chamado no DigiSac.')).toBeTruthy();
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();
  });

  it("shows the API's reason and asks again on 'Tentar novamente'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    stubServer({
      [path]: () => {
        calls += 1;
        return calls === 1
          ? json(
              { code: 'bad_gateway', detail: 'Token do DigiSac inválido ou expirado', request_id: 'r' },
              502,
            )
          : json({ tickets: [ticket(1)], total: 1, page: 1, per_page: 10, last_page: 1 });
      },
    });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Token do DigiSac inválido ou expirado');
    expect(within(alert).queryByRole('link')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('202611001')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('links to Settings when the integration is not configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({
      [path]: () =>
        json({ code: 'conflict', detail: 'Integração DigiSac não configurada', request_id: 'r' }, 409),
    });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Integração DigiSac não configurada');
    expect(within(alert).getByRole('link', { name: 'Abrir Configurações' }).getAttribute('href')).toBe(
      '/settings',
    );
  });

  it('does not ask DigiSac again on its own after a timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { retryDigisac } = await import('../api/get-digisac-tickets.ts');
    const { ApiError } = await import('../../../lib/api-client.ts');
    expect(retryDigisac(0, new ApiError(504, null, 'x'))).toBe(false);
    expect(retryDigisac(0, new ApiError(502, null, 'x'))).toBe(false);
    expect(retryDigisac(0, new ApiError(409, null, 'x'))).toBe(false);
    expect(retryDigisac(0, new ApiError(0, null, 'x'))).toBe(true);
  });
});
