import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../lib/id-token.ts';
import { stubServer } from '../testing/fake-server.ts';
import { fakeIdToken } from '../testing/id-token.ts';
import { renderApp } from '../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../testing/cognito-sdk-mock.ts'));

beforeEach(() => {
  stubServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('route table', () => {
  it.each([
    ['/login', 'Entrar na plataforma'],
    ['/esqueci-minha-senha', 'Recuperar senha'],
    ['/nova-senha', 'Nova senha'],
  ])('%s is public', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    '/',
    '/dashboard',
    '/customers',
    '/experts',
    '/tickets?q=procon',
    '/tickets/123',
    '/notifications',
    '/messages',
    '/flagged-terms',
    '/settings',
    '/settings/digisac',
    '/nao-existe',
  ])('%s needs a session: /login, remembering the way back', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Entrar na plataforma' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: path });
  });

  describe('signed in', () => {
    beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));

    it('redirects / to /dashboard', async () => {
      const { router } = renderApp('/');
      expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/dashboard');
    });

    it.each([
      ['/tickets/123', 'Detalhes do chamado'],
      ['/flagged-terms', 'Termos Sinalizados'],
      ['/settings/digisac', 'Conversas do DigiSac'],
      ['/nao-existe', 'Página não encontrada'],
    ])('renders %s', async (path, heading) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    });
  });
});
