// One signed-in user against the shared process (issue 26): for each attack, the server's memory
// (RSS of this process, which runs the server) and a bystander tenant's API latency while it runs.
// Prints figures; asserts nothing. PGlite in memory (TEST_DATABASE_URL, as for the tests: a PostgreSQL
// instead).
//   1. DigiSac answer amplification: the tenant's "DigiSac" answers 5 MB of `[{},{},…]`.
//   2. Stalled exports: the user opens 10 CSV exports of long tickets and never reads them.
//   3. Live streams: the user opens streams until the process's connection cap.
//   4. DNS that never answers: saves of a host whose name server is silent (DNS_SERVERS), while
//      the process looks up another name (dns.lookup runs on libuv's thread pool).
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { tickets } from '../apps/api/src/db/schema/index.ts';
import {
  createTestUser,
  freshDatabase,
  signedInClient,
  signInIdToken,
  startTestServer,
} from '../apps/api/src/test/helpers.ts';
import { raisedRateLimits } from './lib.ts';

const maxConnections = 300;
const database = await freshDatabase();

// 4's silent name server: reads queries, never answers.
// On port 53 when it can be had, so that a resolv.conf naming 127.0.0.1 (the code before the fix
// used the system's resolver: see the closing note of issue 26) reaches it too.
const bindSilent = (bindPort: number) =>
  new Promise<dgram.Socket>((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.on('message', () => {});
    socket.once('error', reject);
    socket.bind(bindPort, '127.0.0.1', () => resolve(socket));
  });
const silentDns = await bindSilent(53).catch(() => bindSilent(0));

const server = await startTestServer({
  database,
  env: {
    ...raisedRateLimits,
    DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
    HTTP_MAX_CONNECTIONS: String(maxConnections),
    EXPORT_IDLE_TIMEOUT_MS: '5000',
  },
});
const { port } = new URL(server.url);

const bystander = await createTestUser(database);
const bystanderApi = await signedInClient(server, bystander);
const bystanderToken = await signInIdToken(server.url, bystander);
const attacker = await createTestUser(database);
const attackerToken = await signInIdToken(server.url, attacker);
const attackerApi = await signedInClient(server, attacker);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** GET on a connection of its own: what a new client of any tenant gets (status, or the error). */
function freshGet(path: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent: false, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/**
 * Runs `attack` while the bystander lists its customers in a loop and RSS is sampled; prints the
 * bystander's latencies, its failures and the RSS peak above the start.
 */
async function underAttack(
  label: string,
  attack: () => Promise<string>,
  bystanderCall?: () => Promise<string>,
) {
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  let running = true;
  const times: number[] = [];
  const outcomes = new Map<string, number>();
  const call =
    bystanderCall ??
    (async () =>
      String(
        (await bystanderApi('GET', '/customers?per_page=20').catch(() => ({ status: 'error' }))).status,
      ));
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const outcome = await call();
      times.push(performance.now() - started);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      await sleep(20);
    }
  })();
  const result = await attack();
  running = false;
  await loop;
  clearInterval(sampler);
  console.log(`${label}: ${result}`);
  console.log(
    `  bystander: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length} calls (${[...outcomes].map(([o, n]) => `${o}×${n}`).join(', ')}); RSS +${mb(rssPeak - rssStart)} at peak`,
  );
}

const baseline: number[] = [];
for (let i = 0; i < 50; i++) {
  const started = performance.now();
  await bystanderApi('GET', '/customers?per_page=20');
  baseline.push(performance.now() - started);
}
console.log(
  `bystander at rest: p50 ${percentile(baseline, 50).toFixed(0)} ms, p99 ${percentile(baseline, 99).toFixed(0)} ms`,
);

// 1. A "DigiSac" whose ticket list is 5 MB of empty objects.
{
  const items = Math.floor((5 * 1024 * 1024 - 100) / 3);
  const body = `{"data":[${'{},'.repeat(items - 1)}{}],"total":${items},"limit":10,"currentPage":1,"lastPage":1}`;
  const hostile = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const host = `http://127.0.0.1:${(hostile.address() as net.AddressInfo).port}`;
  const saved = await attackerApi('PUT', '/tenants/settings', {
    name: 'Atacante',
    digisac_host: host,
    digisac_token: 'token-do-atacante-1234',
  });
  await underAttack('1. hostile DigiSac, 3 list calls of 10 per page', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await fetch(
        `${server.url}/api/v1/tenants/${attacker.tenant.id}/digisac/tickets?per_page=10`,
        {
          headers: { authorization: `Bearer ${attackerToken}` },
        },
      );
      const text = await res.text();
      answers.push(`${res.status} ${mb(text.length)} in ${(performance.now() - started).toFixed(0)} ms`);
    }
    return `settings ${saved.status}; answers ${answers.join(', ')}`;
  });
  hostile.close();
}

