import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { eq, sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srpClaims, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import {
  createTestUser,
  freshDatabase,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../../test/helpers.ts';
import { outboxReader } from '../../test/outbox.ts';
import { call, claim, srpChallenge } from '../../test/srp-client.ts';
import { builtInClientId, builtInPoolId } from './idp-config.ts';
import { srpFallbackMetadataKey } from './idp-provider.ts';
import { openSecretBlock, sealSecretBlock, secretBlockKey } from './srp.ts';

// USER_SRP_AUTH against the built-in provider, with the public clients on their defaults
// (amazon-cognito-identity-js's authenticateUser, Amplify v6's signIn) and with the protocol
// spoken by hand (replay, expiry, another process, the web's fallback, the shared throttle).

const secretKey = 'c3'.repeat(32);

/** amazon-cognito-identity-js's sign-in (USER_SRP_AUTH), as a promise. */
function cognitoSignIn(endpoint: string, email: string, password: string) {
  const pool = new CognitoUserPool({ UserPoolId: builtInPoolId, ClientId: builtInClientId, endpoint });
  const user = new CognitoUser({ Username: email, Pool: pool });
  return new Promise<
    { kind: 'session'; session: CognitoUserSession } | { kind: 'newPassword'; user: CognitoUser }
  >((resolve, reject) => {
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ kind: 'session', session }),
      onFailure: reject,
      newPasswordRequired: () => resolve({ kind: 'newPassword', user }),
    });
  });
}

function completeNewPassword(user: CognitoUser, password: string) {
  return new Promise<CognitoUserSession>((resolve, reject) =>
    user.completeNewPasswordChallenge(password, {}, { onSuccess: resolve, onFailure: reject }),
  );
}

async function srpSignIn(url: string, email: string, password: string, headers: Record<string, string> = {}) {
  const challenge = await srpChallenge(url, email);
  const responses = await claim(challenge, password);
  const answer = await call(url, 'RespondToAuthChallenge', responses, headers);
  return { answer, challenge };
}

const passwordSignIn = (
  url: string,
  email: string,
  password: string,
  metadata?: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  call(
    url,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: builtInClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
      ...(metadata ? { ClientMetadata: metadata } : {}),
    },
    headers,
  );

