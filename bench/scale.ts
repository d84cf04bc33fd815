// Scale bench (`npm run bench -- --scale`, not part of plain `npm run bench` nor `npm test`): 10 tenants
// × 100,000 tickets on PostgreSQL, then for each list question of the API, over real HTTP with a real
// token: p50/p95 of sequential requests, the same SQL alone (as app_user with row-level security, in
// the tenant transaction) and the ratio, the pool's queries per request, autocannon's req/s at 50
// connections on a filtered list, and EXPLAIN (ANALYZE, BUFFERS) of every question's SQL (also
// written to .cache/bench/scale-plans.txt). Prints figures and goals; asserts nothing.
//   BENCH_DATABASE_URL (see bench/lib.ts: a scratch database atende_scale_<random> is made there and
//   dropped at the end; no PostgreSQL → a message and exit 0), SCALE_TENANTS (default 10), SCALE_TICKETS (per
//   tenant, default 100000), SCALE_CUSTOMERS (the measured tenant's, default 100000; the others get
//   1,000), SCALE_REQUESTS (sequential requests per question, default 200; a question stops short
//   after SCALE_PHASE_SECONDS, default 15, of HTTP and as long of SQL, and says so), SCALE_CONNECTIONS
//   (default 50) and SCALE_SECONDS (default 10) for autocannon. Throughput runs twice on the filtered
//   list, before and after in one run: an app started with ATENDE_HOTPATH=off (issue 33's
//   optimisations off: one query per round trip, zod's serializer, the ticket list joined before its
//   limit and without migration 0027's joint statistics) and the app measured above, each
//   with autocannon in a child process and the CPU split between this process (the server), the
//   scratch database's PostgreSQL backends and the load client.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { seedBulk } from '../apps/api/src/cli/seed-bulk.ts';
import { createDb, createDbFromConfig, type Database } from '../apps/api/src/db/client.ts';
import { createUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { signInIdToken } from '../apps/api/src/test/helpers.ts';
import { testVapidKeys } from '../apps/api/src/test/processes.ts';
import { benchConfig, type ScratchDatabase, withScratchDatabase } from './lib.ts';

const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const tenantCount = envNumber('SCALE_TENANTS', 10);
const ticketCount = envNumber('SCALE_TICKETS', 100_000);
const measuredCustomers = envNumber('SCALE_CUSTOMERS', 100_000);
const otherCustomers = 1_000;
const requestCount = envNumber('SCALE_REQUESTS', 200);
/** A question's HTTP (and its SQL) stops short of requestCount after this long: keeps a slow run ≤ 10 min. */
const phaseCapMs = envNumber('SCALE_PHASE_SECONDS', 15) * 1000;
const warmUps = 10;
const pages = [1, 2, 3, 4, 5];
const perPage = 20;
const loadConnections = envNumber('SCALE_CONNECTIONS', 50);
const loadSeconds = envNumber('SCALE_SECONDS', 10);
const password = 'Bancada-Medida-Relogio-42';
const root = fileURLToPath(new URL('..', import.meta.url));
const plansFile = path.join(root, '.cache', 'bench', 'scale-plans.txt');

// ---------------------------------------------------------------------------------------------
// The questions: one table. `goal` is the p95 over HTTP to meet, in ms.

type Area = 'tickets' | 'messages' | 'customers' | 'analytics/dashboard';
interface Question {
  area: Area;
  query: string;
  goal: number;
  /** For the sort questions: the order the answer must show (else the API ignored `sort`). */
  sortedBy?: 'csat desc' | 'csat asc';
}
interface Picks {
  customerId: string;
  ticketId: string;
  cpfPrefix: string;
}
const listGoal = 15;
const searchGoal = 30;
const dashboardGoal = 50;
/** The filtered list autocannon loads. */
const loadQuery = 'sentiment=negative&contains_red_flags=true&start_date=2025-09-01';

const questionsFor = (p: Picks): Question[] => [
  { area: 'tickets', query: '', goal: listGoal },
  { area: 'tickets', query: loadQuery, goal: listGoal },
  { area: 'tickets', query: 'solved_status=not_solved&csat_lt=7', goal: listGoal },
  { area: 'tickets', query: 'flagged=true', goal: listGoal },
  { area: 'tickets', query: `customer_id=${p.customerId}`, goal: listGoal },
  { area: 'tickets', query: 'start_date=2025-09-01&end_date=2025-10-31', goal: listGoal },
  { area: 'tickets', query: 'sort=csat_score&order=desc', goal: listGoal, sortedBy: 'csat desc' },
  {
    area: 'tickets',
    query: 'sort=csat_score&order=asc&sentiment=negative',
    goal: listGoal,
    sortedBy: 'csat asc',
  },
  { area: 'tickets', query: 'search=carga 4242', goal: searchGoal },
  { area: 'tickets', query: 'search=procon 777', goal: searchGoal },
  // A customer's name as typed (the measured tenant's ticket i has customer 1 + i mod 100,000).
  { area: 'tickets', query: 'search=Cliente de carga 98765', goal: searchGoal },
  // Words in every ticket and a 2-digit number (4,682 matches): not selective, shown for scale.
  { area: 'tickets', query: 'search=Cliente de carga 77', goal: searchGoal },
  { area: 'messages', query: '', goal: listGoal },
  { area: 'messages', query: 'direction=inbound', goal: listGoal },
  { area: 'messages', query: `ticket_id=${p.ticketId}`, goal: listGoal },
  { area: 'messages', query: 'search=problema 4242', goal: searchGoal },
  { area: 'customers', query: '', goal: listGoal },
  { area: 'customers', query: 'search=Cliente de carga 4242', goal: searchGoal },
  { area: 'customers', query: `search=${p.cpfPrefix}`, goal: searchGoal },
  // The dashboard (it ignores page and per_page): 90 days of the measured tenant (32,400 tickets),
  // and 366 days, its whole history (~100,000).
  { area: 'analytics/dashboard', query: 'start_date=2025-09-01&end_date=2025-11-29', goal: dashboardGoal },
  { area: 'analytics/dashboard', query: 'start_date=2025-06-01&end_date=2026-06-01', goal: dashboardGoal },
];

/** How a question is printed: its ids shortened (they differ every run). */
const labelOf = (q: Question) =>
  `${q.area}${q.query ? `?${q.query.replace(/([0-9a-f]{8})-[0-9a-f-]{27}/g, '$1…')}` : ''}`;

const urlOf = (q: Question, page: number) => {
  const params = new URLSearchParams(q.query);
  params.set('per_page', String(perPage));
  params.set('page', String(page));
  return `/api/v1/${q.area}?${params}`;
};

// ---------------------------------------------------------------------------------------------
// Figures.

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2));
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
const since = (t0: number) => performance.now() - t0;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------
// What the app's pool sends: every query of a pooled pg.Client is counted, and recorded while a
// request is measured (the app's own pool only: the bench's clients and the LISTEN connection not).

