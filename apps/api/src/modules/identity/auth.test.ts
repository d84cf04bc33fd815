import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { exportJWK, generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, json, startTestServer, type TestServer } from '../../test/helpers.ts';
import { builtInClientId, builtInPoolId } from './idp-config.ts';
import { loadSigningKey } from './keys.ts';
import { keysUnavailableDetail, remoteTokenKeys } from './token-keys.ts';

// The API side: which bearer tokens /api/v1 accepts, and how the tenant is decided.
describe('authentication of /api/v1', () => {
  let server: TestServer;
  let issuer: string;
  let a: Awaited<ReturnType<typeof createTestUser>>;
  let b: Awaited<ReturnType<typeof createTestUser>>;
  let tokenA: string;

  async function idTokenOf(user: { email: string; password: string }) {
    const cognito = new CognitoIdentityProviderClient({
      region: 'sa-east-1',
      endpoint: server.url,
      maxAttempts: 1,
    });
    const result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: builtInClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    return result.AuthenticationResult?.IdToken ?? '';
  }

  /** A token signed with the server's own key, with claims of our choosing. */
  async function forge(
    claims: JWTPayload,
    options: { expiresIn?: number; header?: Record<string, unknown> } = {},
  ) {
    const key = await loadSigningKey(server.database.db);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      sub: a.user.id,
      aud: builtInClientId,
      iss: issuer,
      token_use: 'id',
      'custom:tenant_id': a.tenant.id,
      'atende:gen': 0, // the user's token generation (see token-revocation.ts)
      iat: now,
      exp: now + (options.expiresIn ?? 3600),
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, ...options.header })
      .sign(key.privateKey);
  }

  const current = (token?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/tenants/current`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  beforeAll(async () => {
    server = await startTestServer();
    issuer = `${server.config.PUBLIC_URL}/idp/${builtInPoolId}`;
    a = await createTestUser(server.database);
    b = await createTestUser(server.database);
    tokenA = await idTokenOf(a);
  });
  afterAll(() => server.close());

  it("answers the caller's own tenant", async () => {
    const res = await current(tokenA);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      id: a.tenant.id,
      name: a.tenant.name,
      slug: a.tenant.slug,
      role: 'admin',
    });
    const resB = await current(await idTokenOf(b), { 'x-tenant-id': b.tenant.id });
    expect((await json(resB)).id).toBe(b.tenant.id);
  });

  it('refuses a request without a usable bearer token with 401 JSON', async () => {
    for (const res of [
      await current(),
      await current('garbage'),
      await fetch(`${server.url}/api/v1/tenants/current`, { headers: { authorization: `Basic ${tokenA}` } }),
    ]) {
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('refuses alg none, another key, another issuer or audience, an access token, an expired token', async () => {
    const [header, payload] = tokenA.split('.');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const otherKey = await generateKeyPair('RS256');
    const foreignSigned = await new SignJWT({ token_use: 'id', 'custom:tenant_id': a.tenant.id })
      .setProtectedHeader({ alg: 'RS256', kid: (await loadSigningKey(server.database.db)).kid }) // our kid, not our key
      .setSubject(a.user.id)
      .setIssuer(issuer)
      .setAudience(builtInClientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(otherKey.privateKey);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), 'custom:tenant_id': b.tenant.id })).toString('base64url')}.${tokenA.split('.')[2]}`;
    const cases: Record<string, string> = {
      'alg none': `${unsignedHeader}.${payload}.`,
      'another key': foreignSigned,
      'tampered claims': tampered,
      'another issuer': await forge({ iss: 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_outro' }),
      'another audience': await forge({ aud: 'outro-cliente' }),
      'access token': await forge({ token_use: 'access' }),
      expired: await forge({}, { expiresIn: -60 }),
    };
    const details: Record<string, string> = {};
    for (const [name, token] of Object.entries(cases)) {
      const res = await current(token);
      expect(res.status, name).toBe(401);
      const body = await json(res);
      expect(body.code, name).toBe('unauthorized');
      details[name] = body.detail;
    }
    // What the sign-in screen shows when a fresh token is refused: a misconfigured issuer says so.
    expect(details['another issuer']).toContain('emissor ou cliente diferente');
    expect(details['another audience']).toContain('emissor ou cliente diferente');
    expect(details['another key']).toContain('assinatura do token');
  });

  it('answers 403 for a user without a tenant and for an X-Tenant-ID of another tenant', async () => {
    const noTenant = await forge({ 'custom:tenant_id': undefined });
    expect((await current(noTenant)).status).toBe(403);
    expect((await current(await forge({ 'custom:tenant_id': 'not-a-uuid' }))).status).toBe(403);
    const mismatch = await current(tokenA, { 'x-tenant-id': b.tenant.id });
    expect(mismatch.status).toBe(403);
    expect((await json(mismatch)).code).toBe('forbidden');
  });

  it('shows a tenant that the token names but that does not exist as 404, not another tenant', async () => {
    const res = await current(await forge({ 'custom:tenant_id': randomUUID() }));
    expect(res.status).toBe(404);
  });
});

