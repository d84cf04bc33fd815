import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { CreateTicketForm, canCreateTicket } from './create-ticket-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ticket = { id: 't-1', title: 'Geladeira', content: 'Não chegou', analysis: null };

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/tickets', element: <CreateTicketForm open onClose={() => {}} /> },
      { path: '/tickets/:id', element: <p>aberto</p> },
    ],
    { initialEntries: ['/tickets'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const bodies = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('create ticket form', () => {
  it('needs content', () => {
    expect(canCreateTicket('')).toBe(false);
    expect(canCreateTicket('   \n')).toBe(false);
    expect(canCreateTicket('Olá')).toBe(true);
  });

  it('keeps both buttons disabled until there is content', () => {
    stubServer();
    renderForm();
    const create = screen.getByRole('button', { name: 'Criar Chamado' }) as HTMLButtonElement;
    const analyse = screen.getByRole('button', { name: 'Criar e Analisar' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(analyse.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Só título' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Conteúdo/), { target: { value: 'Texto' } });
    expect(create.disabled).toBe(false);
    expect(analyse.disabled).toBe(false);
  });

  it('posts title, customer, content and a copy of the content as conversation_text', async () => {
    const fetchMock = stubServer({ '/api/v1/tickets': () => json(ticket, 201) });
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Conteúdo/), { target: { value: 'Não chegou' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar Chamado' }));
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/v1/tickets')).toEqual([
        { title: null, customer_id: null, content: 'Não chegou', conversation_text: 'Não chegou' },
      ]),
    );
  });

  it('searches customers from 2 characters and picks one with the keyboard', async () => {
    const customers = [
      { id: 'c-1', name: 'Maria Santos', document: '12345678901' },
      { id: 'c-2', name: 'Mario Lima', document: '98765432100' },
    ];
    const fetchMock = stubServer({
      '/api/v1/customers': () => json({ customers, total: 2, page: 1, per_page: 10 }),
      '/api/v1/tickets': () => json(ticket, 201),
    });
    renderForm();
    const combo = screen.getByRole('combobox', { name: 'Cliente' });
    fireEvent.change(combo, { target: { value: 'M' } });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/v1/customers'))).toBe(false);
    fireEvent.change(combo, { target: { value: 'Mar' } });
    expect(await screen.findByRole('option', { name: /Mario Lima/ })).toBeTruthy();
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/api/v1/customers'));
    expect(url).toContain('search=Mar');
    expect(url).toContain('limit=10');
    expect(url).toContain('match=name_document'); // name or document, not e-mail
    expect(screen.getByText('987.654.321-00')).toBeTruthy();
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect((combo as HTMLInputElement).value).toBe('Mario Lima');
    expect(screen.getByText('987.654.321-00')).toBeTruthy(); // the chosen one's document, under the field
    expect(screen.getByRole('button', { name: 'Remover Mario Lima' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Conteúdo/), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar Chamado' }));
    await waitFor(() => expect(bodies(fetchMock, '/api/v1/tickets')[0]?.customer_id).toBe('c-2'));
  });

  it('Ctrl+Enter creates, analyses, then opens the ticket', async () => {
    const fetchMock = stubServer({
      '/api/v1/tickets': () => json(ticket, 201),
      '/api/v1/tickets/t-1/analyze': () => json(ticket),
    });
    const router = renderForm();
    const content = screen.getByLabelText(/^Conteúdo/);
    fireEvent.change(content, { target: { value: 'Não chegou' } });
    fireEvent.keyDown(content, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/t-1'));
    expect(bodies(fetchMock, '/api/v1/tickets/t-1/analyze')).toEqual([{ force_reanalysis: false }]);
  });

  it('does nothing on Ctrl+Enter without content', async () => {
    const fetchMock = stubServer();
    renderForm();
    fireEvent.keyDown(screen.getByLabelText(/^Conteúdo/), { key: 'Enter', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies(fetchMock, '/api/v1/tickets')).toEqual([]);
  });

  it("puts the API's refusal under the field it names, with no toast as well", async () => {
    stubServer({
      '/api/v1/customers': () =>
        json({ customers: [{ id: 'c-1', name: 'Maria Santos', document: '12345678901' }], total: 1 }),
      '/api/v1/tickets': () =>
        json(
          {
            code: 'validation_error',
            detail: 'Cliente não encontrado.',
            fields: [{ field: 'body.customer_id', message: 'Cliente não encontrado.' }],
            request_id: 'test',
          },
          400,
        ),
    });
    renderForm();
    const combo = screen.getByRole('combobox', { name: 'Cliente' });
    fireEvent.change(combo, { target: { value: 'Maria' } });
    fireEvent.click(await screen.findByRole('option', { name: /Maria Santos/ }));
    fireEvent.change(screen.getByLabelText(/^Conteúdo/), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar Chamado' }));

    expect(await screen.findByText('Cliente não encontrado.')).toBeTruthy();
    expect(screen.queryByText('Erro ao criar')).toBeNull();
    expect((screen.getByLabelText(/^Conteúdo/) as HTMLTextAreaElement).value).toBe('Oi');
  });

  it('asks before leaving with typed text', async () => {
    stubServer();
    const router = renderForm();
    fireEvent.change(screen.getByLabelText(/^Conteúdo/), { target: { value: 'Rascunho' } });
    await router.navigate('/tickets/t-9');
    expect(await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tickets');
  });
});