interface SentQuery {
  name?: string;
  text: string;
  values: unknown[];
  /** The pooled connection that sent it. */
  client: object;
  /** The round trip it went in: queries written while another was awaited on the connection share one. */
  roundTrip: number;
}
const pooled = new WeakSet<object>();
const sent = { count: 0, roundTrips: 0, recording: undefined as SentQuery[] | undefined };
/** Queries sent and not yet answered, per pooled connection. */
const inFlight = new WeakMap<object, number>();

function watchQueries() {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: object, ...args: unknown[]) {
    if (!pooled.has(this)) return original.apply(this, args);
    sent.count++;
    const pending = inFlight.get(this) ?? 0;
    if (pending === 0) sent.roundTrips++;
    inFlight.set(this, pending + 1);
    const answered = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const [first, second] = args;
    const config = (typeof first === 'string' ? { text: first } : first) as Partial<SentQuery>;
    const values = Array.isArray(second) ? second : (config.values ?? []);
    sent.recording?.push({
      name: config.name,
      text: config.text ?? String(first),
      values,
      client: this,
      roundTrip: sent.roundTrips,
    });
    // pg-pool's query passes a callback; drizzle awaits the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        answered();
        return callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') result.then(answered, answered);
    else answered();
    return result;
  };
}

/** Marks the clients of the database's pool as the app's (drizzle keeps the pool as $client). */
function watchPool(database: Database) {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  pool.on('connect', (client) => pooled.add(client));
}

