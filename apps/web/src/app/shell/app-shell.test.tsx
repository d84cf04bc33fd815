import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../lib/id-token.ts';
import { stubServer } from '../../testing/fake-server.ts';
import { fakeIdToken } from '../../testing/id-token.ts';
import { renderLoadedApp } from '../../testing/render-app.tsx';
import { pageTitle } from './menu.ts';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../testing/cognito-sdk-mock.ts'));

beforeEach(() => stubServer());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const alt = (code: string, target: Window | Element = window) =>
  act(() => {
    fireEvent.keyDown(target, { key: code.slice(3).toLowerCase(), code, altKey: true });
  });

describe('app shell', () => {
  beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));

  it('shows the menu, the organisation, the user and a skip link', async () => {
    await renderLoadedApp('/experts');
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    for (const label of [
      'Painel',
      'Chamados',
      'Notificações',
      'Mensagens',
      'Termos Sinalizados',
      'Configurações',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(await screen.findByText('Demonstração')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' }).getAttribute('href')).toBe(
      '#conteudo',
    );
    expect(await screen.findByRole('heading', { name: 'Gestão de Especialistas' })).toBeTruthy();
    expect(document.title).toBe('Especialistas · Atende');
  });

  it('follows the Alt shortcuts, but not while typing', async () => {
    const { router } = await renderLoadedApp('/dashboard');
    alt('KeyT');
    expect(router.state.location.pathname).toBe('/tickets');
    alt('KeyC');
    expect(router.state.location.pathname).toBe('/customers');
    alt('KeyS');
    expect(router.state.location.pathname).toBe('/settings');
    alt('KeyM');
    expect(router.state.location.pathname).toBe('/messages');

    const input = document.createElement('input');
    document.body.append(input);
    alt('KeyG', input);
    expect(router.state.location.pathname).toBe('/messages');
    input.remove();

    const toggled = vi.fn();
    window.addEventListener('toggle-notifications', toggled);
    alt('KeyN');
    expect(toggled).toHaveBeenCalledOnce();
    window.removeEventListener('toggle-notifications', toggled);

    alt('KeyG');
    expect(router.state.location.pathname).toBe('/dashboard');
    alt('KeyL');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('names each page in the title', () => {
    expect(pageTitle('/tickets')).toBe('Chamados · Atende');
    expect(pageTitle('/tickets/abc')).toBe('Detalhes do chamado · Atende');
    expect(pageTitle('/nada')).toBe('Página não encontrada · Atende');
  });
});

describe('app shell without a tenant', () => {
  it("asks to sign in again: 'Sessão expirada.'", async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken({ 'custom:tenant_id': undefined }));
    const { router } = await renderLoadedApp('/dashboard');
    expect(screen.getByRole('heading', { name: 'Sessão expirada.' })).toBeTruthy();
    expect(screen.getByText('Faça login novamente.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ir para Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
