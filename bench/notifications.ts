// Notifications, measured on PGlite and, when one answers, on PostgreSQL. Prints figures; asserts nothing.
//   1. GET /notifications/stats and /notifications/unread?limit=50 p50/p95 over real HTTP for a user
//      whose tenant holds 10,000 notifications (~30% read or cleared by them, every type and priority)
//      among other tenants holding as many; and the unread-count SQL alone (the repo functions timed
//      inside the tenant transaction, and EXPLAIN ANALYZE's execution time).
//   2. What the alert rules add inside the analysis transaction: `ticket.analyzed` published through
//      the app's domain events (the rules react within it) for an analysis that raises alerts (a fresh
//      ticket with every condition: 6 alerts + the automatic flag), one that re-arms them, one that
//      changes nothing — against the same event published without reactions (the outbox row alone).
//   3. Push latency with 1,000 open GET /notifications/stream connections (held by a child process,
//      so the server's RSS and heap are its own): from the response of each PATCH …/flag?flagged=true
//      (one ticket_notifiable alert) to each stream's `event: notification`. On PostgreSQL also with
//      two app instances on the database (streams on B, flags through A: the LISTEN/NOTIFY path).
//   BENCH_NOTIFICATIONS (per tenant, default 10000), BENCH_OTHER_TENANTS (default 9), BENCH_REQUESTS
//   (default 100), BENCH_ALERT_RUNS (default 200), BENCH_STREAMS (default 1000), BENCH_STREAM_USERS
//   (default 10), BENCH_ALERTS (default 8 on PGlite, 15 on PostgreSQL: each wakes every stream),
//   BENCH_PARTS (default 1,2,3), BENCH_DATABASES (default pglite,postgres), BENCH_TRY_SQL (statements
//   run after the fill, e.g. a candidate index), BENCH_LOG_LEVEL (default silent), BENCH_DATABASE_URL
//   (see bench/lib.ts: a scratch database is made there and dropped; BENCH_KEEP_DATABASE=1 keeps it
//   and prints its name).
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { TicketAnalysis } from '@atende/analyzer';
import { alertTypes, priorityOf } from '@atende/contracts';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { createDb, type Database, openPglite, type Tx } from '../apps/api/src/db/client.ts';
import { type TenantScope, withTenant } from '../apps/api/src/db/tenant.ts';
import { defaultDbTimeouts } from '../apps/api/src/db/timeouts.ts';
import { DomainEvents } from '../apps/api/src/lib/events.ts';
import { createUser } from '../apps/api/src/modules/identity/users.service.ts';
import * as notifications from '../apps/api/src/modules/notifications/notifications.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { signInIdToken } from '../apps/api/src/test/helpers.ts';
import { startBenchServer, withScratchDatabase } from './lib.ts';

const perTenant = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const otherTenants = Number(process.env.BENCH_OTHER_TENANTS ?? 9);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 100);
const alertRuns = Number(process.env.BENCH_ALERT_RUNS ?? 200);
const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const streamUsers = Number(process.env.BENCH_STREAM_USERS ?? 10);
const alertsFor = (driver: Database['driver']) =>
  Number(process.env.BENCH_ALERTS ?? (driver === 'pglite' ? 8 : 15));
const parts = new Set((process.env.BENCH_PARTS ?? '1,2,3').split(',').map((p) => p.trim()));
const databases = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim()));
/** Statements (separated by ;) run as the owner after the fill: a candidate index, say, measured before migrating it. */
const trySql = (process.env.BENCH_TRY_SQL ?? '')
  .split(';')
  .map((s) => s.trim())
  .filter(Boolean);
const password = 'Bancada-Medida-Relogio-42';
/** Users of each tenant that read/clear (~30% each); the bench user is one of the bench tenant's. */
const readersPerTenant = 5;

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
const now = () => performance.timeOrigin + performance.now();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2));
const spread = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))} ms, p95 ${ms(percentile(values, 95))} ms, max ${ms(percentile(values, 100))} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const detailOf = (body: string) => {
  try {
    return (JSON.parse(body) as { detail?: string }).detail ?? body;
  } catch {
    return body.slice(0, 200);
  }
};
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------
// The stream clients: this file run again as a child process (fork), driven over IPC.

