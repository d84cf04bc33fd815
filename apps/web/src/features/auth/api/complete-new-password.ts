import { AuthFlowError } from './auth-flow-error.ts';
import { getIdp } from './idp.ts';

/** RespondToAuthChallenge NEW_PASSWORD_REQUIRED; answers the ID token of the new session. */
export async function completeNewPasswordChallenge(
  challenge: { session: string; username: string },
  newPassword: string,
): Promise<string> {
  const idp = await getIdp();
  const answer = await idp.respondToNewPasswordChallenge(challenge.session, challenge.username, newPassword);
  const idToken = answer.AuthenticationResult?.IdToken;
  if (!idToken) throw new AuthFlowError('Falha ao concluir o desafio: token ausente.');
  return idToken;
}
