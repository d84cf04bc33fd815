import { passwordProblems, passwordRule } from '@atende/contracts/password-policy';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCognito, cognitoSend, idpError, sentInputs } from '../../../testing/cognito-sdk-mock.ts';
import { stubServer } from '../../../testing/fake-server.ts';
import { renderLoadedApp } from '../../../testing/render-app.tsx';

vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('../../../testing/cognito-sdk-mock.ts'));

beforeEach(() => {
  stubServer();
});

afterEach(() => {
  cognitoSend.mockReset();
  vi.unstubAllGlobals();
});

async function reachConfirmStep() {
  await renderLoadedApp('/esqueci-minha-senha');
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'recupera@atende.local' } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  await screen.findByText('Código enviado. Verifique seu e-mail.');
}

describe('password recovery screen', () => {
  it('asks for the e-mail first', async () => {
    await renderLoadedApp('/esqueci-minha-senha');
    const email = screen.getByLabelText('E-mail');
    expect(email.closest('form')?.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Informe seu e-mail.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
    fireEvent.change(email, { target: { value: 'recupera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Informe um e-mail válido, como nome@empresa.com.br.')).toBeTruthy();
    expect(cognitoSend).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Voltar ao login' })).toBeTruthy();
  });

  it('sends the code, then sets the new password and stays on the confirm step', async () => {
    answerCognito({ forgotPassword: () => ({}), confirmForgotPassword: () => ({}) });
    await reachConfirmStep();
    expect(sentInputs('forgotPassword')).toEqual([
      { ClientId: 'atende-web', Username: 'recupera@atende.local' },
    ]);

    expect(screen.getByLabelText('Código de verificação').closest('form')?.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Informe o código de verificação.')).toBeTruthy();
    expect(screen.getByText('Informe a nova senha.')).toBeTruthy();
    // The notice stays until something is sent again.
    expect(screen.getByText('Código enviado. Verifique seu e-mail.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Código de verificação'), { target: { value: ' 123456 ' } });
    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: 'Nova#Senha2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));

    expect(await screen.findByText('Senha alterada com sucesso. Você já pode entrar.')).toBeTruthy();
    expect(sentInputs('confirmForgotPassword')).toEqual([
      {
        ClientId: 'atende-web',
        Username: 'recupera@atende.local',
        ConfirmationCode: '123456',
        Password: 'Nova#Senha2026',
      },
    ]);
    // Nothing left to submit: the form gives way to the link to the login, which takes focus.
    expect(screen.queryByLabelText('Código de verificação')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Voltar ao login' }));
  });

  it('says what is wrong with the code', async () => {
    answerCognito({
      forgotPassword: () => ({}),
      confirmForgotPassword: () => {
        throw idpError('CodeMismatchException', 'Invalid verification code provided, please try again.');
      },
    });
    await reachConfirmStep();
    fireEvent.change(screen.getByLabelText('Código de verificação'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: 'Nova#Senha2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Código de verificação incorreto ou expirado. Confira o código enviado por e-mail ou peça um novo.',
    );
  });

  it("states the password rule, then shows the provider's reason for refusing it", async () => {
    answerCognito({
      forgotPassword: () => ({}),
      confirmForgotPassword: () => {
        throw idpError('InvalidPasswordException', passwordProblems.containsEmail);
      },
    });
    await reachConfirmStep();
    const field = screen.getByLabelText('Nova senha');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText(passwordRule).id);

    fireEvent.change(screen.getByLabelText('Código de verificação'), { target: { value: '123456' } });
    fireEvent.change(field, { target: { value: 'Recupera#Senha2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    const reason = await screen.findByText(passwordProblems.containsEmail);
    expect(field.getAttribute('aria-describedby')).toBe(`${screen.getByText(passwordRule).id} ${reason.id}`);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the code again, says a failure once, and goes back to the e-mail as typed', async () => {
    let sends = 0;
    answerCognito({
      forgotPassword: () => {
        sends += 1;
        if (sends === 3) throw idpError('LimitExceededException', 'Attempt limit exceeded');
        return {};
      },
    });
    await reachConfirmStep();

    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText('Código enviado. Verifique seu e-mail.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Limite de tentativas atingido. Aguarde alguns minutos e tente novamente.',
    );
    expect(screen.queryByText('Código enviado. Verifique seu e-mail.')).toBeNull();
    expect(sentInputs('forgotPassword')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Usar outro e-mail' }));
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('recupera@atende.local');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('falls back to the generic text when sending fails for an unknown reason', async () => {
    answerCognito({
      forgotPassword: () => {
        throw idpError('InternalFailure', 'boom');
      },
    });
    await renderLoadedApp('/esqueci-minha-senha', { email: 'recupera@atende.local' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Não foi possível iniciar a recuperação de senha.',
    );
  });
});