type ToClients =
  | { type: 'open'; url: string; tokens: string[]; count: number }
  | { type: 'collect' }
  | { type: 'close' };
type FromClients =
  | { type: 'opened'; ok: number; failed: string[]; ms: number }
  | { type: 'delivered'; ticketId: string }
  | { type: 'collected'; times: Record<string, number[]>; ended: number };

interface ClientStream {
  request: http.ClientRequest;
  connected: boolean;
  /** Ended by the server (not by us). */
  ended: boolean;
  dropped: boolean;
  got: Set<string>;
}

function runClients() {
  let streams: ClientStream[] = [];
  let times = new Map<string, number[]>();
  let reported = new Set<string>();
  let counting = false;
  const send = (message: FromClients) => process.send?.(message);
  /** A ticket's notification is delivered once every stream still open has it. */
  const check = (ticketId: string) => {
    if (!counting || reported.has(ticketId)) return;
    if (streams.every((s) => !s.connected || s.ended || s.got.has(ticketId))) {
      reported.add(ticketId);
      send({ type: 'delivered', ticketId });
    }
  };

  /** Opens one stream; resolves on its `: connected` comment (undefined) or why it failed. */
  const open = (url: string, token: string) =>
    new Promise<string | undefined>((resolve) => {
      const request = http.get(
        `${url}/api/v1/notifications/stream`,
        { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          res.setEncoding('utf8');
          if (res.statusCode !== 200) {
            let body = '';
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve(`${res.statusCode} ${body.slice(0, 200)}`));
            return;
          }
          let buffer = '';
          res.on('data', (chunk: string) => {
            const at = now();
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith(': connected')) {
                stream.connected = true;
                resolve(undefined);
              }
              if (!block.includes('event: notification')) continue;
              const data = block.split('\n').find((line) => line.startsWith('data: '));
              const ticketId = (JSON.parse(data?.slice(6) ?? '{}') as { details?: { ticket_id?: string } })
                .details?.ticket_id;
              if (!ticketId || stream.got.has(ticketId)) continue;
              stream.got.add(ticketId);
              times.set(ticketId, [...(times.get(ticketId) ?? []), at]);
              check(ticketId);
            }
          });
          res.on('error', () => {});
          res.on('close', () => {
            resolve('closed before connecting');
            if (stream.dropped) return;
            stream.ended = true;
            for (const ticketId of times.keys()) check(ticketId);
          });
        },
      );
      const stream: ClientStream = {
        request,
        connected: false,
        ended: false,
        dropped: false,
        got: new Set(),
      };
      request.on('error', (err) => resolve(err.message));
      streams.push(stream);
    });

  const dropAll = () => {
    for (const stream of streams) {
      stream.dropped = true;
      stream.request.destroy();
    }
  };

  process.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      dropAll();
      streams = [];
      times = new Map();
      reported = new Set();
      counting = false;
      const started = now();
      const failed: string[] = [];
      let ok = 0;
      // 50 at a time: the server opens each in a tenant transaction.
      for (let i = 0; i < message.count; i += 50) {
        const batch = Array.from({ length: Math.min(50, message.count - i) }, (_, j) =>
          open(message.url, message.tokens[(i + j) % message.tokens.length] ?? ''),
        );
        for (const problem of await Promise.all(batch)) {
          if (problem === undefined) ok++;
          else failed.push(problem);
        }
      }
      counting = true;
      send({ type: 'opened', ok, failed: failed.slice(0, 3), ms: now() - started });
    } else if (message.type === 'collect') {
      const ended = streams.filter((s) => s.connected && s.ended).length;
      send({ type: 'collected', times: Object.fromEntries(times), ended });
    } else {
      dropAll();
      process.exit(0);
    }
  });
}

