import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  it('redirects / to /dashboard', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['/login', 'Entrar na plataforma'],
    ['/tickets/123', 'Detalhes do chamado'],
    ['/flagged-terms', 'Termos Sinalizados'],
    ['/nao-existe', 'Página não encontrada'],
  ])('renders %s', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });
});
