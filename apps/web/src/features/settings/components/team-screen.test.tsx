import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { demoTenant, json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const people = {
  managed_externally: false,
  users: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'admin@empresa.com',
      role: 'admin',
      status: 'active',
      enabled: true,
      last_sign_in_at: '2026-03-01T12:00:00Z',
      invitation_expires_at: null,
      created_at: '2026-01-01T12:00:00Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      email: 'nova@empresa.com',
      role: 'agent',
      status: 'invited',
      enabled: true,
      last_sign_in_at: null,
      invitation_expires_at: '2026-03-08T12:00:00Z',
      created_at: '2026-03-01T12:00:00Z',
    },
  ],
};

beforeEach(() => localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Configurações › Equipe', () => {
  it('lists the people with role and status, and invites by e-mail and role', async () => {
    const invited: unknown[] = [];
    stubServer({
      '/api/v1/users': async (request) => {
        if (request.method === 'POST') {
          invited.push(await request.json());
          return json({ ...people.users[1], email: 'outra@empresa.com' }, 201);
        }
        return json(people);
      },
    });
    renderApp('/settings/equipe');
    const row = (await screen.findByText('nova@empresa.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Convite pendente')).toBeTruthy();
    expect(within(row).getByText('Agente')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reenviar convite' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Convidar pessoa' }));
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'Outra@Empresa.com' } });
    fireEvent.change(screen.getByLabelText('Papel'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() => expect(invited).toEqual([{ email: 'outra@empresa.com', role: 'admin' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The first test loads the shell's and the screen's lazy chunks.
  }, 20_000);

  it('shows the API’s field-named 409 under the e-mail', async () => {
    stubServer({
      '/api/v1/users': (request) =>
        request.method === 'POST'
          ? json(
              {
                code: 'conflict',
                detail: 'Este e-mail já está em uso.',
                fields: [{ field: 'body.email', message: 'Este e-mail já está em uso.' }],
                request_id: 't',
              },
              409,
            )
          : json(people),
    });
    renderApp('/settings/equipe');
    fireEvent.click(await screen.findByRole('button', { name: 'Convidar pessoa' }));
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'admin@empresa.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('Este e-mail já está em uso.')).toBeTruthy();
  });

  it('tells an agent why they cannot see the team, and asks nothing of /users', async () => {
    const server = stubServer({ '/api/v1/tenants/current': () => json({ ...demoTenant, role: 'agent' }) });
    renderApp('/settings/equipe');
    expect(
      await screen.findByText(
        'Apenas administradores podem ver e gerenciar a equipe. Peça a um administrador da sua organização.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convidar pessoa' })).toBeNull();
    expect(server.mock.calls.some(([url]) => String(url).includes('/api/v1/users'))).toBe(false);
  });

  it('shows an agent the settings without letting them save', async () => {
    stubServer({
      '/api/v1/tenants/current': () => json({ ...demoTenant, role: 'agent' }),
      '/api/v1/tenants/settings': () =>
        json({
          name: 'Demonstração',
          digisac_host: null,
          digisac_token_set: false,
          digisac_token_last4: null,
          max_customer_wait_time_minutes: 30,
          updated_at: '2026-03-01T12:00:00Z',
        }),
    });
    renderApp('/settings');
    expect(
      await screen.findByText(
        'Apenas administradores podem alterar as configurações da organização. Peça a um administrador da sua organização.',
      ),
    ).toBeTruthy();
    expect((await screen.findByLabelText('Nome da conta')).closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Salvar Configurações' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