const setupStatement = /^\s*(begin|commit|rollback)\b|set_config\('app\.tenant_id'|^\s*set local role/i;

/** A request's tenant transaction as sent (begin … commit), and the question's statements in it. */
interface TenantTx {
  statements: SentQuery[];
  question: SentQuery[];
}

/** Finds the tenant transaction among a request's queries (the rate limiter's flush may interleave). */
function tenantTxOf(queries: SentQuery[]): TenantTx {
  const setup = queries.find((q) => /set_config\('app\.tenant_id'/.test(q.text));
  if (!setup) throw new Error('no tenant transaction in the request');
  const own = queries.filter((q) => q.client === setup.client);
  const at = own.indexOf(setup);
  const begin = own.findLastIndex((q, i) => i < at && /^\s*begin\b/i.test(q.text));
  const end = own.findIndex((q, i) => i > at && /^\s*(commit|rollback)\b/i.test(q.text));
  if (begin < 0 || end < 0) throw new Error('the tenant transaction has no begin or end');
  const statements = own.slice(begin, end + 1);
  return { statements, question: statements.filter((q) => !setupStatement.test(q.text)) };
}

// ---------------------------------------------------------------------------------------------
// The fill: seedBulk for every tenant, the measured one in the middle of the tables.

interface Measured {
  tenantId: string;
  email: string;
  picks: Picks;
}

async function fill(database: Database): Promise<Measured> {
  const measuredIndex = Math.floor(tenantCount / 2);
  const suffix = randomBytes(3).toString('hex');
  const started = performance.now();
  let measured: { id: string; slug: string } | undefined;
  for (let t = 0; t < tenantCount; t++) {
    const isMeasured = t === measuredIndex;
    const tenant = await createTenant(database.db, {
      name: `Carga ${t + 1}`,
      slug: `carga-${t + 1}-${suffix}`,
    });
    if (isMeasured) measured = tenant;
    let lastReport = performance.now();
    const result = await seedBulk(database, {
      tenantSlug: tenant.slug,
      tickets: ticketCount,
      customers: isMeasured ? measuredCustomers : otherCustomers,
      messagesPerTicket: 1,
      onProgress: ({ table, rows, total }) => {
        if (since(lastReport) < 10_000) return;
        lastReport = performance.now();
        console.log(`    … ${table} ${rows}/${total}`);
      },
    });
    console.log(
      `  tenant ${t + 1}/${tenantCount}${isMeasured ? ' (measured)' : ''}: ${result.tickets} tickets, ` +
        `${result.customers} customers, ${result.messages} messages, ${result.analyses} analyses in ${seconds(result.ms)}`,
    );
  }
  if (!measured) throw new Error('no tenant to measure');
  console.log(`  filled in ${seconds(since(started))}`);
  const vacuumed = performance.now();
  await database.db.execute(sql`vacuum (analyze)`);
  console.log(`  vacuum (analyze) in ${seconds(since(vacuumed))} (steady state: autovacuum would have run)`);
  const email = `bench-${measured.slug}@x.com`;
  await createUser(database.db, { tenantSlug: measured.slug, email, password, temporary: false, groups: [] });
  return { tenantId: measured.id, email, picks: await pick(database, measured.id) };
}

/** A customer with tickets, a ticket with messages, a CPF's first 6 digits: of the measured tenant. */
async function pick(database: Database, tenantId: string): Promise<Picks> {
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = rowsOf<T>(await database.db.execute(query));
    if (!row) throw new Error('the fill left the measured tenant without rows to pick');
    return row;
  };
  const { customer_id } = await one<{ customer_id: string }>(
    sql`select customer_id from tickets where tenant_id = ${tenantId} and customer_id is not null
        order by created_at desc limit 1 offset 100`,
  );
  const { ticket_id } = await one<{ ticket_id: string }>(
    sql`select ticket_id from messages where tenant_id = ${tenantId} and ticket_id is not null
        order by created_at desc limit 1 offset 100`,
  );
  const { document } = await one<{ document: string }>(
    sql`select document from customers where tenant_id = ${tenantId} order by created_at
        limit 1 offset ${Math.min(4242, Math.floor(measuredCustomers / 2))}`,
  );
  return { customerId: customer_id, ticketId: ticket_id, cpfPrefix: document.replace(/\D/g, '').slice(0, 6) };
}

// ---------------------------------------------------------------------------------------------
// Measuring one question.

interface Api {
  address: string;
  headers: Record<string, string>;
}
interface Outcome {
  q: Question;
  /** Why it was not measured (the API refused it). */
  refused?: string;
  note?: string;
  /** Matches, as the API counted them. */
  total?: string;
  http?: number[];
  sql?: number[];
  /** The pool's queries per request, and the round trips they took (pipelined ones share one). */
  queries?: number;
  roundTrips?: number;
  plans?: string[];
}

async function call(api: Api, url: string) {
  const recorded: SentQuery[] = [];
  sent.recording = recorded;
  const t0 = performance.now();
  try {
    const res = await fetch(`${api.address}${url}`, { headers: api.headers });
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, body, ms: since(t0), queries: recorded };
  } finally {
    sent.recording = undefined;
  }
}

