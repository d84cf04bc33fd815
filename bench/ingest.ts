// DigiSac ingestion on PostgreSQL (issue 28), against a local fake DigiSac: prints figures, asserts
// nothing. Each part on a scratch database of its own (bench/lib.ts; with no server answering, it
// says so and stops).
//   1. Intake: POST /webhooks/digisac/<secret>, each request a distinct customer message.created on
//      a few hundred tickets, 50 connections (autocannon on a worker thread, off the server's event
//      loop; the server in this process, its workers off: the request path alone). With
//      DIGISAC_INTAKE_* raised far out of the way: the most it answers (closed loop, so latency is
//      50 ÷ rate) and the answer times at an offered 1,000 events/s; then the same closed loop at
//      the defaults (200/s, burst 2,000) with the burst's reserve spent: the share of 429s, and a
//      probe for Retry-After.
//   2. End-to-end: one server process (workers on), a signed-in user's live stream open; red-flag
//      customer messages, each on a new DigiSac ticket (written at once; the workers read it from
//      the fake afterwards, at DIGISAC_MAX_REQUESTS_PER_SECOND's default 5/s), delivered at
//      BENCH_INGEST_RATE per second, then (the backlog gone) at a fifth of it; from each webhook
//      POST to its `event: notification`.
//   3. Processing: BENCH_INGEST_EVENTS events taken in with the workers off, then two server
//      processes on the database: until nothing is pending, messages/s.
//   4. kill -9: a server process (workers on) takes a burst of BENCH_INGEST_BURST distinct events
//      (and 5% sent again) and is killed mid-burst; a new process on the database works until
//      nothing is pending (the dead one's leases run out first: 60 s); every acknowledged message
//      must be stored once.
//   BENCH_INGEST_SECONDS (default 10: part 1's load, part 2's deliveries), BENCH_INGEST_EVENTS
//   (default 10000), BENCH_INGEST_BURST (default 10000), BENCH_INGEST_RATE (default 100),
//   BENCH_INGEST_TICKETS (default 300: tickets the messages of parts 1, 3, 4 are spread over),
//   BENCH_PARTS (default 1,2,3,4), BENCH_LOG_LEVEL (the servers' log, default silent here and warn
//   in the processes, whose output is printed when one fails), BENCH_DATABASE_URL (bench/lib.ts).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { createDb, type Database } from '../apps/api/src/db/client.ts';
import { withTenant } from '../apps/api/src/db/tenant.ts';
import { type FakeDigisac, fakeDigisacToken, startFakeDigisac } from '../apps/api/src/test/fake-digisac.ts';
import { createTestUser, signInIdToken } from '../apps/api/src/test/helpers.ts';
import {
  type ServerProcess,
  startServerProcess,
  testSecretKey,
  testVapidKeys,
} from '../apps/api/src/test/processes.ts';
import { benchConfig, raisedRateLimits, withScratchDatabase } from './lib.ts';

const loadSeconds = Number(process.env.BENCH_INGEST_SECONDS ?? 10);
const fillEvents = Number(process.env.BENCH_INGEST_EVENTS ?? 10_000);
const burstEvents = Number(process.env.BENCH_INGEST_BURST ?? 10_000);
const e2eRate = Number(process.env.BENCH_INGEST_RATE ?? 100);
const ticketCount = Number(process.env.BENCH_INGEST_TICKETS ?? 300);
const parts = new Set((process.env.BENCH_PARTS ?? '1,2,3,4').split(',').map((p) => p.trim()));
const connections = 50;

/** The intake limits raised far out of the way (parts 1, 3 and 4 measure the intake, not its limit). */
const raisedIntake = {
  DIGISAC_INTAKE_EVENTS_PER_SECOND: '1000000',
  DIGISAC_INTAKE_BURST: '10000000',
};

const now = () => performance.timeOrigin + performance.now();
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2));
const spread = (values: number[]) =>
  values.length === 0
    ? 'none'
    : `p50 ${ms(percentile(values, 50))} ms, p95 ${ms(percentile(values, 95))} ms, p99 ${ms(percentile(values, 99))} ms, max ${ms(percentile(values, 100))} ms`;
