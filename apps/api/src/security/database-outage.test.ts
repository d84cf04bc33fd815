import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Database } from '../db/client.ts';
import { databaseUnavailableDetail } from '../lib/errors.ts';
import { builtInClientId, builtInPoolId } from '../modules/identity/idp-config.ts';
import {
  createTestUser,
  freshDatabase,
  json,
  passwordSignIn,
  signedInClient,
  signInIdToken,
  startTestServer,
  type TestServer,
} from '../test/helpers.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

/** Runs `call` and says how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await call();
  return [result, Date.now() - started];
}

function expectUnavailable(res: { status: number; body: unknown }, headers?: Headers) {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ code: 'unavailable', detail: databaseUnavailableDetail });
  if (headers) expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
}

describe.runIf(onPostgres)('a PostgreSQL table locked by someone else', () => {
  let database: Database;
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInClient>>;
  let token: string;
  let locker: pg.Client;

  beforeAll(async () => {
    database = await freshDatabase(); // the lock must not stall other test files
    server = await startTestServer({
      database,
    });
    const user = await createTestUser(database);
    api = await signedInClient(server, user);
    token = await signInIdToken(server.url, user);
    expect((await api('GET', '/customers')).status).toBe(200);
    locker = new pg.Client({ connectionString: databaseUrlOf(database) });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end().catch(() => {});
    await server?.close();
    await database?.close();
  });

  it('answers 503 with Retry-After within ~4 s, and /readyz still within 2 s', async () => {
    await locker.query('begin');
    await locker.query('lock table customers in access exclusive mode');
    try {
      const [[res, ready], ms] = await timed(() =>
        Promise.all([
          fetch(`${server.url}/api/v1/customers`, { headers: { authorization: `Bearer ${token}` } }),
          timed(() => fetch(`${server.url}/readyz`)),
        ]),
      );
      expectUnavailable({ status: res.status, body: await json(res) }, res.headers);
      expect(ms).toBeLessThan(4500);
      expect(ready[1]).toBeLessThan(2500);
    } finally {
      await locker.query('rollback');
    }
    expect((await api('GET', '/customers')).status).toBe(200);
  });

  it('answers 503 when a statement runs past statement_timeout', async () => {
    const slow = await freshDatabase({ statementTimeoutMs: 500, lockTimeoutMs: 500, connectTimeoutMs: 1000 });
    const slowServer = await startTestServer({
      database: slow,
      extend: (app) =>
        app.get('/test/sleep', async () => {
          await poolOf(slow).query('select pg_sleep(3)');
          return { slept: true };
        }),
    });
    try {
      const [res, ms] = await timed(() => fetch(`${slowServer.url}/test/sleep`));
      expectUnavailable({ status: res.status, body: await json(res) }, res.headers);
      expect(ms).toBeLessThan(2000);
    } finally {
      await slowServer.close();
      await slow.close();
    }
  });
});

/** The connection string of a PostgreSQL Database (its pool's). */
function databaseUrlOf(database: Database): string {
  return (poolOf(database) as unknown as { options: { connectionString: string } }).options.connectionString;
}

function poolOf(database: Database): pg.Pool {
  return (database.db as unknown as { $client: pg.Pool }).$client;
}

describe('a PostgreSQL server that is down', () => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, every connection is refused at once.
    database = await createDb({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/atende',
      timeouts: { statementTimeoutMs: 1000, lockTimeoutMs: 1000, connectTimeoutMs: 1000 },
    });
    server = await startTestServer({ database });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('answers the API with 503 and Retry-After quickly, never 500', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ token_use: 'id', 'custom:tenant_id': randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: 'qualquer' })
      .setIssuer(`${server.config.PUBLIC_URL}/idp/${builtInPoolId}`)
      .setAudience(builtInClientId)
      .setSubject(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    for (const path of ['/api/v1/customers', '/api/v1/tickets', '/api/v1/tenants/current']) {
      const [res, ms] = await timed(() =>
        fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } }),
      );
      expectUnavailable({ status: res.status, body: await json(res) }, res.headers);
      expect(ms, path).toBeLessThan(2000);
    }
  });

  // The provider answers in Cognito's shape: a transient 503 the SDK retries, quickly, not hanging.
  it("answers the built-in provider's sign-in quickly with 503 in Cognito's error shape", async () => {
    const [res, ms] = await timed(() =>
      passwordSignIn(server.url, { email: 'a@b.com', password: 'Senha#Forte123' }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await json(res)).toMatchObject({ __type: 'InternalErrorException' });
    expect(ms).toBeLessThan(2500);
  });

  it('answers /readyz with 503 quickly', async () => {
    const [res, ms] = await timed(() => fetch(`${server.url}/readyz`));
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ status: 'unavailable' });
    expect(ms).toBeLessThan(2500);
  });
});

describe.runIf(!onPostgres)('PGlite busy with a long transaction', () => {
  let database: Database;
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInClient>>;

  beforeAll(async () => {
    database = await freshDatabase({ statementTimeoutMs: 1000, lockTimeoutMs: 1000, connectTimeoutMs: 1000 });
    server = await startTestServer({ database });
    api = await signedInClient(server, await createTestUser(database));
    expect((await api('GET', '/customers')).status).toBe(200); // the signing key is cached now
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('answers a request that waited past the limit with 503, and /readyz within 2 s', async () => {
    let release = () => {};
    const holding = database.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const [[res, ready], ms] = await timed(() =>
        Promise.all([api('GET', '/customers'), timed(() => fetch(`${server.url}/readyz`))]),
      );
      expectUnavailable(res);
      expect(ms).toBeLessThan(2500);
      expect(ready[0].status).toBe(503);
      expect(ready[1]).toBeLessThan(2500);
    } finally {
      release();
      await holding;
    }
    expect((await api('GET', '/customers')).status).toBe(200);
  });
});

describe.runIf(!onPostgres)('PGlite in a data directory', () => {
  it('syncs every commit to the disk (power loss, not only kill -9), and reads without syncing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-durable-'));
    const fsync = vi.spyOn(fs, 'fsyncSync');
    const database = await createDb({ dataDir });
    try {
      await database.db.execute(sql`create table duravel (x int)`);
      fsync.mockClear();
      for (let i = 0; i < 5; i++) await database.db.execute(sql`insert into duravel values (${i})`);
      expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(5);
      fsync.mockClear();
      await database.db.execute(sql`select count(*) from duravel`);
      expect(fsync).not.toHaveBeenCalled();
    } finally {
      fsync.mockRestore();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
