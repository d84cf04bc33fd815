import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, SESSION_REFUSAL_STORAGE_KEY } from '../../../lib/api-client.ts';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { answerCognito, cognitoSend, idpError, sentInputs } from '../../../testing/cognito-sdk-mock.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderLoadedApp } from '../../../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

beforeEach(() => {
  stubServer();
});

afterEach(() => {
  cognitoSend.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login screen', () => {
  it('asks for both fields in pt-BR, under the inputs, before calling the identity provider', async () => {
    await renderLoadedApp('/login');
    expect(screen.getByRole('heading', { name: 'Entrar na plataforma' })).toBeTruthy();
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('type')).toBe('email');
    // The browser's own bubbles would be in its language: the form checks itself.
    expect(email.closest('form')?.noValidate).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Informe seu e-mail.')).toBeTruthy();
    expect(screen.getByText('Informe sua senha.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByText('Informe seu e-mail.').id);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByRole('alert')).toBeNull();

    fillIn('demo-sem-arroba', 'x');
    expect(await screen.findByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();
    expect(screen.queryByText('Informe sua senha.')).toBeNull();
    expect(cognitoSend).not.toHaveBeenCalled();
  });

  it('returns to the protected page the user was going to', async () => {
    answerCognito({ initiateAuth: () => ({ AuthenticationResult: { IdToken: fakeIdToken() } }) });
    const { router } = await renderLoadedApp('/tickets?q=procon');
    await screen.findByRole('heading', { name: 'Entrar na plataforma' });
    expect(router.state.location.pathname).toBe('/login');

    fillIn(' demo@atende.local ', 'Demo#Senha2026');

    expect(await screen.findByRole('heading', { name: 'Chamados' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/tickets?q=procon');
    // SRP: the password is not sent (this fake provider answers tokens at once).
    expect(sentInputs('initiateAuth')).toEqual([
      {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: 'atende-web',
        AuthParameters: { USERNAME: 'demo@atende.local', SRP_A: expect.stringMatching(/^[0-9a-f]+$/) },
      },
    ]);
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('goes to /dashboard when there is nowhere to return to', async () => {
    answerCognito({ initiateAuth: () => ({ AuthenticationResult: { IdToken: fakeIdToken() } }) });
    const { router } = await renderLoadedApp('/login');
    fillIn('demo@atende.local', 'Demo#Senha2026');
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signs in over SRP, and falls back once to the password flow after a refused claim', async () => {
    const challenge = {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: '9f1c2b3a4d5e6f708192a3b4c5d6e7f8',
        SRP_B: '834396229144bc8f3fc8ad67841392f30de4035ad53013e711e16094164c9c1a',
        SECRET_BLOCK: 'YmxvY28=',
        USER_ID_FOR_SRP: 'demo@atende.local',
      },
    };
    answerCognito({
      initiateAuth: (input) =>
        input.AuthFlow === 'USER_SRP_AUTH' ? challenge : { AuthenticationResult: { IdToken: fakeIdToken() } },
      respondToAuthChallenge: () => {
        throw idpError('NotAuthorizedException', 'Incorrect username or password.');
      },
    });
    await renderLoadedApp('/login');
    fillIn('Demo@atende.local', 'Demo#Senha2026');

    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy();
    expect(sentInputs('respondToAuthChallenge')).toEqual([
      {
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: 'atende-web',
        ChallengeResponses: {
          USERNAME: 'demo@atende.local',
          PASSWORD_CLAIM_SECRET_BLOCK: 'YmxvY28=',
          TIMESTAMP: expect.any(String),
          PASSWORD_CLAIM_SIGNATURE: expect.any(String),
        },
      },
    ]);
    expect(sentInputs('initiateAuth').map((input) => input.AuthFlow)).toEqual([
      'USER_SRP_AUTH',
      'USER_PASSWORD_AUTH',
    ]);
    expect(sentInputs('initiateAuth')[1]?.ClientMetadata).toEqual({ atende_srp_fallback: 'YmxvY28=' });
  });

  it('shows a wrong password in an alert and keeps the user here', async () => {
    answerCognito({
      initiateAuth: () => {
        throw idpError('NotAuthorizedException', 'Incorrect username or password.');
      },
    });
    const { router } = await renderLoadedApp('/login');
    fillIn('demo@atende.local', 'errada');

    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou senha incorretos.');
    expect(router.state.location.pathname).toBe('/login');
    const password = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    // Said once: in the alert, not also under the inputs.
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Entrar' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so while signing in, the button refusing presses but keeping the focus', async () => {
    let finish: (value: unknown) => void = () => {};
    answerCognito({ initiateAuth: () => new Promise((resolve) => (finish = resolve)) });
    await renderLoadedApp('/login');
    fillIn('demo@atende.local', 'Demo#Senha2026');

    const button = await screen.findByRole('button', { name: 'Entrando…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    await act(async () => finish({ AuthenticationResult: { IdToken: fakeIdToken() } }));
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy();
  });

  it('sends a first access to /nova-senha with the username', async () => {
    answerCognito({
      initiateAuth: () => ({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: 'challenge-session',
        ChallengeParameters: { USER_ID_FOR_SRP: 'primeiro.acesso@atende.local' },
      }),
    });
    const { router } = await renderLoadedApp('/login');
    fillIn('primeiro.acesso@atende.local', 'Temp#Senha2026');

    expect(await screen.findByRole('heading', { name: 'Nova senha' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nova-senha');
    expect(router.state.location.state).toEqual({ username: 'primeiro.acesso@atende.local' });
    expect(screen.getByText('primeiro.acesso@atende.local')).toBeTruthy();
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('reports an answer without a token', async () => {
    answerCognito({ initiateAuth: () => ({ AuthenticationResult: {} }) });
    await renderLoadedApp('/login');
    fillIn('demo@atende.local', 'Demo#Senha2026');
    expect((await screen.findByRole('alert')).textContent).toBe('Falha na autenticação: token ausente.');
  });

  it('sends a signed-in visitor on at once', async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    const { router } = await renderLoadedApp('/login', { from: '/customers' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });

  it('never returns to another site or to /login itself', async () => {
    localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken());
    const { router } = await renderLoadedApp('/login', { from: '//evil.example/x' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  describe('when the API refuses a token it was just given', () => {
    const refused = {
      code: 'unauthorized',
      detail: 'O token não foi emitido para este servidor (emissor ou cliente diferente do configurado).',
      request_id: 'r-1',
    };
    beforeEach(() => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('keeps the reason for a fresh token and shows it here, once', async () => {
      stubServer({ '/api/v1/tenants/current': () => json(refused, 401) });
      localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken()); // issued now
      const goToLogin = vi.fn();
      await expect(createApiClient({ goToLogin }).get('/api/v1/tenants/current')).rejects.toMatchObject({
        status: 401,
      });
      expect(goToLogin).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).toBeNull();
      expect(sessionStorage.getItem(SESSION_REFUSAL_STORAGE_KEY)).toBe(refused.detail);

      const { unmount } = await renderLoadedApp('/login');
      expect((await screen.findByRole('alert')).textContent).toBe(
        `O servidor recusou a sessão: ${refused.detail}`,
      );
      await waitFor(() => expect(sessionStorage.getItem(SESSION_REFUSAL_STORAGE_KEY)).toBeNull());
      unmount();
      await renderLoadedApp('/login');
      await screen.findByRole('heading', { name: 'Entrar na plataforma' });
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('says nothing for a session that simply ended (a token issued long ago)', async () => {
      stubServer({ '/api/v1/tenants/current': () => json(refused, 401) });
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      localStorage.setItem(ID_TOKEN_STORAGE_KEY, fakeIdToken({ iat: hourAgo, exp: hourAgo + 7200 }));
      await expect(
        createApiClient({ goToLogin: vi.fn() }).get('/api/v1/tenants/current'),
      ).rejects.toMatchObject({ status: 401 });
      expect(sessionStorage.getItem(SESSION_REFUSAL_STORAGE_KEY)).toBeNull();
      await renderLoadedApp('/login');
      await screen.findByRole('heading', { name: 'Entrar na plataforma' });
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