/** The parent's side of the clients: commands, answers, and deliveries as they complete. */
function clientsProcess() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_NOTIFICATIONS_ROLE: 'clients' },
  });
  const waiting = new Map<string, (message: FromClients) => void>();
  const delivered = new Map<string, () => void>();
  child.on('message', (message: FromClients) => {
    if (message.type === 'delivered') delivered.get(message.ticketId)?.();
    else waiting.get(message.type)?.(message);
  });
  const ask = <T extends FromClients['type']>(command: ToClients, answer: T) =>
    new Promise<Extract<FromClients, { type: T }>>((resolve) => {
      waiting.set(answer, (m) => resolve(m as Extract<FromClients, { type: T }>));
      child.send(command);
    });
  return {
    open: (url: string, tokens: string[], count: number) =>
      ask({ type: 'open', url, tokens, count }, 'opened'),
    collect: () => ask({ type: 'collect' }, 'collected'),
    /** Resolves true when every open stream got the ticket's notification, false after timeoutMs. */
    deliveredTo: (ticketId: string, timeoutMs: number) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        delivered.set(ticketId, () => {
          clearTimeout(timer);
          delivered.delete(ticketId);
          resolve(true);
        });
      }),
    close: () => {
      child.send({ type: 'close' });
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
    },
  };
}
type Clients = ReturnType<typeof clientsProcess>;

// ---------------------------------------------------------------------------------------------
// The data.

interface Bench {
  tenantId: string;
  slug: string;
  userId: string;
  email: string;
}

