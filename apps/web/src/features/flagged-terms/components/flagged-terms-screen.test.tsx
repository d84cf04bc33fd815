import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

function renderScreen() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <FlaggedTermsScreen />
      <Toaster />
    </QueryClientProvider>,
  );
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
    // Rolled back, with the spec's error toast.
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
});
