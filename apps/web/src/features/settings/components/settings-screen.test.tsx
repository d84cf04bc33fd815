import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const stored = {
  name: 'Demonstração',
  digisac_host: 'https://demo.digisac.app',
  digisac_token_set: true,
  max_customer_wait_time_minutes: 30,
  updated_at: '2026-03-05T17:30:00Z',
};

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('settings screen', () => {
  it('shows the stored values, never the token, and saves only what it should', async () => {
    const bodies: unknown[] = [];
    stubServer({
      '/api/v1/tenants/settings': async (request) => {
        if (request.method === 'PUT') {
          const body = await request.json();
          bodies.push(body);
          return json({ ...stored, ...body, updated_at: '2026-03-06T10:00:00Z' });
        }
        return json(stored);
      },
    });
    renderApp('/settings');

    const name = (await screen.findByLabelText('Nome da conta', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(name.value).toBe('Demonstração');
    expect(screen.getByText('Um token está salvo.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar Configurações' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'Nova Empresa' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Nova Empresa',
      digisac_host: 'https://demo.digisac.app',
      max_customer_wait_time_minutes: 30,
    });
  });

  it('says when the settings cannot be loaded', async () => {
    stubServer({
      '/api/v1/tenants/settings': () => json({ code: 'internal_error', detail: 'Falhou.' }, 500),
    });
    renderApp('/settings');
    expect(await screen.findByText('Erro ao carregar configurações', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Não foi possível carregar as configurações do sistema.')).toBeTruthy();
  });
});