/** Whether a sort question's first page comes in that order (an unknown `sort` is dropped silently). */
function sortNote(q: Question, body: Record<string, unknown>) {
  if (!q.sortedBy) return undefined;
  // Tickets without an analysis come last in either order: the analysed ones must be in order.
  const scores = ((body.tickets ?? []) as { analysis: { csat_score: number } | null }[]).flatMap((t) =>
    t.analysis ? [t.analysis.csat_score] : [],
  );
  const sign = q.sortedBy === 'csat desc' ? -1 : 1;
  const ordered = scores.every((s, i) => i === 0 || sign * (s - (scores[i - 1] ?? s)) >= 0);
  return ordered ? undefined : `answered 200 but not in ${q.sortedBy} order: the API ignores sort`;
}

/**
 * Sends a request's tenant transaction again on the bench's (pipeline-mode) client as the app sent
 * it: the statements of one round trip written together, each round trip awaited before the next.
 */
async function replay(client: pg.Client, tx: TenantTx) {
  const trips = new Map<number, SentQuery[]>();
  for (const s of tx.statements) trips.set(s.roundTrip, [...(trips.get(s.roundTrip) ?? []), s]);
  for (const trip of trips.values()) {
    await Promise.all(trip.map((s) => client.query({ name: s.name, text: s.text, values: s.values })));
  }
}

