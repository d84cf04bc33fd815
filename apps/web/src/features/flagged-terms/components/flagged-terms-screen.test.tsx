import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { FlaggedTermsScreen } from './flagged-terms-screen.tsx';

const term = {
  id: '6c1e0b8e-3f43-4b3e-9d53-2b8f1a0c9d11',
  term: 'procon',
  is_active: true,
  created_at: '2026-03-05T12:00:00.000Z',
  updated_at: '2026-03-05T12:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));

function renderScreen(path = '/flagged-terms') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/flagged-terms', element: <FlaggedTermsScreen /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router };
}

/** A real click focuses the button (fireEvent.click does not): dialogs give the focus back to it. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

describe('FlaggedTermsScreen', () => {
  it('flips the switch at once and back when the server refuses', async () => {
    let answerToggle: (response: Response) => void = () => {};
    stubServer({
      '/api/v1/flagged-terms': () => json([term]),
      [`/api/v1/flagged-terms/${term.id}/toggle`]: () =>
        new Promise<Response>((resolve) => {
          answerToggle = resolve;
        }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();

    const toggle = await screen.findByRole('switch', { name: 'Termo procon ativo' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(toggle);
    // Optimistic: off before the server answers.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByText('Inativo')).toBeTruthy();

    answerToggle(json({ code: 'internal_error', detail: 'Erro interno.' }, 500));
    // Rolled back, with the pt-BR error toast.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('Erro ao alterar status do termo')).toBeTruthy();
  });

  it('keeps the flipped state when the server agrees', async () => {
    let active = true;
    stubServer({
      '/api/v1/flagged-terms': () => json([{ ...term, is_active: active }]),
      [`/api/v1/flagged-terms/${term.id}/toggle`]: () => {
        active = !active;
        return json({ ...term, is_active: active });
      },
    });
    renderScreen();

    const toggle = await screen.findByRole('switch', { name: 'Termo procon ativo' });
    fireEvent.click(toggle);
    expect(await screen.findByText('Status do termo alterado com sucesso')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('refuses a blank term without calling the server', async () => {
    const fetchMock = stubServer({ '/api/v1/flagged-terms': () => json([]) });
    renderScreen();
    expect(await screen.findByText('Nenhum termo encontrado')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Novo termo'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('O termo não pode ficar em branco.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('asks before deleting: Cancelar keeps the row and puts the focus back', async () => {
    const fetchMock = stubServer({ '/api/v1/flagged-terms': () => json([term]) });
    renderScreen();

    press(await screen.findByRole('button', { name: 'Excluir procon' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir termo?' });
    expect(within(dialog).getByText(/“procon”/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('row', { name: /procon/ })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Excluir procon' })),
    );
  });

  it('deletes once confirmed and moves the focus to the add-term input', async () => {
    const second = { ...term, id: '7d2f1c9f-4a54-4c5f-8e64-3c9a2b1d0e22', term: 'reclame aqui' };
    let terms = [term, second];
    stubServer({
      '/api/v1/flagged-terms': () => json(terms),
      [`/api/v1/flagged-terms/${term.id}`]: (request) => {
        if (request.method !== 'DELETE') return json({ code: 'not_found', detail: 'x' }, 404);
        terms = [second];
        return new Response(null, { status: 204 });
      },
    });
    renderScreen();

    press(await screen.findByRole('button', { name: 'Excluir procon' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir termo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Termo removido com sucesso')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Excluir procon' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Novo termo')));
    expect(screen.getByRole('button', { name: 'Excluir reclame aqui' })).toBeTruthy();
  });

  it('keeps the search in the URL and says when nothing matches', async () => {
    const requested: string[] = [];
    stubServer({
      '/api/v1/flagged-terms': (request) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        requested.push(search);
        return json(search ? [] : [term]);
      },
    });
    const { router } = renderScreen('/flagged-terms?q=golpe');
    expect(await screen.findByText('Nenhum termo encontrado')).toBeTruthy();
    expect(screen.getByText('Tente ajustar os filtros de busca')).toBeTruthy();
    expect((screen.getByLabelText('Buscar termos') as HTMLInputElement).value).toBe('golpe');
    expect(requested).toEqual(['golpe']);

    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Excluir procon' })).toBeTruthy();
  });

  it('edits a term: Salvar sends the new text, a toast says so and the list is read again', async () => {
    let current = term;
    const sent: unknown[] = [];
    stubServer({
      '/api/v1/flagged-terms': () => json([current]),
      [`/api/v1/flagged-terms/${term.id}`]: async (request) => {
        sent.push({ method: request.method, body: await request.json() });
        current = { ...term, term: 'procon sp' };
        return json(current);
      },
    });
    renderScreen();

    press(await screen.findByRole('button', { name: 'Editar procon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar termo' });
    const field = within(dialog).getByLabelText('Termo');
    expect((field as HTMLInputElement).value).toBe('procon');
    fireEvent.change(field, { target: { value: '  procon   sp ' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);

    expect(await screen.findByText('Termo atualizado com sucesso')).toBeTruthy();
    expect(sent).toEqual([{ method: 'PUT', body: { term: 'procon sp' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Editar procon sp' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar procon sp' })),
    );
  });

  it('shows a duplicate by the field only, and clears it as soon as the text changes', async () => {
    stubServer({
      '/api/v1/flagged-terms': () => json([term]),
      [`/api/v1/flagged-terms/${term.id}`]: () =>
        json(
          {
            code: 'conflict',
            detail: 'Este termo já está cadastrado.',
            fields: [{ field: 'body.term', message: 'Este termo já está cadastrado.' }],
            request_id: 'test',
          },
          409,
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();

    press(await screen.findByRole('button', { name: 'Editar procon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar termo' });
    const field = within(dialog).getByLabelText('Termo');
    fireEvent.change(field, { target: { value: 'golpe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(dialog).findByText('Este termo já está cadastrado.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Este termo já está cadastrado.')).toHaveLength(1); // no toast as well
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'golpes' } });
    await waitFor(() => expect(within(dialog).queryByText('Este termo já está cadastrado.')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBeNull();

    // Escape cancels and gives the focus back to the row's 'Editar'.
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar procon' })),
    );
  });

  it('clears the add form’s refusal when the text changes and after a success', async () => {
    let created = false;
    stubServer({
      '/api/v1/flagged-terms': (request) => {
        if (request.method !== 'POST') return json([term]);
        if (!created) {
          created = true;
          return json(
            {
              code: 'conflict',
              detail: 'Este termo já está cadastrado.',
              fields: [{ field: 'body.term', message: 'Este termo já está cadastrado.' }],
              request_id: 'test',
            },
            409,
          );
        }
        return json({ ...term, id: '8e3a2d0a-5b65-4d6a-9f75-4dab3c2e1f33', term: 'golpe' }, 201);
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    await screen.findByRole('button', { name: 'Excluir procon' });

    const input = screen.getByLabelText('Novo termo');
    // Blank: refused here; typing clears it.
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('O termo não pode ficar em branco.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'PROCON' } });
    await waitFor(() => expect(screen.queryByText('O termo não pode ficar em branco.')).toBeNull());

    // Duplicate: by the field only (no 'Erro ao adicionar termo' toast); typing clears it.
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Este termo já está cadastrado.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Erro ao adicionar termo')).toBeNull();
    fireEvent.change(input, { target: { value: 'golpe' } });
    await waitFor(() => expect(screen.queryByText('Este termo já está cadastrado.')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Termo adicionado com sucesso')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('says any other failure to add once, as a toast', async () => {
    stubServer({
      '/api/v1/flagged-terms': (request) =>
        request.method === 'POST'
          ? json({ code: 'internal_error', detail: 'Erro interno.', request_id: 'test' }, 500)
          : json([]),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    await screen.findByText('Nenhum termo encontrado');
    const input = screen.getByLabelText('Novo termo');
    fireEvent.change(input, { target: { value: 'golpe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Erro ao adicionar termo')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('golpe');
  });
});
