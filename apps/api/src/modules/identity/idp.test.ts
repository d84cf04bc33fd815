import fs from 'node:fs';
import path from 'node:path';
import {
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  InvalidParameterException,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  ResourceNotFoundException,
  RespondToAuthChallengeCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodes } from '../../db/schema/index.ts';
import { createTestUser, json, startTestServer, type TestServer } from '../../test/helpers.ts';
import { outboxReader } from '../../test/outbox.ts';
import { disableUser } from './identity.repo.ts';
import { builtInClientId, builtInPoolId } from './idp-config.ts';

// Drives the built-in provider with the real AWS SDK, as the web app does.
describe('built-in identity provider (Cognito protocol)', () => {
  let server: TestServer;
  let nextMail: ReturnType<typeof outboxReader>;
  let cognito: CognitoIdentityProviderClient;
  const ClientId = builtInClientId;

  beforeAll(async () => {
    server = await startTestServer();
    nextMail = outboxReader(server.config.DATA_DIR);
    cognito = new CognitoIdentityProviderClient({
      region: 'sa-east-1',
      endpoint: server.url,
      maxAttempts: 1,
    });
  });
  afterAll(() => server.close());

  const signIn = (USERNAME: string, PASSWORD: string) =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME, PASSWORD },
      }),
    );
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (err: Error) => err,
    );

  /** The next reset code mailed to `email` (the outbox, since SMTP_URL is unset; mail is queued). */
  async function mailedCode(email: string) {
    const mail = await nextMail(email);
    expect(mail).toMatch(/^To: /m);
    return /^\s*(\d{6})\s*$/m.exec(mail)?.[1] ?? '';
  }

  it('signs in with USER_PASSWORD_AUTH and issues Cognito-shaped RS256 tokens', async () => {
    const { email, password, user, tenant } = await createTestUser(server.database, { groups: ['admin'] });
    const result = await signIn(email.toUpperCase(), password);
    const tokens = result.AuthenticationResult;
    expect(tokens?.TokenType).toBe('Bearer');
    expect(tokens?.ExpiresIn).toBe(3600);
    expect(tokens?.RefreshToken).toBeTruthy();

    const issuer = `${server.config.PUBLIC_URL}/idp/${builtInPoolId}`;
    const jwks = createRemoteJWKSet(new URL(`${server.url}/idp/${builtInPoolId}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(tokens?.IdToken ?? '', jwks, { issuer, audience: ClientId });
    expect(decodeProtectedHeader(tokens?.IdToken ?? '')).toMatchObject({
      alg: 'RS256',
      kid: expect.any(String),
    });
    expect(payload).toMatchObject({
      sub: user.id,
      token_use: 'id',
      email,
      email_verified: true,
      'cognito:username': email,
      'cognito:groups': ['admin'],
      'custom:tenant_id': tenant.id,
    });
    for (const claim of ['auth_time', 'iat', 'exp', 'jti']) expect(payload[claim]).toBeDefined();
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    const access = await jwtVerify(tokens?.AccessToken ?? '', jwks, { issuer });
    expect(access.payload).toMatchObject({ token_use: 'access', client_id: ClientId, username: email });
  });

  it('answers a wrong password, an unknown user and a disabled user alike', async () => {
    const { email, password } = await createTestUser(server.database);
    const disabled = await createTestUser(server.database);
    await disableUser(server.database.db, server.app.events, disabled.email);
    const errors = await Promise.all([
      rejection(signIn(email, 'Errada#123')),
      rejection(signIn('ninguem@teste.atende.local', password)),
      rejection(signIn(disabled.email, disabled.password)),
    ]);
    for (const err of errors) {
      expect(err).toBeInstanceOf(NotAuthorizedException);
      expect(err?.message).toBe('Incorrect username or password.');
    }
  });

  it('refreshes with REFRESH_TOKEN_AUTH, and a password change revokes the refresh token', async () => {
    const { email, password } = await createTestUser(server.database);
    const first = await signIn(email, password);
    const refreshToken = first.AuthenticationResult?.RefreshToken ?? '';
    const refresh = () =>
      cognito.send(
        new InitiateAuthCommand({
          ClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
    const refreshed = await refresh();
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();

    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId,
        Username: email,
        ConfirmationCode: await mailedCode(email),
        Password: 'Nova#Senha456',
      }),
    );
    const err = await rejection(refresh());
    expect(err).toBeInstanceOf(NotAuthorizedException);
    expect(
      await rejection(
        cognito.send(
          new InitiateAuthCommand({
            ClientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: 'bogus' },
          }),
        ),
      ),
    ).toBeInstanceOf(NotAuthorizedException);
  });

  it('walks a temporary-password user through NEW_PASSWORD_REQUIRED', async () => {
    const { email, password } = await createTestUser(server.database, {
      password: 'Temp#Senha2026',
      temporary: true,
    });
    const challenge = await signIn(email, password);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session).toBeTruthy();
    expect(challenge.AuthenticationResult).toBeUndefined();

    const respond = (NEW_PASSWORD: string, USERNAME = email, Session = challenge.Session) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session,
          ChallengeResponses: { USERNAME, NEW_PASSWORD },
        }),
      );
    expect(await rejection(respond('fraca'))).toBeInstanceOf(InvalidPasswordException);
    expect(await rejection(respond('Nova#Senha456', 'outro@teste.atende.local'))).toBeInstanceOf(
      NotAuthorizedException,
    );
    expect(await rejection(respond('Nova#Senha456', email, 'sessao-falsa'))).toBeInstanceOf(
      NotAuthorizedException,
    );

    const done = await respond('Nova#Senha456');
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
    expect(await rejection(respond('Outra#Senha789'))).toBeInstanceOf(NotAuthorizedException); // session used up

    expect((await signIn(email, 'Nova#Senha456')).AuthenticationResult?.IdToken).toBeTruthy();
    expect(await rejection(signIn(email, password))).toBeInstanceOf(NotAuthorizedException);
  });

  it('resets a forgotten password with the mailed 6-digit code', async () => {
    const { email, password } = await createTestUser(server.database);
    const sent = await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(sent.CodeDeliveryDetails?.Destination).toMatch(/^u\*\*\*@t\*\*\*\./);
    const code = await mailedCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const confirm = (ConfirmationCode: string, Password = 'Nova#Senha456') =>
      cognito.send(
        new ConfirmForgotPasswordCommand({ ClientId, Username: email, ConfirmationCode, Password }),
      );
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await rejection(confirm(wrong))).toBeInstanceOf(CodeMismatchException);
    expect(await rejection(confirm(code, 'semregras'))).toBeInstanceOf(InvalidPasswordException);
    await confirm(code);
    expect(await rejection(confirm(code))).toBeInstanceOf(CodeMismatchException); // used up

    expect((await signIn(email, 'Nova#Senha456')).AuthenticationResult?.IdToken).toBeTruthy();
    expect(await rejection(signIn(email, password))).toBeInstanceOf(NotAuthorizedException);
  });

  it('does not reveal unknown e-mails on recovery and sends them nothing', async () => {
    const email = 'ninguem.mesmo@teste.atende.local';
    const sent = await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    expect(sent.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const outbox = path.join(server.config.DATA_DIR, 'outbox');
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)) : []).toEqual([]);
    const err = await rejection(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId,
          Username: email,
          ConfirmationCode: '123456',
          Password: 'Nova#Senha456',
        }),
      ),
    );
    expect(err).toBeInstanceOf(CodeMismatchException);
  });

  it('limits code attempts, expires codes after an hour, and limits how many are sent', async () => {
    const { email, user } = await createTestUser(server.database);
    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) =>
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId,
          Username: email,
          ConfirmationCode: c,
          Password: 'Nova#Senha456',
        }),
      );
    for (let i = 0; i < 5; i++) expect(await rejection(confirm(wrong))).toBeInstanceOf(CodeMismatchException);
    // The right code after 5 wrong ones: dead. Same answer as any failure (no account is revealed).
    expect(await rejection(confirm(code))).toBeInstanceOf(CodeMismatchException);

    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    const fresh = await mailedCode(email); // the code is issued after the answer: wait for it
    await server.database.db
      .update(resetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resetCodes.userId, user.id));
    expect(await rejection(confirm(fresh))).toBeInstanceOf(CodeMismatchException);
    // A malformed code is refused before any look-up.
    expect(await rejection(confirm('12ab'))).toBeInstanceOf(InvalidParameterException);

    for (let i = 0; i < 3; i++) await cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }));
    expect(
      await rejection(cognito.send(new ForgotPasswordCommand({ ClientId, Username: email }))),
    ).toBeInstanceOf(LimitExceededException);
  });

  it('throttles repeated failed sign-ins of one user, even with the right password', async () => {
    const { email, password } = await createTestUser(server.database);
    for (let i = 0; i < 5; i++)
      expect(await rejection(signIn(email, 'Errada#123'))).toBeInstanceOf(NotAuthorizedException);
    expect(await rejection(signIn(email, password))).toBeInstanceOf(TooManyRequestsException);
  });

  it('answers malformed requests with InvalidParameterException, never a 500', async () => {
    const raw = (target: string, body: string, type = 'application/x-amz-json-1.1') =>
      fetch(server.url, { method: 'POST', headers: { 'x-amz-target': target, 'content-type': type }, body });
    const op = 'AWSCognitoIdentityProviderService.InitiateAuth';
    for (const [target, body, type] of [
      [op, '{"ClientId": '],
      [op, '[]'],
      [op, 'null'],
      [op, JSON.stringify({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH' })],
      [op, JSON.stringify({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: {} })],
      [op, JSON.stringify({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'a' } })],
      [op, JSON.stringify({ ClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 1 } })],
      ['AWSCognitoIdentityProviderService.ForgotPassword', '{}'],
      [
        'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
        JSON.stringify({ ClientId, ChallengeName: 'SMS_MFA' }),
      ],
      [op, '{}', 'application/json'],
    ] as const) {
      const res = await raw(target, body, type);
      expect(res.status, `${target} ${body}`).toBe(400);
      expect((await json(res)).__type).toBe('InvalidParameterException');
    }
    const unknown = await raw('AWSCognitoIdentityProviderService.AdminDeleteUser', '{}');
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toMatchObject({ __type: 'UnknownOperationException' });

    const sdkErr = await rejection(
      cognito.send(
        new InitiateAuthCommand({
          ClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'a@b.c' },
        }),
      ),
    );
    expect(sdkErr).toBeInstanceOf(InvalidParameterException);
    const wrongClient = await rejection(
      cognito.send(new ForgotPasswordCommand({ ClientId: 'outro-cliente', Username: 'a@b.c' })),
    );
    expect(wrongClient).toBeInstanceOf(ResourceNotFoundException);
  });

  it("allows the SDK's headers from another origin (CORS preflight)", async () => {
    const res = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });
});
