import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { useAuth } from './use-auth.ts';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

beforeEach(() => {
  stubServer();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('auth context', () => {
  it('cannot be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the thrown error too
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used inside <AuthProvider>.');
    vi.restoreAllMocks();
  });

  it('restores the session from the stored token and shows who is signed in where', async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken({ email: 'demo@atende.local' }));
    const fetchMock = stubServer();
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy(); // a lazy screen
    expect(screen.getByText('demo@atende.local')).toBeTruthy();
    expect(await screen.findByText('Demonstração')).toBeTruthy();
    expect(screen.getByText('demo')).toBeTruthy(); // the slug
    const tenantRequest = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/tenants/current');
    expect(new Headers(tenantRequest?.[1]?.headers).get('X-Tenant-ID')).toBe('tenant-1');
  });

  it('drops a stored token that does not decode and asks for sign-in', () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, 'not-a-jwt');
    const { router } = renderApp('/dashboard');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out when the token expires with the page open, remembering the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken({ exp: Math.floor(Date.now() / 1000) + 60 }));
    const { router } = renderApp('/tickets?q=procon');
    expect(router.state.location.pathname).toBe('/tickets');

    act(() => vi.advanceTimersByTime(61_000));

    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/tickets?q=procon' });
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out with the button: token and cache gone, /login replaces the page', async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    const { router, queryClient } = renderApp('/settings');
    await screen.findByText('Demonstração');

    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('heading', { name: 'Entrar na plataforma' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toBeNull(); // the next person starts at /dashboard
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('follows a sign-out in another tab', async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    const { router } = renderApp('/messages');
    localStorage.removeItem(ID_TOKEN_STORAGE_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: ID_TOKEN_STORAGE_KEY, newValue: null }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