describe('USER_SRP_AUTH on the built-in provider', () => {
  let server: TestServer;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    server = await startTestServer({ env: { SECRET_KEY: secretKey, TRUST_PROXY: 'loopback' } });
    jwks = createRemoteJWKSet(new URL(`${server.url}/idp/${builtInPoolId}/.well-known/jwks.json`));
  });
  afterAll(() => server.close());

  const verifyIdToken = (token: string) =>
    jwtVerify(token, jwks, { issuer: `${server.config.PUBLIC_URL}/idp/${builtInPoolId}` });

  it("amazon-cognito-identity-js's authenticateUser (SRP by default) signs in; the password never travels", async () => {
    const { email, password, user } = await createTestUser(server.database);
    const result = await cognitoSignIn(server.url, email.toUpperCase(), password);
    expect(result.kind).toBe('session');
    if (result.kind !== 'session') return;
    const { payload } = await verifyIdToken(result.session.getIdToken().getJwtToken());
    expect(payload).toMatchObject({ sub: user.id, email, token_use: 'id' });
    expect(result.session.getRefreshToken().getToken()).toBeTruthy();
  });

  it('amazon-cognito-identity-js: first access answers NEW_PASSWORD_REQUIRED, then SRP works with the new password', async () => {
    const { email, password } = await createTestUser(server.database, { temporary: true });
    const first = await cognitoSignIn(server.url, email, password);
    expect(first.kind).toBe('newPassword');
    if (first.kind !== 'newPassword') return;
    const session = await completeNewPassword(first.user, 'Outra#Senha2026x');
    await verifyIdToken(session.getIdToken().getJwtToken());
    await expect(cognitoSignIn(server.url, email, password)).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    expect((await cognitoSignIn(server.url, email, 'Outra#Senha2026x')).kind).toBe('session');
  });

  it("Amplify v6's signIn (default flow) signs in, and through the first-access challenge", async () => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: builtInPoolId,
          userPoolClientId: builtInClientId,
          userPoolEndpoint: server.url,
        },
      },
    });
    const { email, password } = await createTestUser(server.database);
    expect(await signIn({ username: email, password })).toMatchObject({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    await signOut();

    await expect(signIn({ username: email, password: 'Errada#Senha2026' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    const invited = await createTestUser(server.database, { temporary: true });
    expect(await signIn({ username: invited.email, password: invited.password })).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    expect(await confirmSignIn({ challengeResponse: 'Primeira#Troca2026' })).toMatchObject({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    await signOut();
    expect(await signIn({ username: invited.email, password: 'Primeira#Troca2026' })).toMatchObject({
      isSignedIn: true,
    });
    await signOut();
  });

  it('a wrong password and an unknown name get the same challenge shape and the same refusal', async () => {
    const { email, password } = await createTestUser(server.database);
    const known = await srpSignIn(server.url, email, `${password}x`);
    const unknown = await srpSignIn(server.url, `ninguem-${Date.now()}@teste.atende.local`, password);
    for (const { challenge, answer } of [known, unknown]) {
      expect(challenge.answer.status).toBe(200);
      expect(challenge.answer.body.ChallengeName).toBe('PASSWORD_VERIFIER');
      expect(Object.keys(challenge.answer.body.ChallengeParameters).sort()).toEqual(
        ['SALT', 'SECRET_BLOCK', 'SRP_B', 'USERNAME', 'USER_ID_FOR_SRP'].sort(),
      );
      expect(challenge.answer.body.ChallengeParameters.SALT).toMatch(/^[0-9a-f]{32,34}$/);
      expect(answer).toEqual({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
    }
    // An unknown name's salt is stable, as a real one is (a changing salt would tell).
    const name = unknown.challenge.answer.body.ChallengeParameters.USER_ID_FOR_SRP;
    const third = await srpChallenge(server.url, name);
    expect(third.answer.body.ChallengeParameters.SALT).toBe(
      unknown.challenge.answer.body.ChallengeParameters.SALT,
    );
  });

  it('refuses a replayed SECRET_BLOCK, an expired one, a forged one and a bad SRP_A', async () => {
    const { email, password } = await createTestUser(server.database);
    const challenge = await srpChallenge(server.url, email);
    const responses = await claim(challenge, password);
    expect((await call(server.url, 'RespondToAuthChallenge', responses)).status).toBe(200);
    expect(await call(server.url, 'RespondToAuthChallenge', responses)).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException' },
    });

    // The same challenge resealed with an expiry in the past (the server's key): refused,
    // although correctly signed; a fresh block of the same challenge signs in.
    const fresh = await srpChallenge(server.url, email);
    const key = secretBlockKey(server.app.secretKey.key);
    const opened = openSecretBlock(key, fresh.answer.body.ChallengeParameters.SECRET_BLOCK);
    expect(opened?.username).toBe(email);
    if (!opened) return;
    const expired = sealSecretBlock(key, { ...opened, expiresAt: new Date(Date.now() - 1000) });
    expect(
      await call(server.url, 'RespondToAuthChallenge', await claim(fresh, password, expired)),
    ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    // A block sealed under another key does not open.
    const forged = sealSecretBlock(secretBlockKey(Buffer.alloc(32, 7)), opened);
    expect(
      await call(server.url, 'RespondToAuthChallenge', await claim(fresh, password, forged)),
    ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect((await call(server.url, 'RespondToAuthChallenge', await claim(fresh, password))).status).toBe(200);

    for (const SRP_A of ['0', 'zz', 'F'.repeat(801), 'F'.repeat(768)]) {
      expect(
        await call(server.url, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: builtInClientId,
          AuthParameters: { USERNAME: email, SRP_A },
        }),
      ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
    }
    // A name no e-mail can be, or parameters beyond any client's, are malformed: never echoed back.
    for (const AuthParameters of [
      { USERNAME: `${'a'.repeat(250)}@x.com`, SRP_A: 'a'.repeat(768) },
      { USERNAME: email, SRP_A: 'a'.repeat(9000) },
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`K${i}`, 'v'])),
    ]) {
      const res = await call(server.url, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: builtInClientId,
        AuthParameters,
      });
      expect(res).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
      expect(JSON.stringify(res.body).length).toBeLessThan(1000);
    }
  });

  it('a block is answered on any process of the deployment: it needs only the database and SECRET_KEY', async () => {
    const other = await startTestServer({ database: server.database, env: { SECRET_KEY: secretKey } });
    const stranger = await startTestServer({
      database: server.database,
      env: { SECRET_KEY: 'd4'.repeat(32) },
    });
    try {
      const { email, password } = await createTestUser(server.database);
      const challenge = await srpChallenge(server.url, email);
      const responses = await claim(challenge, password);
      // Another key cannot open it; the same key can, and only once, whichever process asks.
      expect((await call(stranger.url, 'RespondToAuthChallenge', responses)).body.__type).toBe(
        'NotAuthorizedException',
      );
      const answer = await call(other.url, 'RespondToAuthChallenge', responses);
      expect(answer.status).toBe(200);
      await verifyIdToken(answer.body.AuthenticationResult.IdToken);
      expect((await call(server.url, 'RespondToAuthChallenge', responses)).body.__type).toBe(
        'NotAuthorizedException',
      );
    } finally {
      await other.close();
      await stranger.close();
    }
  });

  it('a user whose password predates SRP: refused by SRP, signs in by the fallback as one attempt, then SRP works', async () => {
    const { email, password, user } = await createTestUser(server.database);
    await server.database.db
      .update(users)
      .set({ srpSalt: null, srpVerifier: null })
      .where(eq(users.id, user.id));
    const from = { 'x-forwarded-for': '203.0.113.10' };

    // Five submits of the web (SRP refused + fallback, both wrong) from one address: five tries.
    for (let i = 0; i < 5; i++) {
      const { answer, challenge } = await srpSignIn(server.url, email, `Errada#${i}`, from);
      expect(answer.body.__type).toBe('NotAuthorizedException');
      const marker = { [srpFallbackMetadataKey]: challenge.answer.body.ChallengeParameters.SECRET_BLOCK };
      expect((await passwordSignIn(server.url, email, `Errada#${i}`, marker, from)).body.__type).toBe(
        'NotAuthorizedException',
      );
      // The marker is good once: a second fallback with it counts as a try of its own (the 6th: over).
      if (i === 4) {
        expect((await passwordSignIn(server.url, email, password, marker, from)).body.__type).toBe(
          'TooManyRequestsException',
        );
      }
    }
    // From another address, the right password through the web's pair.
    const elsewhere = { 'x-forwarded-for': '203.0.113.11' };
    const { answer, challenge } = await srpSignIn(server.url, email, password, elsewhere);
    expect(answer.body.__type).toBe('NotAuthorizedException');
    const marker = { [srpFallbackMetadataKey]: challenge.answer.body.ChallengeParameters.SECRET_BLOCK };
    const fallback = await passwordSignIn(server.url, email, password, marker, elsewhere);
    expect(fallback.status).toBe(200);
    await verifyIdToken(fallback.body.AuthenticationResult.IdToken);
    // The password sign-in stored the verifier: SRP alone works from now on.
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.srpVerifier).toMatch(/^[0-9a-f]+$/);
    expect((await srpSignIn(server.url, email, password, elsewhere)).answer.status).toBe(200);
  });

  it('a fallback after a claim that tested a password is never a second guess', async () => {
    const { email, password } = await createTestUser(server.database);
    const from = { 'x-forwarded-for': '203.0.113.20' };
    const { answer, challenge } = await srpSignIn(server.url, email, `${password}x`, from);
    expect(answer.body.__type).toBe('NotAuthorizedException');
    const block = challenge.answer.body.ChallengeParameters.SECRET_BLOCK;
    // The right password behind the marker of a wrong SRP claim: refused all the same.
    expect(
      (await passwordSignIn(server.url, email, password, { [srpFallbackMetadataKey]: block }, from)).body
        .__type,
    ).toBe('NotAuthorizedException');
    const [row] = await server.database.db
      .select()
      .from(srpClaims)
      .where(
        eq(srpClaims.nonce, openSecretBlock(secretBlockKey(server.app.secretKey.key), block)?.nonce ?? ''),
      );
    expect(row).toMatchObject({ tested: true, address: '203.0.113.20' });
    expect(row?.fallbackUsedAt).toBeInstanceOf(Date);
    // Without a marker the right password signs in as usual.
    expect((await passwordSignIn(server.url, email, password, undefined, from)).status).toBe(200);
  });

  it('SRP and password sign-in share the throttle: five tries of either, the sixth refused before any check', async () => {
    const { email, password } = await createTestUser(server.database);
    const from = { 'x-forwarded-for': '203.0.113.30' };
    for (let i = 0; i < 3; i++) {
      expect((await srpSignIn(server.url, email, `Errada#${i}`, from)).answer.body.__type).toBe(
        'NotAuthorizedException',
      );
    }
    for (let i = 0; i < 2; i++) {
      expect((await passwordSignIn(server.url, email, `Errada#${i}`, undefined, from)).body.__type).toBe(
        'NotAuthorizedException',
      );
    }
    const sixth = await srpSignIn(server.url, email, password, from);
    expect(sixth.answer.status).toBe(429);
    expect(sixth.answer.body.__type).toBe('TooManyRequestsException');
    expect((await passwordSignIn(server.url, email, password, undefined, from)).status).toBe(429);
  });

  it('the claims of expired blocks are swept with the security counters, after a margin for clocks', async () => {
    const past = {
      nonce: `old-${Date.now()}`,
      expiresAt: new Date(Date.now() - 11 * 60_000),
      address: '1.2.3.4',
      tested: true,
    };
    const live = { ...past, nonce: `live-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000) };
    // Just expired: a process whose clock is a little behind the database's still takes its
    // block as live, so its claim stays (else that block could be answered a second time there).
    const justExpired = { ...past, nonce: `just-${Date.now()}`, expiresAt: new Date(Date.now() - 1000) };
    // A database of its own: on the shared one another test file's server may hold the jobs' lead.
    const database = await freshDatabase();
    const own = await startTestServer({ database, env: { SECRET_KEY: secretKey } });
    try {
      await database.db.insert(srpClaims).values([past, live, justExpired]);
      expect(await own.app.workers.runNow('security-counter-sweep')).toBe(true);
      const left = await database.db.select({ nonce: srpClaims.nonce }).from(srpClaims);
      expect(left.map((row) => row.nonce)).toContain(live.nonce);
      expect(left.map((row) => row.nonce)).toContain(justExpired.nonce);
      expect(left.map((row) => row.nonce)).not.toContain(past.nonce);
    } finally {
      await own.close();
      await database.close();
    }
  });

  it("a tenant's requests reach no SRP claim, and no verifier of another organisation", async () => {
    const mine = await createTestUser(server.database);
    const theirs = await createTestUser(server.database);
    await server.database.db.insert(srpClaims).values({
      nonce: `rls-${Date.now()}`,
      expiresAt: new Date(Date.now() + 60_000),
      address: '1.2.3.4',
      tested: true,
    });
    const attempt = (statement: ReturnType<typeof sql>) =>
      withTenant(server.database.db, mine.tenant.id, async ({ tx }) => {
        const result = await tx.execute(statement);
        return (result as { rows?: unknown[] }).rows ?? result;
      }).then(
        (rows) => rows,
        (err: Error) => String(err.cause ?? err.message),
      );
    // srp_claims is the identity provider's own: app_user may neither read nor write it.
    expect(await attempt(sql`select nonce from srp_claims`)).toMatch(/permission denied/);
    expect(await attempt(sql`delete from srp_claims`)).toMatch(/permission denied/);
    expect(
      await attempt(
        sql`insert into srp_claims (nonce, expires_at, address, tested) values ('x', now(), 'a', false)`,
      ),
    ).toMatch(/permission denied/);
    // users.srp_*: only this organisation's rows are seen or changed.
    expect(await attempt(sql`select srp_verifier from users where id = ${theirs.user.id}`)).toEqual([]);
    await attempt(sql`update users set srp_verifier = '02', srp_salt = '01' where id = ${theirs.user.id}`);
    const [row] = await server.database.db
      .select({ verifier: users.srpVerifier })
      .from(users)
      .where(eq(users.id, theirs.user.id));
    expect(row?.verifier).not.toBe('02');
    expect(await attempt(sql`select srp_verifier from users where id = ${mine.user.id}`)).toHaveLength(1);
  });

  it('an invited person does the first access over SRP, with the temporary password and with a re-sent one', async () => {
    const nextMail = outboxReader(server.config.DATA_DIR);
    const mailedPassword = async (email: string) => {
      const mail = (await nextMail(email)).replace(/=\r?\n/g, '');
      return /ria: ([A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4})\b/.exec(mail)?.[1] ?? '';
    };
    const admin = await createTestUser(server.database);
    const api = await signedInClient(server, admin);
    const email = `convidada-${Date.now()}@teste.atende.local`;
    const invited = await api('POST', '/users', { email, role: 'agent' });
    expect(invited.status).toBe(201);
    const first = await mailedPassword(email);
    expect((await cognitoSignIn(server.url, email, first)).kind).toBe('newPassword');

    expect((await api('POST', `/users/${invited.body.id}/resend`)).status).toBe(200);
    const second = await mailedPassword(email);
    await expect(cognitoSignIn(server.url, email, first)).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    const challenge = await cognitoSignIn(server.url, email, second);
    expect(challenge.kind).toBe('newPassword');
    if (challenge.kind !== 'newPassword') return;
    await completeNewPassword(challenge.user, 'Convite#Aceito2026');
    expect((await cognitoSignIn(server.url, email, 'Convite#Aceito2026')).kind).toBe('session');
  });

  it("a TIMESTAMP that is not a real date in the clients' format fails the claim, signed or not", async () => {
    const { email, password } = await createTestUser(server.database);
    // Fri 27 Nov 2026 is right; a zero-padded day and a wrong weekday are refused, as Cognito does.
    for (const timestamp of [
      'Fri Nov 27 09:05:03 UTC 2026',
      'Fri Nov 06 09:05:03 UTC 2026',
      'Thu Nov 27 09:05:03 UTC 2026',
    ]) {
      const challenge = await srpChallenge(server.url, email);
      const answer = await call(
        server.url,
        'RespondToAuthChallenge',
        await claim(challenge, password, undefined, timestamp),
      );
      expect(answer.body.__type ?? 'signed in').toBe(
        timestamp.startsWith('Fri Nov 27') ? 'signed in' : 'NotAuthorizedException',
      );
    }
  });
});
