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

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text) });
      res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

afterEach(() => {
  received = [];
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
  it('InitiateAuth: POST / with the target header, no AWS signature', async () => {
    answer = { status: 200, body: { AuthenticationResult: { IdToken: 'id.token.here', ExpiresIn: 3600 } } };
    const idp = await connect();

    const result = await idp.initiateAuth('demo@atende.local', 'Demo#Senha2026');

    expect(result.AuthenticationResult?.IdToken).toBe('id.token.here');
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/');
    expect(request?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(request?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'atende-web',
      AuthParameters: { USERNAME: 'demo@atende.local', PASSWORD: 'Demo#Senha2026' },
    });
  });

  it('reads a NEW_PASSWORD_REQUIRED challenge and answers it', async () => {
    answer = {
      status: 200,
      body: {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: 's-1',
        ChallengeParameters: { USER_ID_FOR_SRP: 'u' },
      },
    };
    const idp = await connect();
    const challenge = await idp.initiateAuth('primeiro.acesso@atende.local', 'Temp#Senha2026');
    expect(challenge).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's-1' });

    answer = { status: 200, body: { AuthenticationResult: { IdToken: 'new.id.token' } } };
    await idp.respondToNewPasswordChallenge('s-1', 'u', 'Nova#Senha2026');
    expect(received[1]?.headers['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
    );
    expect(received[1]?.body).toEqual({
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
    await expect(idp.initiateAuth('a@b.c', 'x')).rejects.toMatchObject({
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
    await expect(idp.initiateAuth('a@b.c', 'x')).rejects.toMatchObject({ name: type });
    expect(received).toHaveLength(3);
  });
});
