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
import { passwordClaimSignature, srpTimestamp, startSrp } from './srp.ts';

/**
 * Where the fallback after a refused SRP claim names that claim (its SECRET_BLOCK), so the built-in
 * provider counts the pair as one try (the API's srpFallbackMetadataKey). Cognito passes
 * ClientMetadata to Lambda triggers only.
 */
const srpFallbackMetadataKey = 'atende_srp_fallback';

const isNamed = (error: unknown, ...names: string[]) => error instanceof Error && names.includes(error.name);

/**
 * What a pool answers an SRP InitiateAuth it does not allow (an external pool whose app client
 * enables USER_PASSWORD_AUTH only; Cognito says "USER_SRP_AUTH flow not enabled for this client").
 */
const srpFlowRefused = [
  'NotAuthorizedException',
  'InvalidParameterException',
  'UnsupportedOperationException',
];

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
  const poolName = idp.userPoolId.split('_')[1] ?? '';

  const passwordAuth = (username: string, password: string, refusedSrpBlock?: string) =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
        ...(refusedSrpBlock ? { ClientMetadata: { [srpFallbackMetadataKey]: refusedSrpBlock } } : {}),
      }),
    );

  return {
    /**
     * Signs in with SRP (USER_SRP_AUTH, then the PASSWORD_VERIFIER claim): the password stays in
     * the browser. It tries USER_PASSWORD_AUTH once instead when the pool refuses the SRP flow,
     * and after a refused claim (NotAuthorizedException: a wrong password, or a user whose password
     * predates SRP), naming that claim so the pair counts as one try. Answers as InitiateAuth
     * does: tokens or the next challenge.
     */
    signIn: async (username: string, password: string) => {
      const srp = startSrp();
      const challenge = await client
        .send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_SRP_AUTH',
            ClientId,
            AuthParameters: { USERNAME: username, SRP_A: srp.A.toString(16) },
          }),
        )
        .catch((error: unknown) => {
          if (isNamed(error, ...srpFlowRefused)) return undefined;
          throw error;
        });
      if (!challenge) return passwordAuth(username, password);
      if (challenge.ChallengeName !== 'PASSWORD_VERIFIER') return challenge;
      const params = challenge.ChallengeParameters ?? {};
      const { SALT: salt, SRP_B: srpB, SECRET_BLOCK: secretBlock } = params;
      if (!salt || !srpB || !secretBlock) return challenge; // reported as an unsupported answer
      const userId = params.USER_ID_FOR_SRP ?? username;
      const timestamp = srpTimestamp();
      const signature = await passwordClaimSignature(srp, {
        poolName,
        username: userId,
        password,
        salt,
        srpB,
        secretBlock,
        timestamp,
      });
      try {
        return await client.send(
          new RespondToAuthChallengeCommand({
            ChallengeName: 'PASSWORD_VERIFIER',
            ClientId,
            Session: challenge.Session,
            ChallengeResponses: {
              USERNAME: userId,
              PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
              TIMESTAMP: timestamp,
              PASSWORD_CLAIM_SIGNATURE: signature,
            },
          }),
        );
      } catch (error) {
        if (!isNamed(error, 'NotAuthorizedException')) throw error;
      }
      return passwordAuth(username, password, secretBlock);
    },
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