// 2. Ten exports of 2,000 tickets of 32,000 characters, never read.
{
  const content = 'Conteúdo longo do chamado. '.repeat(1200).slice(0, 32_000);
  for (let i = 0; i < 2000; i += 200) {
    await database.db.insert(tickets).values(
      Array.from({ length: 200 }, (_, j) => ({
        tenantId: attacker.tenant.id,
        title: `Chamado ${i + j}`,
        content,
        searchText: `chamado ${i + j}`,
      })),
    );
  }
  await underAttack('2. 10 stalled CSV exports (2,000 tickets × 32,000 chars)', async () => {
    const statuses: string[] = [];
    const sockets = Array.from({ length: 10 }, () => {
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.setNoDelay(true);
      socket.write(
        `GET /api/v1/tickets/export.csv HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${attackerToken}\r\n\r\n`,
      );
      // Read the status line, then stop reading: the kernel's buffers fill and the server waits.
      socket.once('data', (chunk) => {
        statuses.push(chunk.toString('latin1').split(' ')[1] ?? '?');
        socket.pause();
      });
      socket.on('error', () => {});
      return socket;
    });
    // A paused socket does not notice the server's reset: count the server's side instead.
    const serverConnections = () =>
      new Promise<number>((resolve) => server.app.server.getConnections((_err, n) => resolve(n)));
    await sleep(2000);
    const held = await serverConnections();
    await sleep(10_000);
    const heldLater = await serverConnections();
    for (const socket of sockets) socket.destroy();
    const counts = new Map<string, number>();
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    return `statuses ${[...counts].map(([s, n]) => `${s}×${n}`).join(', ')}; server connections ${held} after 2 s, ${heldLater} after 12 s (the bystander holds 1)`;
  });
}

// 3. One user opens 2 × the connection cap of live streams; can another tenant still connect?
{
  const sockets: net.Socket[] = [];
  await underAttack(
    `3. one user opens ${2 * maxConnections} live streams (cap ${maxConnections} connections)`,
    async () => {
      const statuses = new Map<string, number>();
      for (let i = 0; i < 2 * maxConnections; i++) {
        const socket = net.connect(Number(port), '127.0.0.1');
        socket.write(
          `GET /api/v1/notifications/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${attackerToken}\r\n\r\n`,
        );
        socket.on('error', () => {});
        const status = await new Promise<string>((resolve) => {
          socket.once('data', (chunk) => resolve(chunk.toString('latin1').split(' ')[1] ?? '?'));
          socket.once('close', () => resolve('closed'));
          setTimeout(() => resolve('no answer'), 2000);
        });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        sockets.push(socket);
      }
      // Refused sockets stay open until the keep-alive timeout (5 s); streams hold theirs.
      await sleep(7000);
      const open = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
      const later = await freshGet('/api/v1/customers?per_page=20', bystanderToken);
      return `${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; 7 s later ${open} still open and another tenant's new connection gets ${later}`;
    },
    () => freshGet('/api/v1/customers?per_page=20', bystanderToken),
  );
  for (const socket of sockets) socket.destroy();
  await sleep(500);
}

// 4. Saves of a host whose name server never answers, while the bystander signs in. A second
// process on the same database, with the address checks on (the first allows private hosts).
{
  const checking = await startTestServer({
    database,
    env: {
      ...raisedRateLimits,
      DNS_SERVERS: `127.0.0.1:${(silentDns.address() as net.AddressInfo).port}`,
    },
  });
  await underAttack(
    '4. 15 s of 20 concurrent settings saves of names on a silent name server (bystander: a dns.lookup)',
    async () => {
      const started = performance.now();
      const counts = new Map<number, number>();
      let n = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (performance.now() - started < 15_000) {
            const res = await fetch(`${checking.url}/api/v1/tenants/settings`, {
              method: 'PUT',
              headers: { authorization: `Bearer ${attackerToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({ name: 'Atacante', digisac_host: `https://n${n++}.silencio.example` }),
            });
            await res.arrayBuffer();
            counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
          }
        }),
      );
      return `answers ${[...counts].map(([s, n]) => `${s}×${n}`).join(', ')}`;
    },
    // What waits behind stuck look-ups: every other name look-up of the process (PostgreSQL or
    // SMTP by name, the LLM provider, the JWKS), here 'localhost' through dns.lookup.
    async () => {
      const started = performance.now();
      await dns.promises.lookup('localhost');
      return performance.now() - started > 1000 ? 'lookup > 1 s' : 'lookup ok';
    },
  );
  await checking.close();
}

await server.close();
await database.close();
silentDns.close();