describe('tokens from an external Cognito user pool', () => {
  let jwksServer: http.Server;
  let server: TestServer;
  let issuer: string;
  let sign: (claims: JWTPayload) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'externa-1', alg: 'RS256', use: 'sig' };
    jwksServer = http.createServer((req, res) => {
      if (req.url?.endsWith('/.well-known/jwks.json')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys: [jwk] }));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const port = (jwksServer.address() as { port: number }).port;
    issuer = `http://127.0.0.1:${port}/sa-east-1_Externo`;
    server = await startTestServer({ env: { COGNITO_ISSUER: issuer, COGNITO_CLIENT_ID: 'cliente-externo' } });
    sign = (claims) =>
      new SignJWT({ token_use: 'id', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'externa-1' })
        .setIssuer(issuer)
        .setAudience('cliente-externo')
        .setSubject(typeof claims.sub === 'string' ? claims.sub : randomUUID())
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
  });
  afterAll(async () => {
    await server.close();
    jwksServer.close();
  });

  it("accepts the external pool's ID tokens and refuses the built-in provider's", async () => {
    const { tenant } = await createTestUser(server.database);
    const ok = await fetch(`${server.url}/api/v1/tenants/current`, {
      headers: {
        authorization: `Bearer ${await sign({ 'custom:tenant_id': tenant.id, email: 'ext@x.com' })}`,
      },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).slug).toBe(tenant.slug);

    const key = await loadSigningKey(server.database.db);
    const builtIn = await new SignJWT({ token_use: 'id', 'custom:tenant_id': tenant.id })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(issuer)
      .setAudience('cliente-externo')
      .setSubject(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key.privateKey);
    const refused = await fetch(`${server.url}/api/v1/tenants/current`, {
      headers: { authorization: `Bearer ${builtIn}` },
    });
    expect(refused.status).toBe(401);
  });

  it('records the first request of each sign-in in the audit log; people are managed in Cognito', async () => {
    const { tenant } = await createTestUser(server.database);
    const sub = randomUUID();
    const authTime = Math.floor(Date.now() / 1000) - 60;
    const token = (signedInAt: number) =>
      sign({
        sub,
        'custom:tenant_id': tenant.id,
        email: 'gestora@externa.com',
        'cognito:groups': ['admin'],
        auth_time: signedInAt,
      });
    const call = async (bearer: string, path: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      });
    const first = await token(authTime);
    expect((await call(first, '/tenants/current')).status).toBe(200);
    expect((await call(first, '/tickets')).status).toBe(200);
    // A refreshed token of the same sign-in: still one record.
    expect((await call(await token(authTime), '/tickets')).status).toBe(200);
    const later = await token(authTime + 30);
    const log = await json(await call(later, '/audit?action=auth.sign_in'));
    expect(log.entries.map((e: { details: { auth_time: number } }) => e.details.auth_time).sort()).toEqual([
      authTime,
      authTime + 30,
    ]);
    expect(log.entries[0]).toMatchObject({ actor_id: sub, actor_email: 'gestora@externa.com' });

    expect((await json(await call(later, '/users'))).managed_externally).toBe(true);
    const invite = await call(later, '/users', {
      method: 'POST',
      body: JSON.stringify({ email: 'nova@externa.com', role: 'agent' }),
    });
    expect(invite.status).toBe(409);
    expect((await json(invite)).detail).toBe(
      'As pessoas desta organização são gerenciadas no Amazon Cognito.',
    );
  });

  it('points the SPA at Cognito and serves no built-in provider', async () => {
    const config = await json(await fetch(`${server.url}/config.json`));
    expect(config.idp).toEqual({
      endpoint: 'https://cognito-idp.sa-east-1.amazonaws.com',
      region: 'sa-east-1',
      userPoolId: 'sa-east-1_Externo',
      clientId: 'cliente-externo',
    });
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        'content-type': 'application/x-amz-json-1.1',
      },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});

