import { AuthFlowError } from './auth-flow-error.ts';
import { getIdp } from './idp.ts';

export type SignInAnswer =
  | { kind: 'signedIn'; idToken: string }
  /** First access with a temporary password: a new one must be chosen (RespondToAuthChallenge). */
  | { kind: 'newPasswordRequired'; session: string; username: string };

/**
 * Signs in with SRP, falling back once to USER_PASSWORD_AUTH after a refusal (cognito-client.ts
 * `signIn`); first access answers NEW_PASSWORD_REQUIRED.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInAnswer> {
  const idp = await getIdp();
  const answer = await idp.signIn(email, password);

  if (answer.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    if (!answer.Session) throw new AuthFlowError('Falha no login');
    // Cognito names the user it means here; with e-mail aliases that is not the typed e-mail.
    const username = answer.ChallengeParameters?.USER_ID_FOR_SRP ?? email;
    return { kind: 'newPasswordRequired', session: answer.Session, username };
  }
  if (answer.ChallengeName) {
    throw new AuthFlowError('Este tipo de verificação de login não é suportado. Fale com o administrador.');
  }
  const idToken = answer.AuthenticationResult?.IdToken;
  if (!idToken) throw new AuthFlowError('Falha na autenticação: token ausente.');
  return { kind: 'signedIn', idToken };
}
