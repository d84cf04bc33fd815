/**
 * The only module that touches the AWS SDK. It is loaded with a dynamic import (see idp.ts), so
 * the SDK (~50 kB gzip) lands in its own chunk, fetched on the auth screens only.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { fetchRuntimeConfig } from './runtime-config.ts';

export async function connectCognito() {
  const { idp } = await fetchRuntimeConfig();
  // These four operations are unauthenticated in Cognito's model (smithy noAuth): the SDK never
  // asks for AWS credentials, so none are configured.
  const client = new CognitoIdentityProviderClient({
    region: idp.region,
    endpoint: idp.endpoint,
    maxAttempts: 3,
  });
  const ClientId = idp.clientId;

  return {
    initiateAuth: (username: string, password: string) =>
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId,
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      ),
    respondToNewPasswordChallenge: (session: string, username: string, newPassword: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          ClientId,
          Session: session,
          ChallengeResponses: { USERNAME: username, NEW_PASSWORD: newPassword },
        }),
      ),
    forgotPassword: (username: string) =>
      client.send(new ForgotPasswordCommand({ ClientId, Username: username })),
    confirmForgotPassword: (username: string, code: string, password: string) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId,
          Username: username,
          ConfirmationCode: code,
          Password: password,
        }),
      ),
  };
}

export type CognitoOperations = Awaited<ReturnType<typeof connectCognito>>;
