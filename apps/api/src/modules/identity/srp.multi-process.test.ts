import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed.ts';
import { type ServerProcess, scratchPostgresDatabase, startServerProcess } from '../../test/processes.ts';
import { call, claim, srpChallenge } from '../../test/srp-client.ts';

// A real deployment: two server processes (the production entry) on one PostgreSQL database and
// one SECRET_KEY. The PASSWORD_VERIFIER challenge is answered by one process and the claim sent
// to the other, as a load balancer may; the block is good once across both. PGlite: skipped.

const demoPassword = 'Demo#Senha2026';

describe.skipIf(process.env.TEST_DB !== 'postgres')('SRP sign-in across two server processes', () => {
  let database: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await scratchPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      DEMO_PASSWORD: demoPassword,
      PUBLIC_URL: 'http://atende.test',
      WORKER_THREADS: '1',
    };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  it('a challenge from one process is answered on the other, once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const challenge = await srpChallenge(a.url, demoEmail);
    expect(challenge.answer.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    const responses = await claim(challenge, demoPassword);

    const answer = await call(b.url, 'RespondToAuthChallenge', responses);
    expect(answer.status).toBe(200);
    expect(answer.body.AuthenticationResult.IdToken).toBeTruthy();
    // Replayed on either process: refused.
    for (const server of [a, b]) {
      expect(await call(server.url, 'RespondToAuthChallenge', responses)).toMatchObject({
        status: 400,
        body: { __type: 'NotAuthorizedException' },
      });
    }
    // A wrong password's claim on the other process: refused as well.
    const wrong = await srpChallenge(b.url, demoEmail);
    expect(
      (await call(a.url, 'RespondToAuthChallenge', await claim(wrong, `${demoPassword}x`))).body.__type,
    ).toBe('NotAuthorizedException');
  });
});