const mark = (met: boolean) => (met ? 'met' : 'NOT met');
const count = (n: number) => n.toLocaleString('en-US');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A port free right now: the processes are told theirs, so PUBLIC_URL can point at them. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The settings every server of this bench gets (in this process or started as one). */
const serverEnv = (databaseUrl: string, port: number, overrides: Record<string, string> = {}) => ({
  ...raisedRateLimits,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The processes' (startServerProcess); the DigiSac token saved here is read there.
  SECRET_KEY: testSecretKey,
  // Required with DATABASE_URL since issue 34 (every process signs Web Push with one pair).
  ...testVapidKeys,
  DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
  // DIGISAC_MAX_REQUESTS_PER_SECOND at its default (5): a new conversation's messages are applied
  // at once and its ticket is read from DigiSac afterwards, at that pace.
  ...overrides,
});

/** The app in this process on `database`, its workers off. */
async function startInProcess(database: Database, databaseUrl: string, overrides: Record<string, string>) {
  const port = await freePort();
  const config = benchConfig({
    ...serverEnv(databaseUrl, port, overrides),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  });
  const app = await buildApp({ config, database, closeDatabase: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${port}` };
}

async function startProcess(databaseUrl: string, overrides: Record<string, string> = {}) {
  const port = await freePort();
  return startServerProcess(
    serverEnv(databaseUrl, port, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...overrides }),
    { timeoutMs: 60_000 },
  );
}

/** The warnings and errors a process logged (pino JSON lines), counted by message. */
function logSummary(server: ServerProcess) {
  const counts = new Map<string, number>();
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      if ((entry.level ?? 0) >= 40) counts.set(entry.msg ?? '?', (counts.get(entry.msg ?? '?') ?? 0) + 1);
    } catch {
      // not a log line
    }
  }
  return [...counts].map(([msg, n]) => `${n}× "${msg}"`).join('; ');
}

interface Bench {
  tenantId: string;
  token: string;
  /** The URL DigiSac was given (PUBLIC_URL/webhooks/digisac/<secret>). */
  hookUrl: string;
}

/**
 * A tenant with a signed-in user (test helpers), its DigiSac set to the fake, and the webhook
 * registered there through `serverUrl` (whose PUBLIC_URL is its own address).
 */
async function connectTenant(database: Database, serverUrl: string, fake: FakeDigisac): Promise<Bench> {
  const user = await createTestUser(database);
  const token = await signInIdToken(serverUrl, user);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${serverUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  };
  await api('PUT', '/tenants/settings', {
    name: 'Bancada',
    digisac_host: fake.url,
    digisac_token: fakeDigisacToken,
  });
  const before = new Set(fake.webhooks().map((w) => w.id));
  await api('POST', '/tenants/settings/digisac/webhook');
  const hook = fake.webhooks().find((w) => !before.has(w.id));
  if (!hook?.url.startsWith(serverUrl))
    throw new Error(`webhook not registered at ${serverUrl}: ${hook?.url}`);
  return { tenantId: user.tenant.id, token, hookUrl: hook.url };
}

interface TicketRef {
  id: string;
  contactId: string;
}

/** Open tickets at the fake, one new contact each (what the workers fetch). */
const openTickets = (fake: FakeDigisac, n: number, label: string): TicketRef[] =>
  Array.from({ length: n }, (_, i) => {
    const { ticket } = fake.openTicket({ name: `${label} ${String(i).padStart(5, '0')}` });
    return { id: ticket.id, contactId: ticket.contactId };
  });

/** Customer lines, one in ten a red flag (what live traffic might hold). */
const customerTexts = [
  'Olá, meu pedido ainda não chegou.',
  'Qual o prazo de entrega?',
  'Já faz uma semana e nada. Preciso de uma resposta hoje.',
  'O produto veio com defeito, quero trocar.',
  'Obrigado, resolveu!',
  'Quero cancelar minha assinatura.',
  'Se não resolverem vou reclamar no Procon.',
  'Paguei o boleto e continua em aberto.',
  'Bom dia, pode me ajudar?',
  'Recebi a nota fiscal errada, podem reenviar?',
];

interface Delivery {
  id: string;
  body: string;
}

/** A customer's message.created as DigiSac posts it (a fresh message id). */
function messageCreated(ticket: TicketRef, text: string, id = randomUUID()): Delivery {
  const at = new Date();
  return {
    id,
    body: JSON.stringify({
      event: 'message.created',
      data: {
        id,
        type: 'chat',
        text,
        timestamp: Math.floor(at.getTime() / 1000),
        isFromMe: false,
        isFromBot: false,
        isComment: false,
        origin: null,
        contactId: ticket.contactId,
        userId: null,
        ticketId: ticket.id,
        quotedMessageId: null,
        data: { ack: 0 },
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        deletedAt: null,
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The load: autocannon on a worker thread of its own (this thread may be the server's), each
// request a distinct message.created; every answer's time kept by status (autocannon's own
// histogram has no p95 and keeps 2xx only).

interface Load {
  /** Closed loop for `seconds`, or `amount` requests; `overallRate` caps the rate offered. */
  seconds?: number;
  amount?: number;
  overallRate?: number;
}
interface LoadResult {
  seconds: number;
  byStatus: Record<string, number[]>;
  errors: number;
  timeouts: number;
}

const loadWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const autocannon = require(workerData.autocannon);
const { origin, path, tickets, texts, load } = workerData;
let n = 0;
const setupRequest = (request) => {
  const i = n++;
  const ticket = tickets[i % tickets.length];
  const at = new Date();
  const id = randomUUID();
  const data = {
    id, type: 'chat', text: texts[i % texts.length], timestamp: Math.floor(at.getTime() / 1000),
    isFromMe: false, isFromBot: false, isComment: false, origin: null, contactId: ticket.contactId,
    userId: null, ticketId: ticket.id, quotedMessageId: null, data: { ack: 0 },
    createdAt: at.toISOString(), updatedAt: at.toISOString(), deletedAt: null,
  };
  return { ...request, body: JSON.stringify({ event: 'message.created', data }) };
};
const byStatus = {};
const started = performance.now();
const instance = autocannon(
  {
    url: origin,
    connections: workerData.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.seconds }),
    ...(load.overallRate ? { overallRate: load.overallRate } : {}),
    requests: [{ method: 'POST', path, headers: { 'content-type': 'application/json' }, setupRequest }],
  },
  (err, result) => {
    const seconds = (performance.now() - started) / 1000;
    parentPort.postMessage(
      err ? { error: String(err) } : { seconds, byStatus, errors: result.errors, timeouts: result.timeouts },
    );
  },
);
instance.on('response', (_client, status, _bytes, responseTime) => {
  (byStatus[status] ??= []).push(responseTime);
});
`;

function runLoad(hookUrl: string, tickets: TicketRef[], load: Load) {
  const url = new URL(hookUrl);
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(loadWorkerSource, {
      eval: true,
      workerData: {
        autocannon: createRequire(import.meta.url).resolve('autocannon'),
        origin: url.origin,
        path: url.pathname,
        tickets,
        texts: customerTexts,
        connections,
        load,
      },
    });
    worker.once('message', (message: LoadResult & { error?: string }) => {
      void worker.terminate();
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

const answered = (r: LoadResult) => Object.values(r.byStatus).reduce((sum, t) => sum + t.length, 0);
const statuses = (r: LoadResult) =>
  Object.entries(r.byStatus)
    .map(([status, times]) => `${status}×${count(times.length)}`)
    .join(', ') +
  (r.errors ? `, errors ${r.errors}` : '') +
  (r.timeouts ? `, timeouts ${r.timeouts}` : '');

/**
 * Until no delivered event is pending (or `timeoutMs`): the ms it took, or undefined. Reading new
 * conversations' tickets from DigiSac (source fetch) goes on at the call limit's pace afterwards.
 */
async function untilNothingPending(database: Database, tenantId: string, timeoutMs: number) {
  const started = now();
  while (now() - started < timeoutMs) {
    const [row] = await withTenant(database.db, tenantId, async ({ tx }) =>
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from digisac_events where state = 'pending' and source = 'webhook'`,
        ),
      ),
    );
    if ((row?.n ?? 0) === 0) return now() - started;
    await sleep(250);
  }
  return undefined;
}

/** The inbox by source and state, e.g. "webhook: processed 10,000; sync: processed 600". */
async function inboxStates(database: Database, tenantId: string) {
  const rows = await withTenant(database.db, tenantId, async ({ tx }) =>
    rowsOf<{ source: string; state: string; n: number }>(
      await tx.execute(
        sql`select source, state, count(*)::int as n from digisac_events group by source, state order by source, state`,
      ),
    ),
  );
  const bySource = new Map<string, string[]>();
  for (const r of rows)
    bySource.set(r.source, [...(bySource.get(r.source) ?? []), `${r.state} ${count(r.n)}`]);
  return [...bySource].map(([source, states]) => `${source}: ${states.join(', ')}`).join('; ') || 'empty';
}

/** A scratch database, migrated, and its Database handle (closed after `use`). */
async function onScratch(use: (database: Database, url: string) => Promise<void>) {
  return withScratchDatabase('atende_bench_ingest', async ({ url }) => {
    const database = await createDb({ databaseUrl: url });
    try {
      await database.migrate();
      await use(database, url);
    } finally {
      await database.close();
    }
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Intake.

async function intake(fake: FakeDigisac) {
  return onScratch(async (database, url) => {
    console.log(`\n1. Intake: ${connections} connections, each request a distinct customer message.created`);
    const raised = await startInProcess(database, url, raisedIntake);
    try {
      const bench = await connectTenant(database, raised.url, fake);
      const tickets = openTickets(fake, ticketCount, 'Cliente Entrada');
      // A warm-up (JIT, the pool's connections), not counted.
      await runLoad(bench.hookUrl, tickets, { seconds: 2 });
      const closed = await runLoad(bench.hookUrl, tickets, { seconds: loadSeconds });
      const accepted = closed.byStatus['202'] ?? [];
      const rate = accepted.length / closed.seconds;
      console.log(
        `  DIGISAC_INTAKE_* raised, closed loop for ${loadSeconds} s on ${ticketCount} tickets: ` +
          `${count(Math.round(rate))} events/s answered 202 (goal ≥ 1,000: ${mark(rate >= 1000)}); ${statuses(closed)}`,
      );
      console.log(
        `    answer time ${spread(accepted)} (p95 goal ≤ 20 ms: ${mark(percentile(accepted, 95) <= 20)}; ` +
          `a closed loop of ${connections} waits ~${connections} ÷ rate)`,
      );
      const offered = await runLoad(bench.hookUrl, tickets, { seconds: loadSeconds, overallRate: 1000 });
      const offeredTimes = offered.byStatus['202'] ?? [];
      console.log(
        `  offered 1,000 events/s for ${loadSeconds} s: ${count(Math.round(offeredTimes.length / offered.seconds))}/s answered 202; ` +
          `answer time ${spread(offeredTimes)} (p95 goal ≤ 20 ms: ${mark(percentile(offeredTimes, 95) <= 20)}); ${statuses(offered)}`,
      );
      const [inbox] = await withTenant(database.db, bench.tenantId, async ({ tx }) =>
        rowsOf<{ n: number; size: string }>(
          await tx.execute(
            sql`select count(*)::int as n, pg_size_pretty(pg_total_relation_size('digisac_events')) as size from digisac_events`,
          ),
        ),
      );
      console.log(`  the inbox holds ${count(inbox?.n ?? 0)} events (${inbox?.size} with its indexes)`);

      // The same closed loop at the default limits (200/s sustained, bursts of 2,000): a server
      // started with them; the tenant's bucket is capped at the new burst on its next take.
      const defaults = await startInProcess(database, url, {});
      try {
        const hookUrl = bench.hookUrl.replace(raised.url, defaults.url);
        // The burst's reserve spent (at this server's pace it would last longer than the 3 s).
        await database.db.execute(
          sql`update digisac_intake_buckets set tokens = 0, refilled_at = clock_timestamp()`,
        );
        const limited = await runLoad(hookUrl, tickets, { seconds: 3 });
        const total = answered(limited);
        const refused = limited.byStatus['429']?.length ?? 0;
        console.log(
          `  at the defaults (200/s, burst 2,000), the burst's reserve spent (the bucket emptied in the database), ` +
            `the same closed loop for 3 s: ${statuses(limited)} — ` +
            `${((100 * refused) / Math.max(1, total)).toFixed(0)}% answered 429 (429 in ${spread(limited.byStatus['429'] ?? [])})`,
        );
        const probe = await Promise.all(
          Array.from({ length: 100 }, async () => {
            const res = await fetch(hookUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: messageCreated(tickets[0] as TicketRef, 'Oi').body,
            });
            await res.text();
            return { status: res.status, retryAfter: res.headers.get('retry-after') };
          }),
        );
        const limitedProbe = probe.filter((p) => p.status === 429);
        const withHeader = limitedProbe.filter((p) => p.retryAfter !== null);
        console.log(
          `    right after, 100 at once: ${limitedProbe.length} answered 429, ${withHeader.length} of them with Retry-After ` +
            `(${[...new Set(withHeader.map((p) => p.retryAfter))].join(', ') || '–'} s)`,
        );
      } finally {
        await defaults.app.close();
      }
    } finally {
      await raised.app.close();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 2. End-to-end: webhook POST → `event: notification` on a live stream.

/** Opens the stream; resolves once connected, calling `onData` with each notification's data line. */
function openStream(serverUrl: string, token: string, onData: (data: string, at: number) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      `${serverUrl}/api/v1/notifications/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith(': connected')) resolve(request);
            if (!block.includes('event: notification')) continue;
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) onData(data, at);
          }
        });
        res.on('error', () => {});
      },
    );
    request.on('error', reject);
  });
}

/**
 * Which delivery a notification is about: its ticket's DigiSac id (a new conversation's first
 * alert does not name the customer yet: DigiSac is asked for it afterwards).
 */
interface Arrivals {
  label: string;
  /** The DigiSac ticket of each delivery of this run → the delivery's number. */
  byExternalId: Map<string, number>;
  at: Map<number, number>;
  expected: number;
  complete?: () => void;
}

/**
 * Red-flag customer messages at `rate` per second for `seconds`, each on a new DigiSac ticket
 * named `<label> <n>`; prints the webhook's answers and POST → `event: notification` on the stream.
 */
async function deliverAndWatch(
  fake: FakeDigisac,
  database: Database,
  bench: Bench,
  arrivals: Arrivals,
  rate: number,
  seconds: number,
) {
  const total = Math.round(rate * seconds);
  arrivals.at.clear();
  arrivals.byExternalId.clear();
  arrivals.expected = total;
  const done = new Promise<void>((resolve) => {
    arrivals.complete = resolve;
  });
  const sentAt = new Map<number, number>();
  const answers = new Map<number, number>();
  const postMs: number[] = [];
  const start = now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - now();
    if (wait > 0) await sleep(wait);
    const { ticket } = fake.openTicket({ name: `${arrivals.label} ${String(i).padStart(5, '0')}` });
    arrivals.byExternalId.set(ticket.id, i);
    const message = fake.addMessage({
      ticketId: ticket.id,
      text: 'Se não resolverem hoje eu vou no Procon!',
    });
    const t0 = now();
    sentAt.set(i, t0);
    posts.push(
      fetch(bench.hookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'message.created', data: message }),
      }).then(
        async (res) => {
          await res.text();
          postMs.push(now() - t0);
          answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        },
        () => {
          answers.set(0, (answers.get(0) ?? 0) + 1);
        },
      ),
    );
  }
  const sendSeconds = (now() - start) / 1000;
  await Promise.all(posts);
  await Promise.race([done, sleep(30_000)]);
  const latencies = [...arrivals.at].map(([i, at]) => at - (sentAt.get(i) ?? at));
  const [applied] = await withTenant(database.db, bench.tenantId, async ({ tx }) =>
    rowsOf<{ n: number; seconds: number }>(
      await tx.execute(sql`
        select count(*)::int as n, extract(epoch from max(processed_at) - min(processed_at))::float as seconds
        from digisac_events
        where source = 'webhook' and state = 'processed' and received_at >= ${new Date(start)}`),
    ),
  );
  console.log(
    `  ${count(total)} at ${rate}/s (${arrivals.label}), sent in ${sendSeconds.toFixed(1)} s: ` +
      `${[...answers].map(([status, n]) => `${status || 'no answer'}×${n}`).join(', ')}; webhook answer ${spread(postMs)}`,
  );
  console.log(
    `    ${count(arrivals.at.size)}/${count(total)} notifications arrived (waiting 30 s after the last POST at most); ` +
      `POST → event: notification ${spread(latencies)} (p95 goal ≤ 2 s: ${mark(arrivals.at.size === total && percentile(latencies, 95) <= 2000)})`,
  );
  console.log(
    `    the workers applied ${count(applied?.n ?? 0)} of these events in ${(applied?.seconds ?? 0).toFixed(1)} s ` +
      `(${count(Math.round((applied?.n ?? 0) / Math.max(0.001, applied?.seconds ?? 0)))}/s, one event per ticket)`,
  );
}

async function endToEnd(fake: FakeDigisac) {
  return onScratch(async (database, url) => {
    console.log(
      '\n2. End-to-end: red-flag customer messages, each on a new DigiSac ticket, to one server process ' +
        "(workers on); webhook POST → event: notification on a signed-in user's live stream",
    );
    const server = await startProcess(url);
    let stream: http.ClientRequest | undefined;
    try {
      const bench = await connectTenant(database, server.url, fake);
      const arrivals: Arrivals = { label: '', byExternalId: new Map(), at: new Map(), expected: 0 };
      // A notification's ticket (Atende's id) → its DigiSac id, asked of the database once each.
      const externalIds = new Map<string, Promise<string | null>>();
      const externalIdOf = (ticketId: string) => {
        let found = externalIds.get(ticketId);
        if (!found) {
          found = withTenant(database.db, bench.tenantId, async ({ tx }) => {
            const [row] = rowsOf<{ external_id: string | null }>(
              await tx.execute(sql`select external_id from tickets where id = ${ticketId}`),
            );
            return row?.external_id ?? null;
          });
          externalIds.set(ticketId, found);
        }
        return found;
      };
      stream = await openStream(server.url, bench.token, (data, at) => {
        const ticketId = /"ticket_id":"([0-9a-f-]{36})"/.exec(data)?.[1];
        if (!ticketId) return;
        void externalIdOf(ticketId).then((externalId) => {
          const n = externalId === null ? undefined : arrivals.byExternalId.get(externalId);
          if (n === undefined || arrivals.at.has(n)) return;
          arrivals.at.set(n, at);
          if (arrivals.at.size === arrivals.expected) arrivals.complete?.();
        });
      });
      arrivals.label = 'Cliente Bancada';
      await deliverAndWatch(fake, database, bench, arrivals, e2eRate, loadSeconds);
      // The same at a fifth of the rate, once the first run's backlog is gone.
      const drained = await untilNothingPending(database, bench.tenantId, 60_000);
      if (drained === undefined) console.log('  (the backlog did not drain within 60 s)');
      arrivals.label = 'Cliente Calmo';
      await deliverAndWatch(
        fake,
        database,
        bench,
        arrivals,
        Math.max(1, Math.round(e2eRate / 5)),
        loadSeconds,
      );
      const calls = fake.requests.filter((r) => r.url.startsWith('/api/v1/tickets/')).length;
      console.log(
        `  the workers fetched ${count(calls)} tickets from the fake DigiSac; the inbox: ${await inboxStates(database, bench.tenantId)} ` +
          "(a process's first catch-up sync reads the last hour's tickets: a ticket it brought is not fetched)",
      );
      const logged = logSummary(server);
      if (logged) console.log(`  the process logged: ${logged}`);
    } finally {
      stream?.destroy();
      await server.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 3. Processing throughput.

async function processing(fake: FakeDigisac) {
  return onScratch(async (database, url) => {
    console.log(
      `\n3. Processing: ${count(fillEvents)} customer messages on ${ticketCount} tickets in the inbox, then two server processes`,
    );
    const filling = await startInProcess(database, url, raisedIntake);
    let bench: Bench;
    try {
      bench = await connectTenant(database, filling.url, fake);
      const tickets = openTickets(fake, ticketCount, 'Cliente Processo');
      const fill = await runLoad(bench.hookUrl, tickets, { amount: fillEvents });
      console.log(`  filled with the workers off in ${fill.seconds.toFixed(1)} s (${statuses(fill)})`);
    } finally {
      await filling.app.close();
    }
    console.log(`  inbox: ${await inboxStates(database, bench.tenantId)}`);
    const started = now();
    const servers = await Promise.all([startProcess(url), startProcess(url)]);
    try {
      const up = now() - started;
      const waited = await untilNothingPending(database, bench.tenantId, 300_000);
      const [span] = await withTenant(database.db, bench.tenantId, async ({ tx }) =>
        rowsOf<{ n: number; seconds: number }>(
          await tx.execute(sql`
            select count(*)::int as n,
              extract(epoch from max(processed_at) - min(processed_at))::float as seconds
            from digisac_events where state = 'processed' and source = 'webhook'`),
        ),
      );
      const [stored] = await withTenant(database.db, bench.tenantId, async ({ tx }) =>
        rowsOf<{ messages: number; analyses: number; notifications: number; tickets: number }>(
          await tx.execute(sql`
            select (select count(*)::int from messages where external_id is not null and kind = 'message') as messages,
              (select count(*)::int from message_analyses) as analyses,
              (select count(*)::int from notifications) as notifications,
              (select count(*)::int from tickets where source = 'digisac') as tickets`),
        ),
      );
      const rate = (span?.n ?? 0) / Math.max(0.001, span?.seconds ?? 0);
      const wall = waited === undefined ? undefined : (up + waited) / 1000;
      console.log(
        `  both processes up in ${(up / 1000).toFixed(1)} s; nothing pending ${waited === undefined ? 'NOT within 300 s' : `${(waited / 1000).toFixed(1)} s later`}: ` +
          `${await inboxStates(database, bench.tenantId)}`,
      );
      console.log(
        `  ${count(span?.n ?? 0)} webhook events processed between the first and the last in ${(span?.seconds ?? 0).toFixed(1)} s: ` +
          `${count(Math.round(rate))} messages/s (goal ≥ 300: ${mark(rate >= 300)})` +
          (wall ? `; ${count(Math.round(fillEvents / wall))}/s counting the processes' start` : ''),
      );
      console.log(
        `  stored: ${count(stored?.messages ?? 0)} DigiSac messages (not notes nor system), ${count(stored?.analyses ?? 0)} message analyses, ` +
          `${count(stored?.tickets ?? 0)} DigiSac tickets, ${count(stored?.notifications ?? 0)} notifications`,
      );
      for (const [i, server] of servers.entries()) {
        const logged = logSummary(server);
        if (logged) console.log(`  process ${i + 1} logged: ${logged}`);
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 4. kill -9 mid-burst.

async function crash(fake: FakeDigisac) {
  return onScratch(async (database, url) => {
    const repeats = Math.round(burstEvents * 0.05);
    console.log(
      `\n4. kill -9: a burst of ${count(burstEvents)} distinct events (+${count(repeats)} sent again) at ${connections} ` +
        'at once to a server process (workers on), SIGKILL when half are answered; then a new process',
    );
    const first = await startProcess(url, raisedIntake);
    let bench: Bench;
    let deliveries: Delivery[] = [];
    const sentIdsOf = () => deliveries.map((d) => d.id);
    const acknowledged = new Set<string>();
    let accepted = 0;
    let duplicatesAnswered = 0;
    const failures = new Map<string, number>();
    try {
      bench = await connectTenant(database, first.url, fake);
      const tickets = openTickets(fake, Math.min(200, ticketCount), 'Cliente Queda');
      deliveries = [];
      for (let i = 0; i < burstEvents; i++) {
        deliveries.push(
          messageCreated(tickets[i % tickets.length] as TicketRef, customerTexts[i % 10] ?? ''),
        );
        // Every 20th is followed by an earlier one again, as DigiSac or the network repeats itself.
        const again = deliveries[Math.floor(Math.random() * deliveries.length)];
        if (i % 20 === 19 && again) deliveries.push(again);
      }
      const killAt = Math.floor(deliveries.length / 2);
      let next = 0;
      let killed = false;
      const hookUrl = bench.hookUrl;
      const sender = async () => {
        while (!killed && next < deliveries.length) {
          const delivery = deliveries[next++] as Delivery;
          try {
            const res = await fetch(hookUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: delivery.body,
            });
            const answer = (await res.json()) as { duplicate?: boolean };
            if (res.status === 202) {
              accepted++;
              if (answer.duplicate) duplicatesAnswered++;
              acknowledged.add(delivery.id);
            } else failures.set(String(res.status), (failures.get(String(res.status)) ?? 0) + 1);
          } catch (err) {
            const code = (err as { cause?: { code?: string } }).cause?.code ?? 'error';
            failures.set(code, (failures.get(code) ?? 0) + 1);
          }
          if (!killed && accepted >= killAt) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      };
      const started = now();
      await Promise.all(Array.from({ length: connections }, sender));
      console.log(
        `  ${count(next)} sent in ${((now() - started) / 1000).toFixed(1)} s; answered 202: ${count(accepted)} ` +
          `(${count(duplicatesAnswered)} as duplicates; ${count(acknowledged.size)} distinct message ids)` +
          (failures.size ? `; no 202: ${[...failures].map(([k, n]) => `${k}×${n}`).join(', ')}` : ''),
      );
    } finally {
      await first.stop(1000);
    }
    console.log(`  inbox after the kill: ${await inboxStates(database, bench.tenantId)}`);
    const restartAt = new Date();
    const started = now();
    const second = await startProcess(url);
    try {
      const up = now() - started;
      const waited = await untilNothingPending(database, bench.tenantId, 240_000);
      console.log(
        `  new process up in ${(up / 1000).toFixed(1)} s; nothing pending ${waited === undefined ? 'NOT within 240 s' : `${(waited / 1000).toFixed(1)} s later`} ` +
          `(the killed process's leases run out after 60 s): ${await inboxStates(database, bench.tenantId)}`,
      );
      const sentIds = JSON.stringify([...new Set(sentIdsOf())]);
      const ackedIds = JSON.stringify([...acknowledged]);
      const [o] = await withTenant(database.db, bench.tenantId, async ({ tx }) =>
        rowsOf<{ after: number; before: number; stored: number; distinct: number; acked: number }>(
          await tx.execute(sql`
            with burst as (
              select external_id from messages
              where external_id in (select jsonb_array_elements_text(${sentIds}::jsonb))
            )
            select
              (select count(*)::int from digisac_events
                where source = 'webhook' and state = 'processed' and processed_at >= ${restartAt}) as after,
              (select count(*)::int from digisac_events
                where source = 'webhook' and state = 'processed' and processed_at < ${restartAt}) as before,
              (select count(*)::int from burst) as stored,
              (select count(distinct external_id)::int from burst) as distinct,
              (select count(distinct external_id)::int from burst
                where external_id in (select jsonb_array_elements_text(${ackedIds}::jsonb))) as acked`),
        ),
      );
      if (!o) throw new Error('no outcome');
      const missing = acknowledged.size - o.acked;
      const duplicates = o.stored - o.distinct;
      console.log(
        `  answered 202: ${count(accepted)}, processed after restart: ${count(o.after)} (${count(o.before)} before the kill), ` +
          `messages stored: ${count(o.distinct)}, duplicates: ${count(duplicates)}`,
      );
      console.log(
        `  of the ${count(acknowledged.size)} acknowledged message ids ${count(o.acked)} are stored, ${count(missing)} missing ` +
          `(goal: none missing, no duplicates: ${mark(missing === 0 && duplicates === 0)}); ` +
          `${count(o.distinct - o.acked)} stored without a 202 received (committed as the process died)`,
      );
      const logged = logSummary(second);
      if (logged) console.log(`  the new process logged: ${logged}`);
    } finally {
      await second.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------

const steps: [string, (fake: FakeDigisac) => Promise<boolean | undefined>][] = [
  ['1', intake],
  ['2', endToEnd],
  ['3', processing],
  ['4', crash],
];
for (const [part, run] of steps) {
  if (!parts.has(part)) continue;
  // A DigiSac of its own per part: a process's first catch-up sync reads the last hour's tickets.
  const fake = await startFakeDigisac({ tickets: 0 });
  try {
    // No PostgreSQL answering: said once, the rest skipped too.
    if ((await run(fake)) === undefined) break;
  } finally {
    await fake.close();
  }
}