/** The bench tenant and its signed-in user, other tenants, readers, notifications and states. */
async function fill(database: Database): Promise<Bench> {
  const started = performance.now();
  const slug = `bench-${randomUUID().slice(0, 8)}`;
  const tenant = await createTenant(database.db, { name: 'Bench', slug });
  const email = `bench-${slug}@x.com`;
  const { user } = await createUser(database.db, {
    tenantSlug: slug,
    email,
    password,
    temporary: false,
    groups: [],
  });
  const tenantIds = [tenant.id];
  for (let t = 0; t < otherTenants; t++) {
    const other = await createTenant(database.db, { name: `Outra ${t}`, slug: `${slug}-o${t}` });
    tenantIds.push(other.id);
  }
  const db = database.db;
  const ids = sql.raw(`array[${tenantIds.map((id) => `'${id}'`).join(',')}]::uuid[]`);
  // Readers who never sign in (a password hash nobody can match), then everyone older than the rows.
  await db.execute(sql`
    insert into users (tenant_id, email, password_hash)
    select t.id, 'leitor-' || r || '-' || t.id || '@x.com', 'bench:no-sign-in'
    from unnest(${ids}) as t(id), generate_series(1, ${readersPerTenant}) as r
    where not (t.id = ${tenant.id} and r = 1)`);
  await db.execute(
    sql`update users set created_at = now() - interval '60 days' where tenant_id = any(${ids})`,
  );
  // Set-based: every tenant's rows interleaved in seq order over the last 30 days, types and
  // priorities as alerts.ts makes them.
  const types = sql.raw(`array[${alertTypes.map((t) => `'${t}'`).join(',')}]`);
  const prios = sql.raw(`array[${alertTypes.map((t) => `'${priorityOf[t]}'`).join(',')}]`);
  await db.execute(sql`
    insert into notifications (tenant_id, alert_type, priority, title, message, ticket_id, created_at)
    select t.id, (${types})[1 + k], (${prios})[1 + k],
           'Sinais de alerta no chamado «Chamado ' || i || '»',
           'Termos detectados: procon, advogado. Chamado ' || i || ' precisa de atenção.',
           gen_random_uuid(),
           now() - interval '30 days' + i * (interval '30 days' / ${perTenant})
    from generate_series(1, ${perTenant}) as i
    cross join unnest(${ids}) with ordinality as t(id, n)
    cross join lateral (select abs(hashtext(i || '-' || t.n)) % ${alertTypes.length} as k) as kind
    order by i, t.n`);
  // ~30% of each tenant's notifications read by each reader, a third of those also cleared.
  await db.execute(sql`
    insert into notification_states (tenant_id, user_id, notification_id, read_at, cleared_at)
    select n.tenant_id, u.id, n.id, n.created_at + interval '1 hour',
           case when h.v % 10 = 0 then n.created_at + interval '2 hours' end
    from notifications n
    join users u on u.tenant_id = n.tenant_id
    cross join lateral (select abs(hashtext(n.id::text || u.id::text)) as v) as h
    where n.tenant_id = any(${ids}) and h.v % 10 < 3`);
  // The steady state: PostgreSQL's autovacuum (PGlite: the hourly prune job) has set the
  // visibility map, so the covering indexes (migration 0009) can answer from the index alone.
  await db.execute(sql`vacuum analyze notifications, notification_states`);
  await db.execute(sql`analyze`);
  const [counts] = rowsOf<{ notifications: number; states: number }>(
    await db.execute(sql`
      select (select count(*) from notifications)::int as notifications,
             (select count(*) from notification_states)::int as states`),
  );
  console.log(
    `  filled ${counts?.notifications} notifications (${perTenant} per tenant, ${tenantIds.length} tenants), ` +
      `${counts?.states} read/cleared states in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const statement of trySql) {
    const t0 = performance.now();
    await db.execute(sql.raw(statement));
    console.log(`  BENCH_TRY_SQL: ${statement} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return { tenantId: tenant.id, slug, userId: user.id, email };
}

/** Unflagged tickets of the tenant, inserted as the owner; answers their ids. */
async function newTickets(database: Database, tenantId: string, count: number) {
  const result = await database.db.execute(sql`
    insert into tickets (tenant_id, title, content, search_text)
    select ${tenantId}, 'Chamado de bancada ' || i, 'cliente relata problema ' || i, 'chamado de bancada ' || i
    from generate_series(1, ${count}) as i
    returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// 1. Reading.

/** Node types (with index or relation) of an EXPLAIN (FORMAT JSON) plan, outermost first. */
function planShape(node: Record<string, unknown>): string {
  const name = [node['Node Type'], node['Index Name'] ?? node['Relation Name']].filter(Boolean).join(' ');
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return children.length ? `${name} ← (${children.map(planShape).join(', ')})` : name;
}

type Viewer = Awaited<ReturnType<typeof notifications.viewerOf>>;

async function explain(
  database: Database,
  bench: Bench,
  query: (scope: TenantScope, viewer: Viewer) => SQLWrapper,
) {
  return withTenant(database.db, bench.tenantId, async (scope) => {
    const viewer = await notifications.viewerOf(scope, bench.userId);
    const [row] = rowsOf<Record<string, unknown>>(
      await scope.tx.execute(sql`explain (analyze, timing off, format json) ${query(scope, viewer)}`),
    );
    const raw = Object.values(row ?? {})[0];
    const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      Plan: Record<string, unknown>;
      'Execution Time': number;
    }[];
    return { executionMs: plan?.['Execution Time'] ?? Number.NaN, shape: plan ? planShape(plan.Plan) : '' };
  });
}

async function readingSql(database: Database, bench: Bench) {
  const repeat = Math.max(20, Math.floor(requestCount / 2));
  const inTx = async (work: (scope: TenantScope, viewer: Viewer) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < repeat + 5; i++) {
      await withTenant(database.db, bench.tenantId, async (scope) => {
        const viewer = await notifications.viewerOf(scope, bench.userId);
        const t0 = performance.now();
        await work(scope, viewer);
        if (i >= 5) times.push(performance.now() - t0);
      });
    }
    return times;
  };
  const stats = await inTx((scope, viewer) => notifications.stats(scope, viewer));
  const unread = await inTx((scope, viewer) =>
    notifications.listNotifications(scope, viewer, { unreadOnly: true, limit: 50 }),
  );
  console.log(`  stats (the /stats query, unread count) in the tx: ${spread(stats)}`);
  console.log(`  listNotifications unread, limit 50 (page + count) in the tx: ${spread(unread)}`);
  const executions: number[] = [];
  let shape = '';
  for (let i = 0; i < repeat; i++) {
    const r = await explain(database, bench, notifications.statsQuery);
    executions.push(r.executionMs);
    shape = r.shape;
  }
  console.log(`  EXPLAIN ANALYZE execution time of the /stats query: ${spread(executions)}`);
  console.log(`    plan: ${shape}`);
}

async function readingHttp(address: string, token: string) {
  const call = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${address}/api/v1/notifications/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { unread_count?: number; total?: number };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, body };
  };
  for (let i = 0; i < 10; i++) {
    await call('stats');
    await call('unread?limit=50');
  }
  const stats: number[] = [];
  const unread: number[] = [];
  let seen = { unread: 0, total: 0, listed: 0 };
  for (let i = 0; i < requestCount; i++) {
    const s = await call('stats');
    stats.push(s.ms);
    const u = await call('unread?limit=50');
    unread.push(u.ms);
    seen = { unread: s.body.unread_count ?? 0, total: s.body.total ?? 0, listed: u.body.total ?? 0 };
  }
  console.log(
    `  the user sees ${seen.total} notifications, ${seen.unread} unread (unread list total ${seen.listed})`,
  );
  console.log(`  GET /api/v1/notifications/stats, ${requestCount} sequential: ${spread(stats)}`);
  console.log(`  GET /api/v1/notifications/unread?limit=50, ${requestCount} sequential: ${spread(unread)}`);
}

// ---------------------------------------------------------------------------------------------
// 2. Alert generation inside the analysis transaction.

const raising: TicketAnalysis = {
  overall_sentiment: 'negative',
  sentiment: 'negative',
  complexity_score: 0.9,
  confidence_score: 0.8,
  csat_score: 3.2,
  solved_status: 'not_solved',
  analysis_explanation: 'bench',
  contains_red_flags: true,
  red_flag_words: ['procon'],
  requires_escalation: true,
  escalation_reasons: ['legal_threat'],
  urgency_level: 'high',
};
const calm: TicketAnalysis = {
  ...raising,
  overall_sentiment: 'positive',
  sentiment: 'positive',
  complexity_score: 0.2,
  csat_score: 9.1,
  solved_status: 'solved',
  contains_red_flags: false,
  red_flag_words: [],
  requires_escalation: false,
  escalation_reasons: [],
  urgency_level: 'low',
};

async function alertOverhead(database: Database, bench: Bench, events: DomainEvents) {
  const tickets = await newTickets(database, bench.tenantId, alertRuns);
  // The same event published without reactions: the outbox row alone.
  const bare = new DomainEvents();
  const empty: number[] = [];
  const outbox: number[] = [];
  const cases = {
    raises: { publish: [] as number[], tx: [] as number[], created: 0 },
    rearms: { publish: [] as number[], tx: [] as number[], created: 0 },
    unchanged: { publish: [] as number[], tx: [] as number[], created: 0 },
  };
  const lastSeq = async (tx: Tx) => {
    const [row] = rowsOf<{ seq: number | null }>(
      await tx.execute(sql`select max(seq)::int as seq from notifications`),
    );
    return row?.seq ?? 0;
  };
  const createdSince = async (tx: Tx, seq: number) => {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from notifications where seq > ${seq}`),
    );
    return row?.n ?? 0;
  };
  /** What the analysis transaction does after writing the analysis: publish ticket.analyzed. */
  const analyzed = async (ticketId: string, analysis: TicketAnalysis, into: (typeof cases)['raises']) => {
    const t0 = performance.now();
    await withTenant(database.db, bench.tenantId, async ({ tx }) => {
      const before = await lastSeq(tx);
      const t1 = performance.now();
      await events.publish(tx, bench.tenantId, 'ticket.analyzed', { ticket_id: ticketId, analysis });
      into.publish.push(performance.now() - t1);
      into.created += await createdSince(tx, before);
    });
    into.tx.push(performance.now() - t0);
  };
  for (const ticketId of tickets) {
    let t0 = performance.now();
    await withTenant(database.db, bench.tenantId, async () => {});
    empty.push(performance.now() - t0);
    await withTenant(database.db, bench.tenantId, async ({ tx }) => {
      t0 = performance.now();
      await bare.publish(tx, bench.tenantId, 'ticket.analyzed', { ticket_id: ticketId, analysis: calm });
      outbox.push(performance.now() - t0);
    });
    await analyzed(ticketId, raising, cases.raises);
    await analyzed(ticketId, calm, cases.rearms);
    await analyzed(ticketId, calm, cases.unchanged);
  }
  console.log(`  ${alertRuns} tickets; an empty tenant transaction: ${spread(empty)}`);
  console.log(`  publish ticket.analyzed without reactions (the outbox row alone): ${spread(outbox)}`);
  const labels = {
    raises: 'raises (fresh ticket, every condition: alerts + automatic flag)',
    rearms: 're-arms (a calm analysis after that)',
    unchanged: 'changes nothing (calm again)',
  };
  for (const [key, c] of Object.entries(cases)) {
    const extra = percentile(c.publish, 50) - percentile(outbox, 50);
    console.log(
      `  ${labels[key as keyof typeof labels]}: ${(c.created / alertRuns).toFixed(1)} alerts each; publish ` +
        `${spread(c.publish)} (alert rules ~${ms(extra)} ms at p50); whole transaction ${spread(c.tx)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Push.

const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
const memory = () => {
  gc();
  gc();
  return process.memoryUsage();
};

async function push(
  label: string,
  options: {
    clients: Clients;
    streamsUrl: string;
    flagsUrl: string;
    streamTokens: string[];
    flagToken: string;
    tickets: string[];
    measureMemory: boolean;
  },
) {
  const { clients, tickets } = options;
  console.log(`  ${label}:`);
  const before = options.measureMemory ? memory() : undefined;
  const opened = await clients.open(options.streamsUrl, options.streamTokens, streamCount);
  console.log(
    `    opened ${opened.ok}/${streamCount} streams (${options.streamTokens.length} users) in ${(opened.ms / 1000).toFixed(1)} s` +
      (opened.failed.length ? `; failures e.g. ${opened.failed.join(' | ')}` : ''),
  );
  const after = options.measureMemory ? memory() : undefined;
  const answered = new Map<string, number>();
  const requestMs: number[] = [];
  let missing = 0;
  const refused: string[] = [];
  // This process is the server (and, on PostgreSQL, both instances): how long its loop stalls.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  for (const ticketId of tickets) {
    const delivered = clients.deliveredTo(ticketId, 15_000);
    for (let attempt = 1; ; attempt++) {
      const t0 = now();
      const res = await fetch(`${options.flagsUrl}/api/v1/tickets/${ticketId}/flag?flagged=true`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${options.flagToken}` },
      });
      const body = await res.text();
      const t1 = now();
      if (res.status === 200) {
        answered.set(ticketId, t1);
        requestMs.push(t1 - t0);
        break;
      }
      // 503: the server shed load (its event loop stalled); the flag was not applied, try again.
      if (res.status !== 503 || attempt === 20) throw new Error(`flag: ${res.status} ${body}`);
      refused.push(body);
      await sleep(200);
    }
    if (!(await delivered)) missing++;
  }
  loop.disable();
  const { times, ended } = await clients.collect();
  const all: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  for (const [ticketId, at] of answered) {
    const latencies = (times[ticketId] ?? []).map((t) => t - at);
    all.push(...latencies);
    if (latencies.length) {
      first.push(Math.min(...latencies));
      last.push(Math.max(...latencies));
    }
  }
  console.log(
    `    ${tickets.length} flags one at a time: PATCH …/flag ${spread(requestMs)}` +
      (refused.length ? `; ${refused.length} answered 503 first (${detailOf(refused[0] ?? '')})` : ''),
  );
  console.log(
    `    server event loop meanwhile: delay p50 ${ms(loop.percentile(50) / 1e6)} ms, p99 ${ms(loop.percentile(99) / 1e6)} ms, max ${ms(loop.max / 1e6)} ms`,
  );
  console.log(
    // Delivery starts at commit, so a stream may have it before the flag's response arrives (< 0).
    `    flag response → event: notification, ${all.length} (stream, alert) pairs: ${spread(all)}` +
      (missing ? ` (${missing} alerts not delivered to every open stream within 15 s)` : ''),
  );
  console.log(`    per alert: first stream ${spread(first)}; last stream ${spread(last)}`);
  if (ended > 0) {
    console.log(
      `    the server ended ${ended} of ${opened.ok} streams meanwhile (a failed read ends a stream; BENCH_LOG_LEVEL=warn says why)`,
    );
  }
  if (before && after) {
    const final = memory();
    const perStream = (after.rss - before.rss) / Math.max(1, opened.ok) / 1024;
    console.log(
      `    server process: RSS ${mb(before.rss)} → ${mb(after.rss)} with ${opened.ok} streams (${perStream.toFixed(0)} kB each)` +
        ` → ${mb(final.rss)} after the alerts; heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} → ${mb(final.heapUsed)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------

const serverSettings = {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  // The bench measures the notifications, not the limits: raised far out of the way.
  API_RATE_LIMIT_PER_TENANT_PER_MINUTE: '100000000',
  SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
  HTTP_MAX_CONNECTIONS: '100000',
  // 1,000 streams of a few users of one tenant: past the per-user (5) and per-tenant (200) caps.
  NOTIFICATION_STREAMS_PER_USER: '1000',
  NOTIFICATION_STREAMS_PER_TENANT: '1000000',
};

/**
 * One at a time, retried on 503: creating users hashes passwords on this thread, and the server
 * sheds load for a second after its event loop stalled.
 */
async function signIn(address: string, email: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signInIdToken(address, { email, password });
    } catch (err) {
      if (!(err as Error).message.includes('503') || attempt === 10) throw err;
      await sleep(1000);
    }
  }
}

async function signInAll(address: string, emails: string[]) {
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await signIn(address, email));
  return tokens;
}

async function measure(
  label: string,
  database: Database,
  clients: Clients | undefined,
  secondDatabase?: () => Promise<Database>,
) {
  console.log(`${label}:`);
  await database.migrate();
  const bench = await fill(database);
  if (parts.has('1')) {
    console.log(' 1. reading');
    await readingSql(database, bench);
  }
  const { app, address } = await startBenchServer(database, serverSettings);
  try {
    const token = await signIn(address, bench.email);
    if (parts.has('1')) await readingHttp(address, token);
    if (parts.has('2')) {
      console.log(' 2. alert generation inside the analysis transaction');
      await alertOverhead(database, bench, app.events);
    }
    if (!clients) return;
    console.log(` 3. push to ${streamCount} open streams`);
    const emails: string[] = [];
    for (let i = 0; i < streamUsers; i++) {
      const email = `stream-${i}-${bench.email}`;
      await createUser(database.db, {
        tenantSlug: bench.slug,
        email,
        password,
        temporary: false,
        groups: [],
      });
      emails.push(email);
    }
    const alerts = alertsFor(database.driver);
    const streamTokens = await signInAll(address, emails);
    await push('one app instance', {
      clients,
      streamsUrl: address,
      flagsUrl: address,
      streamTokens,
      flagToken: token,
      tickets: await newTickets(database, bench.tenantId, alerts),
      measureMemory: true,
    });
    if (secondDatabase) {
      const other = await secondDatabase();
      const { app: appB, address: addressB } = await startBenchServer(other, serverSettings);
      try {
        const tokensB = await signInAll(addressB, emails);
        await push('two app instances (streams on B, flags through A)', {
          clients,
          streamsUrl: addressB,
          flagsUrl: address,
          streamTokens: tokensB,
          flagToken: token,
          tickets: await newTickets(database, bench.tenantId, alerts),
          measureMemory: false,
        });
      } finally {
        await appB.close();
        await other.close();
      }
    }
  } finally {
    await app.close();
  }
}

async function onPostgres(clients: Clients | undefined) {
  await withScratchDatabase('atende_bench', async ({ url }) => {
    // The fill's set-based statements outgrow the app's 10 s statement timeout on shared cores.
    const postgres = await createDb({
      databaseUrl: url,
      timeouts: { ...defaultDbTimeouts, statementTimeoutMs: 600_000 },
    });
    try {
      await measure('PostgreSQL', postgres, clients, () => createDb({ databaseUrl: url }));
    } finally {
      await postgres.close();
    }
  });
}

async function main() {
  const clients = parts.has('3') ? clientsProcess() : undefined;
  try {
    if (databases.has('pglite')) {
      const pglite = await createDb({ pglite: await openPglite() });
      try {
        await measure('PGlite (in memory)', pglite, clients);
      } finally {
        await pglite.close();
      }
    }
    if (databases.has('postgres')) await onPostgres(clients);
  } finally {
    await clients?.close();
  }
}

if (process.env.BENCH_NOTIFICATIONS_ROLE === 'clients') runClients();
else await main();
