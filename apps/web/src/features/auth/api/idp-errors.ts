import { passwordProblemIn, passwordRule } from '@atende/contracts/password-policy';
import { AuthFlowError } from './auth-flow-error.ts';

export type AuthOperation = 'signIn' | 'newPassword' | 'forgotPassword' | 'confirmForgotPassword';

/** What each screen says when nothing more specific is known. */
const fallbackMessages: Record<AuthOperation, string> = {
  signIn: 'Falha no login',
  newPassword: 'Não foi possível definir a nova senha.',
  forgotPassword: 'Não foi possível iniciar a recuperação de senha.',
  confirmForgotPassword: 'Não foi possível confirmar a nova senha.',
};

export const wrongCredentialsMessage = 'E-mail ou senha incorretos.';
/** When the provider refuses a password without one of our reasons (Cognito's own, in English). */
export const passwordPolicyMessage = `A senha não foi aceita. ${passwordRule}`;
const tooManyAttemptsMessage = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
const offlineMessage = 'Sem conexão com o serviço de login. Verifique sua internet e tente novamente.';
const unavailableMessage = 'O serviço de login está indisponível no momento. Tente novamente em instantes.';

// What fetch throws when the network fails, per browser (the SDK retries these, then rethrows).
const networkFailure = /failed to fetch|networkerror|load failed|network request failed/i;

function describe(error: unknown): { name: string; message: string; status: number | undefined } {
  if (!(error instanceof Error)) return { name: '', message: '', status: undefined };
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return { name: error.name, message: error.message, status: metadata?.httpStatusCode };
}

/** The provider refused the new password itself (not the code or the session). */
export function isPasswordRefusal(error: unknown): boolean {
  return describe(error).name === 'InvalidPasswordException';
}

/** Turns an identity-provider failure into a sentence for the person at the screen, in pt-BR. */
export function idpErrorMessage(error: unknown, operation: AuthOperation): string {
  if (error instanceof AuthFlowError) return error.message;
  const { name, message, status } = describe(error);

  switch (name) {
    case 'NotAuthorizedException':
      // Cognito uses this one name for several situations and tells them apart in the message.
      if (/attempts exceeded/i.test(message)) return tooManyAttemptsMessage;
      if (/disabled/i.test(message)) {
        return 'Este usuário está desativado. Fale com o administrador da sua organização.';
      }
      if (operation === 'signIn') return wrongCredentialsMessage;
      if (operation === 'newPassword') {
        return 'O prazo para definir a nova senha expirou. Volte ao login e entre novamente com a senha temporária.';
      }
      return fallbackMessages[operation];
    case 'UserNotFoundException':
      // Same answer as a wrong password: the screen must not reveal which e-mails exist.
      return operation === 'signIn' ? wrongCredentialsMessage : fallbackMessages[operation];
    case 'PasswordResetRequiredException':
      return 'É preciso redefinir sua senha. Use "Esqueci minha senha".';
    case 'UserNotConfirmedException':
      return 'Sua conta ainda não foi confirmada. Fale com o administrador da sua organização.';
    case 'InvalidPasswordException':
      // The built-in provider says what is wrong, in pt-BR: only its known sentences are shown.
      return passwordProblemIn(message) ?? passwordPolicyMessage;
    case 'PasswordHistoryPolicyViolationException':
      return 'Escolha uma senha diferente das que você usou recentemente.';
    // The built-in provider answers this for a wrong, expired or used-up code alike (no account
    // is revealed by the answer), so the sentence covers them all.
    case 'CodeMismatchException':
      return 'Código de verificação incorreto ou expirado. Confira o código enviado por e-mail ou peça um novo.';
    case 'ExpiredCodeException':
      return 'Este código de verificação expirou. Solicite um novo código.';
    case 'TooManyFailedAttemptsException':
      return 'Muitas tentativas com código incorreto. Solicite um novo código.';
    case 'LimitExceededException':
      return 'Limite de tentativas atingido. Aguarde alguns minutos e tente novamente.';
    case 'TooManyRequestsException':
      return tooManyAttemptsMessage;
    case 'CodeDeliveryFailureException':
      return 'Não foi possível enviar o código por e-mail. Tente novamente mais tarde.';
    case 'InvalidParameterException':
      return 'Dados inválidos. Confira os campos e tente novamente.';
    case 'InternalErrorException':
      return unavailableMessage;
    case 'TimeoutError':
      return offlineMessage;
  }
  if (name === 'TypeError' && networkFailure.test(message)) return offlineMessage;
  if (status !== undefined && status >= 500) return unavailableMessage;
  return fallbackMessages[operation];
}