describe('signing keys served apart from the issuer, and a key server that fails', () => {
  // What a Cognito emulator (moto, LocalStack) does: AWS's issuer in the token, keys elsewhere.
  const awsIssuer = 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_Emulado';
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let jwk: Record<string, unknown>;
  let keyServer: http.Server;
  let keysUrl: string;
  let keyRequests = 0;

  const sign = (claims: JWTPayload, kid = 'emulada-1', issuer = awsIssuer) =>
    new SignJWT({ token_use: 'id', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience('cliente-emulado')
      .setSubject(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

  async function startKeyServer() {
    keyServer = http.createServer((req, res) => {
      keyRequests++;
      if (req.url === '/emulador/keys.json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys: [jwk] }));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    keysUrl = `http://127.0.0.1:${(keyServer.address() as { port: number }).port}/emulador/keys.json`;
  }
  async function stopKeyServer() {
    keyServer.closeAllConnections();
    await new Promise((resolve) => keyServer.close(resolve));
  }

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'emulada-1', alg: 'RS256', use: 'sig' };
  });

  it('verifies with COGNITO_JWKS_URL, keeps serving from cached keys once the key server is down', async () => {
    await startKeyServer();
    const server = await startTestServer({
      env: { COGNITO_ISSUER: awsIssuer, COGNITO_CLIENT_ID: 'cliente-emulado', COGNITO_JWKS_URL: keysUrl },
    });
    try {
      const { tenant } = await createTestUser(server.database);
      const token = await sign({ 'custom:tenant_id': tenant.id });
      const call = () =>
        fetch(`${server.url}/api/v1/tenants/current`, { headers: { authorization: `Bearer ${token}` } });
      const first = await call();
      expect(first.status).toBe(200);
      expect((await json(first)).id).toBe(tenant.id);
      expect(keyRequests).toBeGreaterThan(0);

      await stopKeyServer();
      const again = await call();
      expect(again.status).toBe(200);
      // Still refuses what it must: a token of another issuer.
      const other = await fetch(`${server.url}/api/v1/tenants/current`, {
        headers: {
          authorization: `Bearer ${await sign({ 'custom:tenant_id': tenant.id }, 'emulada-1', 'https://outro.example/x')}`,
        },
      });
      expect(other.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('falls back to the last keys that worked when a refetch fails', async () => {
    await startKeyServer();
    // Keys stale at once and no pause after a failure: every call asks the key server.
    const keys = remoteTokenKeys(keysUrl, { cacheMaxAge: 0, retryAfterFailureMs: 0, timeoutMs: 500 });
    const verify = async (token: string) =>
      jwtVerify(token, keys, { issuer: awsIssuer, audience: 'cliente-emulado' });
    const token = await sign({ 'custom:tenant_id': randomUUID() });
    await verify(token);
    const fetched = keyRequests;
    await verify(token);
    expect(keyRequests).toBe(fetched + 1); // it did refetch

    await stopKeyServer();
    expect((await verify(token)).payload.sub).toEqual(expect.any(String));
    // A key id it has never seen cannot be checked while the server is down: 503, not 401.
    await expect(verify(await sign({}, 'emulada-2'))).rejects.toMatchObject({
      code: 'unavailable',
      detail: keysUnavailableDetail,
    });
  });

  it('answers 503 with Retry-After when the keys cannot be had at all', async () => {
    const server = await startTestServer({
      env: {
        COGNITO_ISSUER: awsIssuer,
        COGNITO_CLIENT_ID: 'cliente-emulado',
        COGNITO_JWKS_URL: 'http://127.0.0.1:1/emulador/keys.json', // nothing listens
      },
    });
    try {
      const token = await sign({ 'custom:tenant_id': randomUUID() });
      const started = Date.now();
      const res = await fetch(`${server.url}/api/v1/tenants/current`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await json(res)).toMatchObject({ code: 'unavailable', detail: keysUnavailableDetail });
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await server.close();
    }
  });
});
