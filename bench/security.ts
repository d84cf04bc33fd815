// The attacks of the security suite (apps/api/src/security/), measured: how many reset-code
// guesses get compared, how many concurrent wrong passwords get verified, the ForgotPassword
// timing gap between known and unknown e-mails, how long trickling connections are held, and
// another tenant's API latency under an identity-provider flood. Prints figures; asserts nothing.
// PGlite in memory.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { resetCodes } from '../apps/api/src/db/schema/index.ts';
import { builtInClientId } from '../apps/api/src/modules/identity/idp-config.ts';
import {
  createTestUser,
  freshDatabase,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../apps/api/src/test/helpers.ts';
import { raisedRateLimits } from './lib.ts';

const database = await freshDatabase();
const server = await startTestServer({
  database,
  env: {
    TRUST_PROXY: '127.0.0.1',
    SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '100',
    RESET_LIMIT_PER_ADDRESS_PER_HOUR: '30',
    ...raisedRateLimits,
  },
});

let seq = 0;
const newAddress = () => {
  seq++;
  return `198.18.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
};

async function idp(target: TestServer, operation: string, body: object, address = newAddress()) {
  const started = performance.now();
  const res = await fetch(target.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ ClientId: builtInClientId, ...body }),
  });
  const parsed = (await res.json()) as { __type?: string };
  return { type: parsed.__type ?? String(res.status), ms: performance.now() - started };
}

const tally = (types: string[]) => {
  const counts = new Map<string, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${t} ${n}`).join(', ');
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

// 1. 1,000 concurrent wrong reset codes for one account, from 1,000 addresses.
{
  const { email, user } = await createTestUser(database);
  await idp(server, 'ForgotPassword', { Username: email });
  await sleep(500);
  const answers = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      idp(server, 'ConfirmForgotPassword', {
        Username: email,
        ConfirmationCode: String(i).padStart(6, '0'),
        Password: 'Cavalo-Bateria-Grampo-42',
      }),
    ),
  );
  const [code] = await database.db.select().from(resetCodes).where(eq(resetCodes.userId, user.id));
  console.log(`reset-code guesses, 1,000 concurrent: ${tally(answers.map((a) => a.type))}`);
  console.log(`  compared: ${code?.attempts} (each comparison claims an attempt first; before: all 1,000)`);
}

// 2. 200 concurrent wrong passwords for one account from one address.
{
  const { email } = await createTestUser(database);
  const address = newAddress();
  const answers = await Promise.all(
    Array.from({ length: 200 }, () =>
      idp(
        server,
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Errada#Senha-99' } },
        address,
      ),
    ),
  );
  console.log(`wrong passwords, 200 concurrent: ${tally(answers.map((a) => a.type))} (before: 200 verified)`);
}

// 3. ForgotPassword for 30 known and 30 unknown e-mails.
{
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 30; i++) {
    const { email } = await createTestUser(database);
    known.push((await idp(server, 'ForgotPassword', { Username: email })).ms);
    unknown.push((await idp(server, 'ForgotPassword', { Username: email.replace('u-', 'u-z') })).ms);
  }
  const gap = percentile(known, 50) - percentile(unknown, 50);
  console.log(
    `ForgotPassword median: known ${percentile(known, 50).toFixed(1)} ms, unknown ${percentile(unknown, 50).toFixed(1)} ms, gap ${gap.toFixed(1)} ms (before: 28 vs 3.4 ms)`,
  );
}

// 4. 2,000 connections that trickle their headers (headers timeout 10 s, checked every second).
{
  const { port } = new URL(server.url);
  const started = performance.now();
  let open = 0;
  let closedAfter = 0;
  const sockets = Array.from({ length: 2000 }, () => {
    const socket = net.connect(Number(port), '127.0.0.1');
    open++;
    socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'));
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 1000);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      open--;
      if (open === 0) closedAfter = performance.now() - started;
    });
    return socket;
  });
  while (open > 0 && performance.now() - started < 30_000) await sleep(200);
  for (const socket of sockets) socket.destroy();
  console.log(
    `2,000 trickling connections: all closed by the server after ${(closedAfter / 1000).toFixed(1)} s (before: held 56 s)`,
  );
}

// 5. Another tenant's API latency while 400 sign-ins from 400 addresses must each be hashed.
{
  const other = await createTestUser(database);
  const api = await signedInClient(server, other);
  let flooding = true;
  const flood = (async () => {
    await Promise.all(
      Array.from({ length: 100 }, async (_, c) => {
        for (let i = 0; i < 4; i++) {
          await idp(server, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: `f${c}-${i}@desconhecido.local`, PASSWORD: 'Qualquer#1' },
          });
        }
      }),
    );
    flooding = false;
  })();
  const times: number[] = [];
  while (flooding) {
    const started = performance.now();
    await api('GET', '/customers');
    times.push(performance.now() - started);
  }
  await flood;
  console.log(
    `API under an identity flood: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms over ${times.length} calls (before: 13 ms → 1.1 s)`,
  );
}

await server.close();
await database.close();