async function measure(q: Question, api: Api, client: pg.Client): Promise<Outcome> {
  const first = await call(api, urlOf(q, 1));
  if (first.status !== 200) {
    const detail = (first.body as { detail?: string }).detail ?? JSON.stringify(first.body).slice(0, 200);
    return { q, refused: `${first.status}: ${detail}` };
  }
  const pageOf = (i: number) => pages[i % pages.length] ?? 1;
  for (let i = 0; i < warmUps; i++) await call(api, urlOf(q, pageOf(i)));
  const http: number[] = [];
  const transactions = new Map<number, TenantTx>();
  const countBefore = sent.count;
  const tripsBefore = sent.roundTrips;
  const httpStarted = performance.now();
  for (let i = 0; i < requestCount && since(httpStarted) < phaseCapMs; i++) {
    const r = await call(api, urlOf(q, pageOf(i)));
    if (r.status !== 200)
      throw new Error(`${labelOf(q)} page ${pageOf(i)}: ${r.status} ${JSON.stringify(r.body)}`);
    http.push(r.ms);
    if (!transactions.has(pageOf(i))) transactions.set(pageOf(i), tenantTxOf(r.queries));
  }
  const queries = (sent.count - countBefore) / http.length;
  const roundTrips = (sent.roundTrips - tripsBefore) / http.length;
  const txOf = (i: number) => transactions.get(pageOf(i)) as TenantTx;
  for (let i = 0; i < warmUps; i++) await replay(client, txOf(i));
  const sqlTimes: number[] = [];
  const sqlStarted = performance.now();
  for (let i = 0; i < requestCount && since(sqlStarted) < phaseCapMs; i++) {
    const t0 = performance.now();
    await replay(client, txOf(i));
    sqlTimes.push(since(t0));
  }
  const counted = first.body.total ?? first.body.total_tickets;
  const total = typeof counted === 'number' ? counted : '?';
  return {
    q,
    note: sortNote(q, first.body),
    total: `${first.body.total_is_estimate ? 'more than ' : ''}${total}`,
    http,
    sql: sqlTimes,
    queries,
    roundTrips,
    plans: await explain(client, txOf(0)),
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each question statement, inside the same tenant setup (rolled back). */
async function explain(client: pg.Client, tx: TenantTx) {
  const plans: string[] = [];
  try {
    for (const s of tx.statements) {
      if (/^\s*(commit|rollback)\b/i.test(s.text)) break;
      if (!tx.question.includes(s)) {
        await client.query(s.text, s.values);
        continue;
      }
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${s.text}`,
        s.values,
      );
      const params = s.values.length ? `\n-- params: ${JSON.stringify(s.values)}` : '';
      plans.push(`${s.text}${params}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await client.query('rollback');
  }
  return plans;
}

const goalMet = (o: Outcome) => (o.http ? percentile(o.http, 95) <= o.q.goal : undefined);
const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? '✓' : '✗');

function printOutcome(o: Outcome) {
  console.log(`\n  ${labelOf(o.q)}`);
  if (o.refused || !o.http || !o.sql) {
    console.log(`    the API answered ${o.refused}: not measured`);
    return;
  }
  if (o.note) console.log(`    ${o.note}`);
  const [h50, h95, s50, s95] = [
    percentile(o.http, 50),
    percentile(o.http, 95),
    percentile(o.sql, 50),
    percentile(o.sql, 95),
  ];
  const capped = o.http.length < requestCount || o.sql.length < requestCount;
  console.log(
    `    ${o.total} matches; ${o.http.length} sequential requests over pages 1–${pages.length}` +
      (capped ? ` (stopped at the ${phaseCapMs / 1000} s cap; the SQL ${o.sql.length} times)` : ''),
  );
  console.log(
    `    HTTP p50 ${ms(h50)} ms, p95 ${ms(h95)} ms, max ${ms(percentile(o.http, 100))} ms` +
      ` (goal p95 ≤ ${o.q.goal} ms ${mark(goalMet(o))})`,
  );
  console.log(`    SQL  p50 ${ms(s50)} ms, p95 ${ms(s95)} ms (the request's tenant transaction sent again)`);
  console.log(
    `    HTTP/SQL ${(h50 / s50).toFixed(1)}× at p50; ${o.queries?.toFixed(2)} queries in ${o.roundTrips?.toFixed(2)} round trips per request`,
  );
}

// ---------------------------------------------------------------------------------------------
// Throughput: autocannon in a child process (its CPU apart from the server's, which is this
// process: the app is idle otherwise while it runs), and the CPU split between the server, the
// scratch database's PostgreSQL backends (/proc/<pid>/stat, when the server is on this machine)
// and the load client.

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
  /** The child's own CPU time, ms. */
  cpuMs: number;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** CPU ms per second of the run (100 = one core), and µs per request, per side. */
  cpu: Record<'server' | 'postgres' | 'client', { percent: number; perRequest: number } | undefined>;
}

/** autocannon in a child process; answers its result and its CPU time. */
function autocannonChild(options: Record<string, unknown>): Promise<AutocannonResult> {
  const script = `
    const autocannon = require(${JSON.stringify(createRequire(import.meta.url).resolve('autocannon'))});
    autocannon(JSON.parse(process.env.AUTOCANNON_OPTIONS)).then((r) => {
      const u = process.cpuUsage();
      process.stdout.write(JSON.stringify({ ...r, cpuMs: (u.user + u.system) / 1000 }));
    }, (err) => { console.error(err); process.exit(1); });`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      env: { ...process.env, AUTOCANNON_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as AutocannonResult)
        : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

/** CPU ticks (1/100 s) a process has used, or undefined when it is not on this machine. */
function cpuTicks(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return undefined;
  }
}

/** The scratch database's backends: the app's pool, its LISTEN connection (not the bench's own). */
async function backendPids(client: pg.Client) {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

async function throughput(api: Api, q: Question, client: pg.Client, label: string): Promise<Load> {
  const before = new Map((await backendPids(client)).map((pid) => [pid, cpuTicks(pid)]));
  const serverBefore = process.cpuUsage();
  const t0 = performance.now();
  const result = await autocannonChild({
    url: api.address,
    connections: loadConnections,
    duration: loadSeconds,
    headers: api.headers,
    requests: pages.map((page) => ({ method: 'GET', path: urlOf(q, page) })),
  });
  const wallMs = since(t0);
  const server = process.cpuUsage(serverBefore);
  let postgresTicks: number | undefined = 0;
  for (const pid of await backendPids(client)) {
    const now = cpuTicks(pid);
    if (now === undefined) postgresTicks = undefined;
    else if (postgresTicks !== undefined) postgresTicks += now - (before.get(pid) ?? 0);
  }
  const requests = result.requests.total;
  const split = (cpuMs: number | undefined) =>
    cpuMs === undefined
      ? undefined
      : { percent: (cpuMs / wallMs) * 100, perRequest: requests ? (cpuMs * 1000) / requests : 0 };
  const load: Load = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: {
      server: split((server.user + server.system) / 1000),
      postgres: split(postgresTicks === undefined ? undefined : postgresTicks * 10),
      client: split(result.cpuMs),
    },
  };
  const cpu = (Object.entries(load.cpu) as [string, { percent: number; perRequest: number } | undefined][])
    .map(
      ([side, v]) => `${side} ${v ? `${v.percent.toFixed(0)} % (${v.perRequest.toFixed(0)} µs/req)` : 'n/a'}`,
    )
    .join(', ');
  console.log(
    `  ${label}: ${load.rps.toFixed(0)} req/s, latency p50 ${load.p50} ms, p99 ${load.p99} ms; ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log(`    CPU (100 % = one core): ${cpu}`);
  if (result.non2xx > 0) console.log(`    status codes: ${JSON.stringify(result.statusCodeStats)}`);
  return load;
}

/** Migration 0027's statement: the joint statistics of the analysis fields copied onto tickets. */
const jointStatistics = fs
  .readFileSync(
    fileURLToPath(new URL('../apps/api/drizzle/0027_tickets_statistics.sql', import.meta.url)),
    'utf8',
  )
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .find((statement) => /^create statistics/i.test(statement));

/**
 * Runs `measure` on the database as it was before issue 33 for the hot path off: without
 * migration 0027's joint statistics (dropped, analysed, made again after).
 */
async function withoutJointStatistics<T>(client: pg.Client, measure: () => Promise<T>): Promise<T> {
  if (!jointStatistics) throw new Error('no create statistics in migration 0027');
  await client.query('drop statistics if exists tickets_analysis_fields_stats');
  await client.query('analyze tickets');
  try {
    return await measure();
  } finally {
    await client.query(jointStatistics);
    await client.query('analyze tickets');
  }
}

/** Before and after in one run: the app with ATENDE_HOTPATH=off, then the one measured above. */
async function throughputs(
  off: { api: Api; outcome: Outcome },
  on: { api: Api; outcome: Outcome },
  client: pg.Client,
) {
  const q = on.outcome.q;
  console.log(
    `\nThroughput: autocannon (a child process), ${loadConnections} connections for ${loadSeconds} s on ${labelOf(q)}`,
  );
  const before = await withoutJointStatistics(client, () =>
    throughput(off.api, q, client, 'before (ATENDE_HOTPATH=off, without 0027)'),
  );
  const after = await throughput(on.api, q, client, 'after');
  const ratio = (o: Outcome) =>
    o.http && o.sql ? percentile(o.http, 50) / percentile(o.sql, 50) : Number.NaN;
  const trips = (o: Outcome) => `${o.queries?.toFixed(2)} queries in ${o.roundTrips?.toFixed(2)} round trips`;
  const gain = after.rps / before.rps;
  console.log(
    `  after/before ${gain.toFixed(1)}× (goal ≥ 3× ${mark(gain >= 3)}; stretch 1,000 req/s ${mark(after.rps >= 1000)}), ` +
      `p99 ${after.p99} ms (goal ≤ 250 ${mark(after.p99 <= 250)})`,
  );
  console.log(
    `  sequential HTTP p50 / its SQL p50: before ${ratio(off.outcome).toFixed(1)}× (${trips(off.outcome)}), ` +
      `after ${ratio(on.outcome).toFixed(1)}× (${trips(on.outcome)}) (goal ≤ 1.5× ${mark(ratio(on.outcome) <= 1.5)})`,
  );
  return { before, after };
}

// ---------------------------------------------------------------------------------------------
// The summary.

function summary(outcomes: Outcome[], loads: { before: Load; after: Load }) {
  const head = ['question', 'p50', 'p95', 'SQL p50', 'ratio', 'round trips', 'goal'];
  const rows = outcomes.map((o) => {
    if (!o.http || !o.sql) return [labelOf(o.q), o.refused?.split(':')[0] ?? '', '', '', '', '', '–'];
    const [h50, s50] = [percentile(o.http, 50), percentile(o.sql, 50)];
    return [
      labelOf(o.q),
      ms(h50),
      ms(percentile(o.http, 95)),
      ms(s50),
      `${(h50 / s50).toFixed(1)}×`,
      o.roundTrips?.toFixed(2) ?? '',
      `${mark(goalMet(o))} ≤ ${o.q.goal}${o.note ? ' (sort ignored)' : ''}`,
    ];
  });
  const { before, after } = loads;
  rows.push(
    [
      `autocannon ${loadConnections} conn × ${loadSeconds} s, before (hot path off)`,
      `${before.p50}`,
      `p99 ${before.p99}`,
      '',
      '',
      '',
      `${before.rps.toFixed(0)} req/s`,
    ],
    [
      `autocannon ${loadConnections} conn × ${loadSeconds} s, after`,
      `${after.p50}`,
      `p99 ${after.p99}`,
      '',
      '',
      '',
      `${mark(after.rps >= 3 * before.rps && after.p99 <= 250)} ${after.rps.toFixed(0)} req/s ≥ 3× (${(after.rps / before.rps).toFixed(1)}×)`,
    ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log('\nSummary (ms; HTTP p95 against the goal):');
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------

/** The app on the scratch database; `hotpath: false` starts it with ATENDE_HOTPATH=off (read at start). */
async function startApp(url: string, measured: Measured, hotpath = true) {
  const config = benchConfig({
    DATABASE_URL: url,
    // Required with DATABASE_URL (it encrypts stored secrets); the bench's databases are throwaway.
    SECRET_KEY: 'b3'.repeat(32),
    // Required with DATABASE_URL too (every process signs Web Push with one pair).
    ...testVapidKeys,
    // The bench measures queries, not the limits: raised far out of the way.
    API_RATE_LIMIT_PER_TENANT_PER_MINUTE: '100000000',
    SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    HTTP_MAX_CONNECTIONS: '100000',
  });
  if (!hotpath) process.env.ATENDE_HOTPATH = 'off';
  const database = await createDbFromConfig(config);
  watchPool(database);
  const app = await buildApp({ config, database }).finally(() => {
    delete process.env.ATENDE_HOTPATH;
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signInIdToken(address, { email: measured.email, password });
  const api: Api = {
    address,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': measured.tenantId },
  };
  return { app, api };
}

/** Fills through a database of its own without the app's statement timeout (bulk inserts, vacuum). */
async function migrateAndFill(url: string) {
  const database = await createDb({
    databaseUrl: url,
    timeouts: { statementTimeoutMs: 0, lockTimeoutMs: 0, connectTimeoutMs: 3000 },
  });
  try {
    await database.migrate();
    return await fill(database);
  } finally {
    await database.close();
  }
}

async function run(scratch: ScratchDatabase) {
  console.log(
    `Scale: ${tenantCount} tenants × ${ticketCount} tickets on PostgreSQL (${scratch.name}); ` +
      `${requestCount} sequential requests per question`,
  );
  const measured = await migrateAndFill(scratch.url);
  watchQueries();
  const { app, api } = await startApp(scratch.url, measured);
  const before = await startApp(scratch.url, measured, false);
  // Pipeline mode: the SQL replay writes a round trip's statements together, as the app did.
  const client = new pg.Client({ connectionString: scratch.url, pipeline: true } as pg.ClientConfig);
  client.on('error', () => {}); // dropped with the database on Ctrl+C
  try {
    await client.connect();
    const questions = questionsFor(measured.picks);
    console.log('\nSequential requests (HTTP) and the same SQL alone (app_user, row-level security):');
    const outcomes: Outcome[] = [];
    for (const q of questions) {
      const outcome = await measure(q, api, client);
      printOutcome(outcome);
      outcomes.push(outcome);
    }
    const loadQuestion = questions.find((q) => q.area === 'tickets' && q.query === loadQuery) as Question;
    const on = outcomes.find((o) => o.q === loadQuestion) as Outcome;
    console.log(
      `\nBefore (ATENDE_HOTPATH=off: one query per round trip, zod's serializer, the list joined before its limit; without migration 0027's statistics), ${labelOf(loadQuestion)}:`,
    );
    const off = await withoutJointStatistics(client, () => measure(loadQuestion, before.api, client));
    printOutcome(off);
    const loads = await throughputs({ api: before.api, outcome: off }, { api, outcome: on }, client);
    printPlans(outcomes);
    summary(outcomes, loads);
  } finally {
    await client.end().catch(() => {});
    await before.app.close();
    await app.close();
  }
}

function printPlans(outcomes: Outcome[]) {
  const text = outcomes
    .filter((o) => o.plans)
    .map((o) => `== ${labelOf(o.q)} (page 1)\n\n${o.plans?.join('\n\n')}`)
    .join('\n\n');
  fs.mkdirSync(path.dirname(plansFile), { recursive: true });
  fs.writeFileSync(plansFile, `${text}\n`);
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS), as app_user in the tenant transaction (also in ${plansFile}):\n`,
  );
  console.log(text);
}

const started = performance.now();
await withScratchDatabase('atende_scale', async (scratch) => {
  try {
    await run(scratch);
  } finally {
    console.log(`whole run: ${seconds(since(started))}`);
  }
});
