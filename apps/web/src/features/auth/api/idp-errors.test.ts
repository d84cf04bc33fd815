import { passwordProblems, passwordRule } from '@atende/contracts/password-policy';
import { describe, expect, it } from 'vitest';
import { idpError } from '../../../testing/cognito-sdk-mock.ts';
import { AuthFlowError } from './auth-flow-error.ts';
import {
  type AuthOperation,
  idpErrorMessage,
  passwordPolicyMessage,
  wrongCredentialsMessage,
} from './idp-errors.ts';

describe('idpErrorMessage', () => {
  it.each<[string, AuthOperation, string]>([
    ['NotAuthorizedException', 'signIn', wrongCredentialsMessage],
    ['UserNotFoundException', 'signIn', wrongCredentialsMessage],
    ['TooManyRequestsException', 'signIn', 'Muitas tentativas. Aguarde alguns minutos e tente novamente.'],
    ['InvalidPasswordException', 'newPassword', passwordPolicyMessage],
    ['InvalidPasswordException', 'confirmForgotPassword', passwordPolicyMessage],
    [
      'PasswordHistoryPolicyViolationException',
      'newPassword',
      'Escolha uma senha diferente das que você usou recentemente.',
    ],
    [
      'CodeMismatchException',
      'confirmForgotPassword',
      'Código de verificação incorreto ou expirado. Confira o código enviado por e-mail ou peça um novo.',
    ],
    [
      'ExpiredCodeException',
      'confirmForgotPassword',
      'Este código de verificação expirou. Solicite um novo código.',
    ],
    [
      'LimitExceededException',
      'forgotPassword',
      'Limite de tentativas atingido. Aguarde alguns minutos e tente novamente.',
    ],
    [
      'TooManyFailedAttemptsException',
      'confirmForgotPassword',
      'Muitas tentativas com código incorreto. Solicite um novo código.',
    ],
    ['InvalidParameterException', 'forgotPassword', 'Dados inválidos. Confira os campos e tente novamente.'],
    ['PasswordResetRequiredException', 'signIn', 'É preciso redefinir sua senha. Use "Esqueci minha senha".'],
    [
      'UserNotConfirmedException',
      'signIn',
      'Sua conta ainda não foi confirmada. Fale com o administrador da sua organização.',
    ],
  ])('%s during %s', (name, operation, message) => {
    expect(idpErrorMessage(idpError(name), operation)).toBe(message);
  });

  it("shows the provider's own pt-BR reason for a refused password, and only those", () => {
    for (const reason of Object.values(passwordProblems)) {
      expect(idpErrorMessage(idpError('InvalidPasswordException', reason), 'newPassword')).toBe(reason);
    }
    expect(
      idpErrorMessage(
        idpError(
          'InvalidPasswordException',
          `Password does not conform to policy: ${passwordProblems.tooShort}`,
        ),
        'confirmForgotPassword',
      ),
    ).toBe('A senha deve ter pelo menos 10 caracteres.');
    // Cognito's English, or anything else, gives the rule instead.
    expect(
      idpErrorMessage(
        idpError('InvalidPasswordException', 'Password does not conform to policy: Password not long enough'),
        'newPassword',
      ),
    ).toBe(`A senha não foi aceita. ${passwordRule}`);
  });

  it('tells the cases Cognito reports as NotAuthorizedException apart by their message', () => {
    expect(idpErrorMessage(idpError('NotAuthorizedException', 'Password attempts exceeded'), 'signIn')).toBe(
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    );
    expect(idpErrorMessage(idpError('NotAuthorizedException', 'User is disabled.'), 'signIn')).toMatch(
      /desativado/,
    );
    expect(
      idpErrorMessage(idpError('NotAuthorizedException', 'Invalid session for the user.'), 'newPassword'),
    ).toMatch(/expirou/);
  });

  it('does not reveal unknown users outside sign-in either', () => {
    expect(idpErrorMessage(idpError('UserNotFoundException'), 'forgotPassword')).toBe(
      'Não foi possível iniciar a recuperação de senha.',
    );
  });

  it("shows the app's own sign-in problems as they are", () => {
    expect(idpErrorMessage(new AuthFlowError('Falha na autenticação: token ausente.'), 'signIn')).toBe(
      'Falha na autenticação: token ausente.',
    );
  });

  it('says when the provider cannot be reached or is failing', () => {
    expect(idpErrorMessage(new TypeError('Failed to fetch'), 'signIn')).toMatch(/Sem conexão/);
    const serverError = Object.assign(idpError('UnknownError'), { $metadata: { httpStatusCode: 503 } });
    expect(idpErrorMessage(serverError, 'signIn')).toMatch(/indisponível/);
  });

  it.each<[AuthOperation, string]>([
    ['signIn', 'Falha no login'],
    ['forgotPassword', 'Não foi possível iniciar a recuperação de senha.'],
    ['confirmForgotPassword', 'Não foi possível confirmar a nova senha.'],
    ['newPassword', 'Não foi possível definir a nova senha.'],
  ])('falls back to the generic text for %s', (operation, message) => {
    expect(idpErrorMessage(idpError('SomethingNewException', 'English text'), operation)).toBe(message);
    expect(idpErrorMessage('not even an error', operation)).toBe(message);
  });
});
