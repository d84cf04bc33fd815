/**
 * The real AWS SDK against a local HTTP server: pins down what our identity provider must accept
 * and answer (Cognito's JSON protocol), and that the SDK asks for no AWS credentials.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-server.ts';
import { connectCognito } from './cognito-client.ts';

interface Received {
  method?: string;
  url?: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

let server: http.Server;
let endpoint: string;
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
/** Answers for the next requests, in order; then `answer`. */
let queued: Array<{ status: number; body: unknown }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text) });
      const next = queued.shift() ?? answer;
      res.writeHead(next.status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(next.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

afterEach(() => {
  received = [];
  queued = [];
  vi.unstubAllGlobals();
});

async function connect() {
  // Only /config.json goes through the stubbed fetch; the SDK talks to the server above.
  vi.stubGlobal('fetch', async () =>
    json({ idp: { endpoint, region: 'sa-east-1', userPoolId: 'sa-east-1_atende', clientId: 'atende-web' } }),
  );
  return connectCognito();
}

describe('Cognito JSON protocol, as the web app speaks it', () => {
  /** A PASSWORD_VERIFIER challenge as the built-in provider answers USER_SRP_AUTH. */
  const verifierChallenge = {
    status: 200,
    body: {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: '9f1c2b3a4d5e6f708192a3b4c5d6e7f8',
        SRP_B: '834396229144bc8f3fc8ad67841392f30de4035ad53013e711e16094164c9c1a',
        SECRET_BLOCK: 'c2VsbGVkIGJsb2Nr',
        USER_ID_FOR_SRP: 'demo@atende.local',
        USERNAME: 'demo@atende.local',
      },
    },
  };
  const refused = {
    status: 400,
    body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
  };

  it('signs in with SRP: InitiateAuth USER_SRP_AUTH, then the PASSWORD_VERIFIER claim; no password sent', async () => {
    queued = [verifierChallenge];
    answer = { status: 200, body: { AuthenticationResult: { IdToken: 'id.token.here', ExpiresIn: 3600 } } };
    const idp = await connect();

    const result = await idp.signIn('Demo@Atende.local', 'Demo#Senha2026');

    expect(result.AuthenticationResult?.IdToken).toBe('id.token.here');
    expect(received).toHaveLength(2);
    const [initiate, respond] = received;
    expect(initiate?.method).toBe('POST');
    expect(initiate?.url).toBe('/');
    expect(initiate?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(initiate?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(initiate?.headers.authorization).toBeUndefined();
    expect(initiate?.body).toEqual({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'atende-web',
      AuthParameters: { USERNAME: 'Demo@Atende.local', SRP_A: expect.stringMatching(/^[0-9a-f]{700,768}$/) },
    });
    expect(respond?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.RespondToAuthChallenge');
    expect(respond?.body).toEqual({
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: 'atende-web',
      ChallengeResponses: {
        // The user as the challenge named it: x is derived from USER_ID_FOR_SRP.
        USERNAME: 'demo@atende.local',
        PASSWORD_CLAIM_SECRET_BLOCK: 'c2VsbGVkIGJsb2Nr',
        TIMESTAMP: expect.stringMatching(/^[A-Z][a-z]{2} [A-Z][a-z]{2} [1-9]\d? \d\d:\d\d:\d\d UTC \d{4}$/),
        PASSWORD_CLAIM_SIGNATURE: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      },
    });
    expect(JSON.stringify(received.map((r) => r.body))).not.toContain('Demo#Senha2026');
  });

  it('after a refused claim, tries USER_PASSWORD_AUTH once, naming the refused claim', async () => {
    queued = [verifierChallenge, refused];
    answer = { status: 200, body: { AuthenticationResult: { IdToken: 'id.token.here' } } };
    const idp = await connect();

    const result = await idp.signIn('demo@atende.local', 'Demo#Senha2026');

    expect(result.AuthenticationResult?.IdToken).toBe('id.token.here');
    expect(received).toHaveLength(3);
    expect(received[2]?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(received[2]?.body).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'atende-web',
      AuthParameters: { USERNAME: 'demo@atende.local', PASSWORD: 'Demo#Senha2026' },
      ClientMetadata: { atende_srp_fallback: 'c2VsbGVkIGJsb2Nr' },
    });
  });

  it('a wrong password: the fallback is refused too, and nothing more is tried', async () => {
    queued = [verifierChallenge, refused];
    answer = refused;
    const idp = await connect();
    await expect(idp.signIn('demo@atende.local', 'errada')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(received).toHaveLength(3);
  });

  it.each([
    ['NotAuthorizedException', refused],
    [
      'InvalidParameterException',
      {
        status: 400,
        body: {
          __type: 'InvalidParameterException',
          message: 'USER_SRP_AUTH flow not enabled for this client',
        },
      },
    ],
  ])(
    'a pool that refuses SRP at InitiateAuth (%s): USER_PASSWORD_AUTH without a claim to name',
    async (_name, refusal) => {
      queued = [refusal];
      answer = { status: 200, body: { AuthenticationResult: { IdToken: 'id.token.here' } } };
      const idp = await connect();
      await idp.signIn('demo@atende.local', 'Demo#Senha2026');
      expect(received.map((r) => (r.body as { AuthFlow?: string }).AuthFlow)).toEqual([
        'USER_SRP_AUTH',
        'USER_PASSWORD_AUTH',
      ]);
      expect(received[1]?.body).not.toHaveProperty('ClientMetadata');
    },
  );

  it('a pool that refuses SRP, and a wrong password: one fallback, refused, nothing more', async () => {
    queued = [refused];
    answer = refused;
    const idp = await connect();
    await expect(idp.signIn('demo@atende.local', 'errada')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(received).toHaveLength(2);
  });

  it('no fallback after another error (throttling is not a wrong password)', async () => {
    queued = [verifierChallenge];
    answer = { status: 400, body: { __type: 'InvalidParameterException', message: 'x' } };
    const idp = await connect();
    await expect(idp.signIn('demo@atende.local', 'Demo#Senha2026')).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(received).toHaveLength(2);
  });

  it('reads a NEW_PASSWORD_REQUIRED challenge after the claim and answers it', async () => {
    queued = [
      verifierChallenge,
      {
        status: 200,
        body: {
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: 's-1',
          ChallengeParameters: { USER_ID_FOR_SRP: 'u' },
        },
      },
    ];
    const idp = await connect();
    const challenge = await idp.signIn('primeiro.acesso@atende.local', 'Temp#Senha2026');
    expect(challenge).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's-1' });

    answer = { status: 200, body: { AuthenticationResult: { IdToken: 'new.id.token' } } };
    await idp.respondToNewPasswordChallenge('s-1', 'u', 'Nova#Senha2026');
    expect(received[2]?.headers['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
    );
    expect(received[2]?.body).toEqual({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: 'atende-web',
      Session: 's-1',
      ChallengeResponses: { USERNAME: 'u', NEW_PASSWORD: 'Nova#Senha2026' },
    });
  });

  it('ForgotPassword and ConfirmForgotPassword', async () => {
    answer = { status: 200, body: {} };
    const idp = await connect();
    await idp.forgotPassword('recupera@atende.local');
    await idp.confirmForgotPassword('recupera@atende.local', '123456', 'Nova#Senha2026');
    expect(received.map((r) => r.headers['x-amz-target'])).toEqual([
      'AWSCognitoIdentityProviderService.ForgotPassword',
      'AWSCognitoIdentityProviderService.ConfirmForgotPassword',
    ]);
    expect(received[0]?.body).toEqual({ ClientId: 'atende-web', Username: 'recupera@atende.local' });
    expect(received[1]?.body).toEqual({
      ClientId: 'atende-web',
      Username: 'recupera@atende.local',
      ConfirmationCode: '123456',
      Password: 'Nova#Senha2026',
    });
  });

  it.each([
    'NotAuthorizedException',
    'InvalidPasswordException',
    'CodeMismatchException',
    'ExpiredCodeException',
    'TooManyFailedAttemptsException',
    'InvalidParameterException',
    'UserNotFoundException',
  ])('raises %s, named after the answer’s __type', async (type) => {
    answer = { status: 400, body: { __type: type, message: 'Some English message.' } };
    const idp = await connect();
    await expect(idp.forgotPassword('a@b.c')).rejects.toMatchObject({
      name: type,
      message: 'Some English message.',
    });
    expect(received).toHaveLength(1); // client errors are not retried
  });

  // The SDK counts both as throttling: the provider sees up to 3 requests for one submit.
  it.each([
    [429, 'TooManyRequestsException'],
    [400, 'LimitExceededException'],
  ])('retries a %i %s, 3 attempts in all', async (status, type) => {
    answer = { status, body: { __type: type, message: 'Slow down.' } };
    const idp = await connect();
    await expect(idp.signIn('a@b.c', 'x')).rejects.toMatchObject({ name: type });
    expect(received).toHaveLength(3); // and no fallback: throttling is not a refused claim
  });
});
