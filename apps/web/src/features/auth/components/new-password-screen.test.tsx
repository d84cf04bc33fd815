import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { answerCognito, cognitoSend, idpError, sentInputs } from '../../../testing/cognito-sdk-mock.ts';
import { stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderApp } from '../../../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

const pendingChallenge = {
  challengeName: 'NEW_PASSWORD_REQUIRED',
  session: 'challenge-session',
  username: 'primeiro.acesso@atende.local',
};

beforeEach(() => {
  stubServer();
  // As after a reload of /nova-senha: the challenge survives in sessionStorage.
  sessionStorage.setItem('atende.pendingChallenge', JSON.stringify(pendingChallenge));
});

afterEach(() => {
  cognitoSend.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function submit(newPassword: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('Confirme a nova senha'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

describe('new password screen', () => {
  it('explains when there is no pending challenge', () => {
    sessionStorage.clear();
    renderApp('/nova-senha');
    expect(screen.getByText('Nenhum desafio de nova senha pendente.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao login' }).getAttribute('href')).toBe('/login');
  });

  it('refuses a confirmation that does not match', () => {
    renderApp('/nova-senha');
    submit('Nova#Senha2026', 'Nova#Senha2027');
    expect(screen.getByRole('alert').textContent).toBe('As senhas não conferem.');
    expect(document.activeElement).toBe(screen.getByLabelText('Confirme a nova senha'));
    expect(screen.getByLabelText('Confirme a nova senha').getAttribute('aria-invalid')).toBe('true');
    expect(cognitoSend).not.toHaveBeenCalled();
  });

  it('answers the challenge, signs in and goes to /dashboard', async () => {
    answerCognito({ respondToAuthChallenge: () => ({ AuthenticationResult: { IdToken: fakeIdToken() } }) });
    const { router } = renderApp('/nova-senha');
    submit('Nova#Senha2026', 'Nova#Senha2026');

    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sentInputs('respondToAuthChallenge')).toEqual([
      {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ClientId: 'atende-web',
        Session: 'challenge-session',
        ChallengeResponses: { USERNAME: 'primeiro.acesso@atende.local', NEW_PASSWORD: 'Nova#Senha2026' },
      },
    ]);
    expect(localStorage.getItem(ID_TOKEN_STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem('atende.pendingChallenge')).toBeNull();
  });

  it('explains the password policy when the provider rejects the password', async () => {
    answerCognito({
      respondToAuthChallenge: () => {
        throw idpError('InvalidPasswordException', 'Password does not conform to policy');
      },
    });
    renderApp('/nova-senha');
    submit('fraca', 'fraca');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A senha precisa ter pelo menos 8 caracteres, com letra maiúscula, letra minúscula, número e símbolo.',
    );
  });

  it('reports an answer without a token', async () => {
    answerCognito({ respondToAuthChallenge: () => ({ ChallengeName: 'SOFTWARE_TOKEN_MFA' }) });
    renderApp('/nova-senha');
    submit('Nova#Senha2026', 'Nova#Senha2026');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Falha ao concluir o desafio: token ausente.',
    );
  });
});
