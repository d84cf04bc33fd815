import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { resetCodes, securityCounters } from '../db/schema/index.ts';
import { builtInClientId } from '../modules/identity/idp-config.ts';
import { disableUser } from '../modules/identity/users.service.ts';
import { createDomainEvents } from '../reactions.ts';
import {
  createTestUser,
  freshDatabase,
  type Json,
  json,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../test/helpers.ts';

// The attacks a hostile client would try on the identity provider, over real HTTP, each with
// the limit that now stops it. A database of its own: the per-address counters start empty.

let database: Database;
let server: TestServer;
let second: TestServer;
/** The limits as in production, and X-Forwarded-For trusted from 127.0.0.1 so that a test can
 * speak from many addresses. */
const env = {
  TRUST_PROXY: '127.0.0.1',
  SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '100',
  RESET_LIMIT_PER_ADDRESS_PER_HOUR: '30',
  // The flood test polls the API as fast as it answers: not what the /api/v1 limit is about here.
  API_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ database, env });
  // A second server on the same database: what a second process looks like to it.
  second = await startTestServer({ database, env });
});
afterAll(async () => {
  await server?.close();
  await second?.close();
  await database?.close();
});

let addressSeq = 0;
/** A new client address (documentation range 198.18.0.0/15) for each call that wants one. */
const newAddress = () => {
  addressSeq++;
  return `198.18.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

interface IdpAnswer {
  status: number;
  type: string | undefined;
  body: Json;
  retryAfter: string | null;
  ms: number;
}

async function idp(
  operation: string,
  body: Record<string, unknown>,
  options: { address?: string; target?: TestServer } = {},
): Promise<IdpAnswer> {
  const started = performance.now();
  const res = await fetch((options.target ?? server).url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
    body: JSON.stringify({ ClientId: builtInClientId, ...body }),
  });
  const parsed = await json(res);
  return {
    status: res.status,
    type: parsed.__type,
    body: parsed,
    retryAfter: res.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

const signIn = (email: string, password: string, options?: Parameters<typeof idp>[2]) =>
  idp(
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } },
    options,
  );

const countBy = (answers: IdpAnswer[]) =>
  answers.reduce<Record<string, number>>((acc, a) => {
    const key = a.type ?? String(a.status);
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});

async function mailedCode(target: TestServer, email: string) {
  const outbox = path.join(target.config.DATA_DIR, 'outbox');
  let file = '';
  await vi.waitFor(
    () => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)) : [];
      file = files.sort().at(-1) ?? '';
      expect(file).not.toBe('');
    },
    { timeout: 5000, interval: 20 },
  );
  return /^\s*(\d{6})\s*$/m.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1] ?? '';
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

describe('reset codes cannot be brute-forced by concurrency (item 1)', () => {
  it('compares at most 5 of 1,000 concurrent wrong guesses, and the right code is dead afterwards', async () => {
    const { email, user } = await createTestUser(database);
    expect((await idp('ForgotPassword', { Username: email })).status).toBe(200);
    const code = await mailedCode(server, email);
    const guesses = Array.from({ length: 1000 }, (_, i) => {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      // From many addresses and both servers: only the per-name and per-code limits can hold.
      return idp(
        'ConfirmForgotPassword',
        { Username: email, ConfirmationCode: guess, Password: 'Cavalo-Bateria-Grampo-42' },
        { address: newAddress(), target: i % 2 ? second : server },
      );
    });
    const answers = await Promise.all(guesses);
    const tally = countBy(answers);
    console.log('1,000 concurrent wrong reset codes:', tally);
    // 10 got past the per-name limit; each comparison first claims an attempt of the code, and
    // the code has 5: the attempts spent are the comparisons made.
    expect(tally.CodeMismatchException ?? 0).toBeLessThanOrEqual(10);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const [stored] = await database.db.select().from(resetCodes).where(eq(resetCodes.userId, user.id));
    expect(stored?.attempts).toBe(5);

    // Even with every rate limit cleared, the right code is refused: it is dead.
    await database.db.delete(securityCounters);
    const right = await idp('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: 'Cavalo-Bateria-Grampo-42',
    });
    expect(right.type).toBe('CodeMismatchException');
  }, 120_000);

  it('answers an unknown e-mail exactly as a known one whose code is dead', async () => {
    const { email } = await createTestUser(database);
    const stranger = email.replace('u-', 'u-z');
    await idp('ForgotPassword', { Username: email });
    await mailedCode(server, email);
    const confirm = (Username: string, ConfirmationCode: string) =>
      idp('ConfirmForgotPassword', { Username, ConfirmationCode, Password: 'Cavalo-Bateria-Grampo-42' });
    for (let i = 0; i < 7; i++) {
      const known = await confirm(email, '000000');
      const unknown = await confirm(stranger, '000000');
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    }
    const malformed = [await confirm(email, 'x'), await confirm(stranger, 'x')];
    expect(malformed.map((a) => [a.status, a.body])).toEqual([
      [400, malformed[0]?.body],
      [400, malformed[0]?.body],
    ]);
  });

  it('limits confirmations per name and per address', async () => {
    const { email } = await createTestUser(database);
    await idp('ForgotPassword', { Username: email });
    const address = newAddress();
    const answers: IdpAnswer[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        await idp(
          'ConfirmForgotPassword',
          { Username: email, ConfirmationCode: '000000', Password: 'Cavalo-Bateria-Grampo-42' },
          { address },
        ),
      );
    }
    expect(answers.at(-1)?.type).toBe('LimitExceededException');
    expect(Number(answers.at(-1)?.retryAfter)).toBeGreaterThan(0);
  });
});

describe('sign-in limits (items 3, 4, 5, 9, 14)', () => {
  it('verifies at most 5 of 200 concurrent wrong passwords', async () => {
    const { email, password } = await createTestUser(database);
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => signIn(email, 'Errada#Senha-99', { address })),
    );
    const tally = countBy(answers);
    console.log('200 concurrent wrong passwords:', tally);
    expect(tally.NotAuthorizedException ?? 0).toBeLessThanOrEqual(5);
    expect(tally.TooManyRequestsException).toBeGreaterThanOrEqual(195);
    const refused = answers.find((a) => a.type === 'TooManyRequestsException');
    expect(refused?.status).toBe(429);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    // From that address even the right password waits; the owner elsewhere is not locked out.
    expect((await signIn(email, password, { address })).type).toBe('TooManyRequestsException');
    expect((await signIn(email, password, { address: newAddress() })).status).toBe(200);
  });

  it('slows repeated failures down from the third try', async () => {
    const { email } = await createTestUser(database);
    const address = newAddress();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await signIn(email, 'Errada#Senha-99', { address })).ms);
    console.log(
      'wrong-password answer times (ms):',
      times.map((t) => Math.round(t)),
    );
    const [, secondTry = 0, , , fifth = 0] = times;
    expect(fifth).toBeGreaterThan(secondTry + 700); // the 5th waits ~1 s
  });

  it('holds one limit across two server processes on one database', async () => {
    const { email, password } = await createTestUser(database);
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const target = i % 2 ? second : server;
      expect((await signIn(email, 'Errada#Senha-99', { address, target })).type).toBe(
        'NotAuthorizedException',
      );
    }
    expect((await signIn(email, password, { address, target: second })).type).toBe(
      'TooManyRequestsException',
    );
    expect((await signIn(email, password, { address, target: server })).type).toBe(
      'TooManyRequestsException',
    );
  });

  it('caps sign-in calls per address (100 a minute), for known and unknown names', async () => {
    const address = newAddress();
    const answers: IdpAnswer[] = [];
    for (let i = 0; i < 104; i++)
      answers.push(await signIn(`x${i}@desconhecido.local`, 'Qualquer#1', { address }));
    expect(countBy(answers.slice(0, 100))).toEqual({ NotAuthorizedException: 100 });
    expect(countBy(answers.slice(100))).toEqual({ TooManyRequestsException: 4 });
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    const answers: IdpAnswer[] = [];
    for (let i = 0; i < 104; i++) {
      const address = `2001:db8:1:2:${(i * 7919).toString(16)}::${i.toString(16)}`;
      answers.push(await signIn(`v6-${i}@desconhecido.local`, 'Qualquer#1', { address }));
    }
    expect(countBy(answers.slice(100))).toEqual({ TooManyRequestsException: 4 });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const plain = await startTestServer({ database, env: { SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '20' } });
    try {
      const answers: IdpAnswer[] = [];
      for (let i = 0; i < 30; i++) {
        answers.push(
          await signIn(`y${i}@desconhecido.local`, 'Qualquer#1', { address: newAddress(), target: plain }),
        );
      }
      // Every call counts against 127.0.0.1, whatever address the header claims.
      expect(countBy(answers).TooManyRequestsException).toBeGreaterThanOrEqual(10);
    } finally {
      await plain.close();
    }
  });
});

describe('password reset does not reveal accounts or bomb mailboxes (items 6, 7)', () => {
  it('answers known and unknown e-mails in the same time and with the same bodies at every count', async () => {
    const known = await Promise.all(Array.from({ length: 15 }, () => createTestUser(database)));
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < known.length; i++) {
      const user = known[i];
      if (!user) continue;
      knownTimes.push((await idp('ForgotPassword', { Username: user.email }, { address: newAddress() })).ms);
      // The code is issued after the answer: let that work finish so it does not slow the next
      // sample (on PGlite it shares the main thread).
      await mailedCode(server, user.email);
      const unknown = user.email.replace('u-', 'u-z');
      unknownTimes.push((await idp('ForgotPassword', { Username: unknown }, { address: newAddress() })).ms);
    }
    const median = (values: number[]) => percentile(values, 50);
    console.log(
      `ForgotPassword median: known ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms`,
    );
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(5);

    const user = await createTestUser(database);
    const stranger = user.email.replace('u-', 'u-z'); // masked alike: u***@t***.atende.local
    for (let i = 0; i < 7; i++) {
      const a = await idp('ForgotPassword', { Username: user.email }, { address: newAddress() });
      const b = await idp('ForgotPassword', { Username: stranger }, { address: newAddress() });
      expect([b.status, b.body]).toEqual([a.status, a.body]);
      if (i >= 5) expect(a.type).toBe('LimitExceededException');
    }
  });

  it('sends at most 5 codes an hour to one address, however many requests race', async () => {
    const { email } = await createTestUser(database);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => idp('ForgotPassword', { Username: email }, { address: newAddress() })),
    );
    expect(countBy(answers)).toEqual({ 200: 5, LimitExceededException: 45 });
    const outbox = path.join(server.config.DATA_DIR, 'outbox');
    await vi.waitFor(() => expect(fs.readdirSync(outbox).filter((f) => f.includes(email))).toHaveLength(5), {
      timeout: 5000,
      interval: 20,
    });
  });
});

describe('tokens die with their user (item 10)', () => {
  async function apiAs(target: TestServer, token: string) {
    return (
      await fetch(`${target.url}/api/v1/tenants/current`, { headers: { authorization: `Bearer ${token}` } })
    ).status;
  }

  it('refuses a disabled user’s token within 5 s on every process', async () => {
    const { email, password } = await createTestUser(database);
    const token = (await signIn(email, password, { address: newAddress() })).body.AuthenticationResult
      .IdToken;
    expect(await apiAs(server, token)).toBe(200);
    expect(await apiAs(second, token)).toBe(200);
    await disableUser(database.db, createDomainEvents(), email);
    const disabledAt = Date.now();
    await vi.waitFor(
      async () => {
        expect(await apiAs(server, token)).toBe(401);
        expect(await apiAs(second, token)).toBe(401);
      },
      { timeout: 6000, interval: 100 },
    );
    expect(Date.now() - disabledAt).toBeLessThanOrEqual(5500);
  });

  it('refuses tokens issued before a password reset', async () => {
    const { email, password } = await createTestUser(database);
    const token = (await signIn(email, password, { address: newAddress() })).body.AuthenticationResult
      .IdToken;
    expect(await apiAs(server, token)).toBe(200);
    await idp('ForgotPassword', { Username: email }, { address: newAddress() });
    const code = await mailedCode(server, email);
    const newPassword = 'Girassol-Lanterna-Mochila-7';
    const confirmed = await idp('ConfirmForgotPassword', {
      Username: email,
      ConfirmationCode: code,
      Password: newPassword,
    });
    expect(confirmed.status).toBe(200);
    await vi.waitFor(async () => expect(await apiAs(server, token)).toBe(401), {
      timeout: 6000,
      interval: 100,
    });
    const fresh = (await signIn(email, newPassword, { address: newAddress() })).body.AuthenticationResult
      .IdToken;
    expect(await apiAs(second, fresh)).toBe(200);
  });
});

describe('an identity-provider flood does not starve the API (item 9)', () => {
  it('keeps another tenant’s API answering while 400 sign-ins from 400 addresses hash', async () => {
    const other = await createTestUser(database);
    const api = await signedInClient(server, other);
    const quiet: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await api('GET', '/customers');
      quiet.push(performance.now() - started);
    }
    let flooding = true;
    const flood = (async () => {
      const answers: IdpAnswer[] = [];
      const batch = async (n: number) => {
        for (let i = 0; i < n; i++)
          answers.push(
            await signIn(`f${addressSeq}-${i}@desconhecido.local`, 'Qualquer#1', { address: newAddress() }),
          );
      };
      // 100 clients at once, 4 requests each: every one passes the limits and must be hashed.
      await Promise.all(Array.from({ length: 100 }, () => batch(4)));
      flooding = false;
      return answers;
    })();
    const loaded: number[] = [];
    while (flooding) {
      const started = performance.now();
      const res = await api('GET', '/customers');
      expect(res.status).toBe(200);
      loaded.push(performance.now() - started);
    }
    const answers = await flood;
    console.log(
      `API p50/p99 quiet ${percentile(quiet, 50).toFixed(1)}/${percentile(quiet, 99).toFixed(1)} ms; ` +
        `under the flood ${percentile(loaded, 50).toFixed(1)}/${percentile(loaded, 99).toFixed(1)} ms over ${loaded.length} calls; flood answers:`,
      countBy(answers),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(percentile(loaded, 99)).toBeLessThan(500);
  }, 120_000);
});
