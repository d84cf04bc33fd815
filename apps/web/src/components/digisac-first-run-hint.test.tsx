import type { DigisacStatus } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../lib/id-token.ts';
import { json, stubServer } from '../testing/fake-server.ts';
import { fakeIdToken } from '../testing/id-token.ts';
import { DigisacFirstRunHint } from './digisac-first-run-hint.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../testing/cognito-sdk-mock.ts'));

/** GET /api/v1/tenants/settings's answer (the fields the hint reads, and a few more). */
const settings = (configured: boolean) => ({
  name: 'Loja',
  digisac_host: configured ? 'https://loja.digisac.app' : null,
  digisac_token_set: configured,
  digisac_token_last4: configured ? 'abcd' : null,
  max_customer_wait_time_minutes: 30,
  updated_at: '2026-03-05T12:00:00Z',
});

const nothingYet: DigisacStatus = {
  webhook: { active: false, registered_at: null, last_event_at: null },
  events_24h: { received: 0, processed: 0, failed: 0, ignored: 0 },
  last_sync_at: null,
  setup_problem: null,
  import: null,
};

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderHint() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DigisacFirstRunHint />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DigisacFirstRunHint', () => {
  it('tells a tenant with DigiSac configured and nothing brought in where to start', async () => {
    stubServer({
      '/api/v1/tenants/settings': () => json(settings(true)),
      '/api/v1/tenants/settings/digisac/status': () => json(nothingYet),
    });
    renderHint();
    const link = await screen.findByRole('link', { name: 'Abrir Configurações › DigiSac' });
    expect(link.getAttribute('href')).toBe('/settings/digisac');
    expect(screen.getByTestId('digisac-first-run').textContent).toMatch(/Ligue o recebimento em tempo real/);
  });

  it('says nothing once real time was turned on or an import started', async () => {
    for (const status of [
      { ...nothingYet, webhook: { ...nothingYet.webhook, active: true } },
      {
        ...nothingYet,
        import: {
          state: 'running' as const,
          started_at: '2026-03-05T12:00:00Z',
          finished_at: null,
          tickets: 0,
          messages: 0,
          progress: 0,
          error: null,
        },
      },
    ]) {
      const fetchMock = stubServer({
        '/api/v1/tenants/settings': () => json(settings(true)),
        '/api/v1/tenants/settings/digisac/status': () => json(status),
      });
      renderHint();
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/digisac/status'))).toBe(true),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('digisac-first-run')).toBeNull();
      cleanup();
    }
  });

  it('asks nothing about DigiSac where it is not configured', async () => {
    const fetchMock = stubServer({ '/api/v1/tenants/settings': () => json(settings(false)) });
    renderHint();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/tenants/settings'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/digisac/'))).toBe(false);
    expect(screen.queryByTestId('digisac-first-run')).toBeNull();
  });
});
