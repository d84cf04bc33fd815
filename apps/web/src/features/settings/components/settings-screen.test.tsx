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
  digisac_token_last4: '1234',
  max_customer_wait_time_minutes: 30,
  sla_warning_percent: 80,
  learn_from_corrections: true,
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
    // The token field's hint: the saved token's last 4 characters, never the token.
    expect(screen.getByLabelText('Novo token do DigiSac').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Token salvo: ••••1234. Deixe em branco para mantê-lo.')).toBeTruthy();
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
      sla_warning_percent: 80,
      learn_from_corrections: true,
    });
  });

  it("'Testar conexão' sends only what was typed and says the answer next to the button", async () => {
    const bodies: unknown[] = [];
    let answer: (response: Response) => void = () => {};
    stubServer({
      '/api/v1/tenants/settings': () => json(stored),
      '/api/v1/tenants/settings/digisac/test': async (request) => {
        bodies.push(await request.json());
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    renderApp('/settings');
    const host = (await screen.findByLabelText(
      'Endereço do DigiSac',
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(screen.getByText(/Use https:\/\//)).toBeTruthy();

    // Nothing typed: an empty body, the stored host and token are tested.
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    const busy = await screen.findByRole('button', { name: 'Testando conexão…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(bodies).toEqual([{}]);
    answer(json({ ok: true, user_name: 'Ana Atendente', message: 'Conectado como Ana Atendente.' }));
    const result = screen.getByTestId('digisac-test-result');
    expect(result.getAttribute('role')).toBe('status');
    await waitFor(() => expect(result.textContent).toBe('Conectado como Ana Atendente.'));

    // A new token typed: only it goes (the host is the saved one); a refusal is said the same way.
    fireEvent.change(screen.getByLabelText('Novo token do DigiSac'), { target: { value: ' errado ' } });
    expect(result.textContent).toBe(''); // the answer was about other values
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ digisac_token: 'errado' });
    answer(json({ ok: false, user_name: null, message: 'Token do DigiSac inválido ou expirado' }));
    await waitFor(() => expect(result.textContent).toBe('Token do DigiSac inválido ou expirado'));

    // Another host: the user is told the saved token goes unless a new one is typed.
    fireEvent.change(screen.getByLabelText('Novo token do DigiSac'), { target: { value: '' } });
    fireEvent.change(host, { target: { value: 'https://nova.digisac.app/' } });
    expect(screen.getByText(/o token salvo será apagado/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Novo token do DigiSac'), { target: { value: 'tok-nova' } });
    expect(screen.queryByText(/o token salvo será apagado/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ digisac_host: 'https://nova.digisac.app', digisac_token: 'tok-nova' });
    answer(json({ ok: true, user_name: 'Bruno', message: 'Conectado como Bruno.' }));
    await waitFor(() => expect(result.textContent).toBe('Conectado como Bruno.'));
  });

  it("'Testar conexão' puts a field-named 400 under its input, and checks the host first", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies: unknown[] = [];
    stubServer({
      '/api/v1/tenants/settings': () => json(stored),
      '/api/v1/tenants/settings/digisac/test': async (request) => {
        bodies.push(await request.json());
        const message = 'Endereço não permitido: o host não pode ser um endereço interno ou privado.';
        return json(
          { code: 'validation_error', detail: message, fields: [{ field: 'body.digisac_host', message }] },
          400,
        );
      },
    });
    renderApp('/settings');
    const host = (await screen.findByLabelText(
      'Endereço do DigiSac',
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;

    fireEvent.change(host, { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    expect(await screen.findByText('URL deve começar com https://')).toBeTruthy();
    expect(bodies).toEqual([]); // nothing asked with a host the form refuses

    fireEvent.change(host, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    expect(await screen.findByText('Informe o endereço do DigiSac para testar a conexão.')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(host, { target: { value: 'https://10.0.0.5' } });
    fireEvent.change(screen.getByLabelText('Novo token do DigiSac'), { target: { value: 'tok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Testar conexão' }));
    expect(
      await screen.findByText('Endereço não permitido: o host não pode ser um endereço interno ou privado.'),
    ).toBeTruthy();
    expect(host.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([{ digisac_host: 'https://10.0.0.5', digisac_token: 'tok' }]);
    expect(screen.getByTestId('digisac-test-result').textContent).toBe('');
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
