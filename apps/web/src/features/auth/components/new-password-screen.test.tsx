import { passwordProblems, passwordRule } from '@atende/contracts/password-policy';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_TOKEN_STORAGE_KEY } from '../../../lib/id-token.ts';
import { answerCognito, cognitoSend, idpError, sentInputs } from '../../../testing/cognito-sdk-mock.ts';
import { stubServer } from '../../../testing/fake-server.ts';
import { fakeIdToken } from '../../../testing/id-token.ts';
import { renderLoadedApp } from '../../../testing/render-app.tsx';

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
  it('explains when there is no pending challenge', async () => {
    sessionStorage.clear();
    await renderLoadedApp('/nova-senha');
    expect(screen.getByText('Nenhum desafio de nova senha pendente.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao login' }).getAttribute('href')).toBe('/login');
  });

  it('asks for both fields in pt-BR, under the inputs', async () => {
    await renderLoadedApp('/nova-senha');
    const field = screen.getByLabelText('Nova senha');
    expect(field.closest('form')?.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Informe a nova senha.')).toBeTruthy();
    expect(screen.getByText('Repita a nova senha.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(cognitoSend).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that does not match, under the confirmation', async () => {
    await renderLoadedApp('/nova-senha');
    submit('Nova#Senha2026', 'Nova#Senha2027');
    const confirmation = screen.getByLabelText('Confirme a nova senha');
    const mismatch = await screen.findByText('As senhas não conferem.');
    expect(confirmation.getAttribute('aria-describedby')).toBe(mismatch.id);
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(cognitoSend).not.toHaveBeenCalled();
  });

  it('answers the challenge, signs in and goes to /dashboard', async () => {
    answerCognito({ respondToAuthChallenge: () => ({ AuthenticationResult: { IdToken: fakeIdToken() } }) });
    const { router } = await renderLoadedApp('/nova-senha');
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

  it('states the password rule under the field before anything is typed', async () => {
    await renderLoadedApp('/nova-senha');
    const rule = screen.getByText(passwordRule);
    const field = screen.getByLabelText('Nova senha');
    expect(rule.id).not.toBe('');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(rule.id);
    expect((field as HTMLInputElement).value).toBe('');
  });

  it("shows the provider's reason when it refuses the password, and returns to the field", async () => {
    answerCognito({
      respondToAuthChallenge: () => {
        throw idpError('InvalidPasswordException', passwordProblems.guessable);
      },
    });
    await renderLoadedApp('/nova-senha');
    submit('Senha@1234', 'Senha@1234');
    // Under the field it concerns, after the rule, and said once (no alert besides).
    const reason = await screen.findByText(passwordProblems.guessable);
    const field = screen.getByLabelText('Nova senha');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(`${screen.getByText(passwordRule).id} ${reason.id}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("states the rule when the provider's reason is not one of ours", async () => {
    answerCognito({
      respondToAuthChallenge: () => {
        throw idpError('InvalidPasswordException', 'Password does not conform to policy');
      },
    });
    await renderLoadedApp('/nova-senha');
    submit('fraca', 'fraca');
    expect(await screen.findByText(`A senha não foi aceita. ${passwordRule}`)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nova senha'));
  });

  it('reports an answer without a token', async () => {
    answerCognito({ respondToAuthChallenge: () => ({ ChallengeName: 'SOFTWARE_TOKEN_MFA' }) });
    await renderLoadedApp('/nova-senha');
    submit('Nova#Senha2026', 'Nova#Senha2026');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Falha ao concluir o desafio: token ausente.',
    );
  });
});
