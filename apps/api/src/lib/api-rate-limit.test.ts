import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/client.ts';
import {
  type ApiCall,
  createTestTenant,
  createTestUser,
  freshDatabase,
  json,
  signedInClient,
  signInIdToken,
  startTestServer,
  type TestServer,
  testDatabase,
} from '../test/helpers.ts';
import { repoRoot, testVapidKeys } from '../test/processes.ts';
import { windowMs } from './api-rate-limit.ts';

// Low limits: 30 calls a minute per user, 45 per tenant, shared every 100 ms.
const env = {
  API_RATE_LIMIT_PER_USER_PER_MINUTE: '30',
  API_RATE_LIMIT_PER_TENANT_PER_MINUTE: '45',
  API_RATE_LIMIT_SYNC_MS: '100',
};

/** The windows are whole minutes: a test that needs `ms` of one waits for the next when short. */
async function windowWithAtLeast(ms: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** n calls one after the other; the statuses. */
async function calls(api: ApiCall, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await api('GET', '/tenants/current')).status);
  return statuses;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

const get = (baseUrl: string, token: string, path = '/tenants/current') =>
  fetch(`${baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('the /api/v1 rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env });
  });
  afterAll(() => server.close());

  it('answers the 31st call of a minute with 429, Retry-After and a pt-BR detail; another user is not limited', async () => {
    await windowWithAtLeast(15_000);
    const tenant = await createTestTenant(server.database);
    const firstUser = await createTestUser(server.database, { tenant });
    const first = await signedInClient(server, firstUser);
    const firstToken = await signInIdToken(server.url, firstUser);
    const second = await signedInClient(server, await createTestUser(server.database, { tenant }));

    expect(await calls(first, 30)).toEqual(Array(30).fill(200));
    const res = await get(server.url, firstToken);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    const left = Math.ceil((windowMs - (Date.now() % windowMs)) / 1000);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - left)).toBeLessThanOrEqual(1);
    const body = await json(res);
    expect(body).toMatchObject({ code: 'rate_limited' });
    expect(body.detail).toBe(
      `Muitas requisições em pouco tempo. Tente novamente em ${retryAfter === 1 ? '1 segundo' : `${retryAfter} segundos`}.`,
    );
    expect(body.request_id).toBe(res.headers.get('x-request-id'));

    // Still refused (refusals are not counted, but neither do they reset anything).
    expect((await first('GET', '/tickets')).status).toBe(429);
    // The tenant used 30 of its 45: a colleague goes on working.
    expect(await calls(second, 5)).toEqual(Array(5).fill(200));
  });

  it('stops every user of a tenant at the tenant limit, and no other tenant', async () => {
    await windowWithAtLeast(15_000);
    const tenant = await createTestTenant(server.database);
    const users = await Promise.all(
      [1, 2, 3].map(async () => signedInClient(server, await createTestUser(server.database, { tenant }))),
    );
    const [u1, u2, u3] = users as [ApiCall, ApiCall, ApiCall];
    const other = await signedInClient(server, await createTestUser(server.database));

    expect(count(await calls(u1, 25), 200)).toBe(25);
    const second = await calls(u2, 25);
    expect(count(second, 200)).toBe(20); // 25 + 20 = 45, the tenant's limit
    expect(count(second, 429)).toBe(5);
    const refused = await u3('GET', '/customers');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(
      /^Sua organização fez muitas requisições em pouco tempo\. Tente novamente em \d+ segundos?\.$/,
    );
    // Another tenant is not affected.
    expect(await calls(other, 10)).toEqual(Array(10).fill(200));
  });

  it('lets 100 parallel calls through at the default limits (the UI’s bulk actions)', async () => {
    await windowWithAtLeast(15_000);
    const defaults = await startTestServer();
    try {
      const api = await signedInClient(defaults, await createTestUser(defaults.database));
      const results = await Promise.all(Array.from({ length: 100 }, () => api('GET', '/tickets')));
      expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
      expect(defaults.config.API_RATE_LIMIT_PER_USER_PER_MINUTE).toBe(600);
      expect(defaults.config.API_RATE_LIMIT_PER_TENANT_PER_MINUTE).toBe(6000);
    } finally {
      await defaults.close();
    }
  });

  it('holds one limit over two app instances on one database', async () => {
    await windowWithAtLeast(20_000);
    const database = await testDatabase();
    const a = await startTestServer({ database, env });
    const b = await startTestServer({ database, env });
    try {
      const user = await createTestUser(database);
      const viaA = await signedInClient(a, user);
      const viaB = await signedInClient(b, user);

      expect(await calls(viaA, 20)).toEqual(Array(20).fill(200));
      await sleep(400); // > API_RATE_LIMIT_SYNC_MS: A has shared its 20
      const statuses = await calls(viaB, 20);
      expect(count(statuses, 200)).toBe(10);
      expect(count(statuses, 429)).toBe(10);
      await sleep(400); // B has shared its 10: A knows the user is at 30 as well
      expect((await viaA('GET', '/tenants/current')).status).toBe(429);

      // 60 parallel calls, 30 on each: a process admits on its own total until it has spent half
      // of what was left, then waits for a flush. Measured: 32–39 admitted (54–56 without the
      // wait); the bound allows half the limit of slack.
      const other = await createTestUser(database);
      const [burstA, burstB] = [await signedInClient(a, other), await signedInClient(b, other)];
      const burst = await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 2 ? burstA : burstB)('GET', '/tenants/current')),
      );
      const admitted = count(
        burst.map((r) => r.status),
        200,
      );
      expect(admitted).toBeGreaterThanOrEqual(30);
      expect(admitted).toBeLessThanOrEqual(45);
      await sleep(400);
      expect((await burstA('GET', '/tenants/current')).status).toBe(429);
      expect((await burstB('GET', '/tenants/current')).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps answering while the database cannot take the counts (counting in memory)', async () => {
    await windowWithAtLeast(15_000);
    const database = await freshDatabase();
    const lonely = await startTestServer({ database, env });
    try {
      const api = await signedInClient(lonely, await createTestUser(database));
      expect(await calls(api, 5)).toEqual(Array(5).fill(200));
      // The flush fails (the table is gone); requests go on and the limit still holds here.
      await database.db.execute(sql`alter table api_request_counts rename to api_request_counts_gone`);
      await sleep(300);
      const statuses = await calls(api, 30);
      expect(count(statuses, 200)).toBe(25);
      expect(count(statuses, 429)).toBe(5);
    } finally {
      await lonely.close();
      await database.close();
    }
  });
});

// A real deployment: two server processes on one PostgreSQL database (PGlite serves one process).
describe.skipIf(process.env.TEST_DB !== 'postgres')('two server processes on one PostgreSQL database', () => {
  const running: ChildProcess[] = [];
  const name = `atende_test_${randomUUID().replaceAll('-', '')}`;
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  function start(databaseUrl: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        SECRET_KEY: 'a1'.repeat(32),
        ...testVapidKeys,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atende-rl-')),
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_PASSWORD: 'Demo#Senha2026',
        ...env,
      },
    });
    running.push(child);
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    return (async () => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const match = /Atende is up in [\d.]+s: (\S+)/.exec(output);
        if (match?.[1]) return match[1];
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        await sleep(100);
      }
      throw new Error(`server did not start: ${output}`);
    })();
  }

  it('enforce one limit', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await createDb({ databaseUrl: url.toString() });
    try {
      await database.migrate();
      const user = await createTestUser(database);
      const first = await start(url.toString()); // one at a time: the first creates the signing keys
      const second = await start(url.toString());
      await windowWithAtLeast(15_000);
      const [tokenA, tokenB] = [await signInIdToken(first, user), await signInIdToken(second, user)];
      const statusesA: number[] = [];
      for (let i = 0; i < 20; i++) statusesA.push((await get(first, tokenA)).status);
      expect(statusesA).toEqual(Array(20).fill(200));
      await sleep(400);
      const statusesB: number[] = [];
      for (let i = 0; i < 20; i++) statusesB.push((await get(second, tokenB)).status);
      expect(count(statusesB, 200)).toBe(10);
      const refused = await get(second, tokenB);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
