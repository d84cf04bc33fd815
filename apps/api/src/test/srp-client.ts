import { createHmac } from 'node:crypto';
import * as cognitoJs from 'amazon-cognito-identity-js';
import { builtInClientId, builtInPoolId } from '../modules/identity/idp-config.ts';
import { type Json, json } from './helpers.ts';

// The client's side of USER_SRP_AUTH spoken by hand, for tests that need its steps apart (replay,
// expiry, another process, the web's fallback): amazon-cognito-identity-js's AuthenticationHelper
// does the maths, so the provider is checked against an implementation that is not ours.

// Exported by the library but not in its typings: its SRP maths and its TIMESTAMP.
const { AuthenticationHelper, DateHelper } = cognitoJs as unknown as {
  AuthenticationHelper: new (poolName: string) => unknown;
  DateHelper: new () => { getNowString(): string };
};

const poolName = builtInPoolId.split('_')[1] ?? '';

/** One Cognito JSON call, answered as {status, body}. */
export async function call(
  url: string,
  operation: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await json(res)) as Json };
}

/** The client's side by hand (amazon-cognito-identity-js's AuthenticationHelper does the maths). */
export async function srpChallenge(url: string, email: string) {
  const helper = new AuthenticationHelper(poolName);
  // biome-ignore lint/suspicious/noExplicitAny: the helper's callback API is untyped here
  const h = helper as any;
  const A: { toString(radix: number): string } = await new Promise((resolve, reject) =>
    h.getLargeAValue((err: Error | null, value: never) => (err ? reject(err) : resolve(value))),
  );
  const answer = await call(url, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: builtInClientId,
    AuthParameters: { USERNAME: email, SRP_A: A.toString(16) },
  });
  return { helper: h, answer };
}

/** The PASSWORD_VERIFIER responses for `password`, signed over `secretBlock` (default: the one given). */
export async function claim(
  challenge: Awaited<ReturnType<typeof srpChallenge>>,
  password: string,
  secretBlock?: string,
  timestamp = new DateHelper().getNowString(),
) {
  const params = challenge.answer.body.ChallengeParameters;
  const BigInteger = challenge.helper.N.constructor;
  const username: string = params.USER_ID_FOR_SRP;
  const hkdf: Buffer = await new Promise((resolve, reject) =>
    challenge.helper.getPasswordAuthenticationKey(
      username,
      password,
      new BigInteger(params.SRP_B, 16),
      new BigInteger(params.SALT, 16),
      (err: Error | null, key: Buffer) => (err ? reject(err) : resolve(key)),
    ),
  );
  const block = secretBlock ?? params.SECRET_BLOCK;
  const signature = createHmac('sha256', hkdf)
    .update(
      Buffer.concat([
        Buffer.from(poolName),
        Buffer.from(username),
        Buffer.from(block, 'base64'),
        Buffer.from(timestamp),
      ]),
    )
    .digest('base64');
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId: builtInClientId,
    ChallengeResponses: {
      USERNAME: username,
      PASSWORD_CLAIM_SECRET_BLOCK: block,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: signature,
    },
  };
}
