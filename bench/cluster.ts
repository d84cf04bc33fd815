// Cluster bench (`npm run bench -- --cluster`, not part of plain `npm run bench` nor `npm test`): two
// API processes behind HAProxy (Debian's package) sharing one PostgreSQL, and simulated agents
// working through HAProxy as the web app does. Prints requests/s, p50/p95/p99 per action and
// overall, errors, and the CPU split between the API processes, PostgreSQL, HAProxy and this
// process (the load client); asserts nothing. The goal (issue 33): 0 errors, p99 ≤ 250 ms.
//   Data: one tenant with CLUSTER_TICKETS tickets (default 100,000; seedBulk, 10,000 customers, one
//   message per ticket), then vacuum (analyze); CLUSTER_USERS agents' accounts (default 20), each
//   signed in over HTTP through HAProxy; the agents share their tokens round-robin.
//   Load: CLUSTER_AGENTS agents (default 200), each acting every 3 s ± 50 % (uniform 1.5–4.5 s):
//   list 50 % (a page of 20, one of five filters, pages 1–3), open 20 % (the ticket and its
//   conversation, in parallel as the web app does), search 15 %, bell 10 % (the unread
//   notifications), analyse 5 % (POST /tickets/:id/analyze, force_reanalysis, the offline analyzer),
//   for CLUSTER_SECONDS (default 120; `--long`: 600) after a 10 s warm-up that is not counted.
//   HAProxy: `haproxy` on PATH, else installed with apt-get when this runs as root on Debian (as
//   `npm test` installs Chromium), else a message says how and the bench stops (exit 0).
//   BENCH_DATABASE_URL: see bench/lib.ts (a scratch database atende_cluster_<random>, dropped at the
//   end; no PostgreSQL → a message and exit 0).
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { seedBulk } from '../apps/api/src/cli/seed-bulk.ts';
import { createDb } from '../apps/api/src/db/client.ts';
import { createUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { signInIdToken } from '../apps/api/src/test/helpers.ts';
import { type ServerProcess, startServerProcess } from '../apps/api/src/test/processes.ts';
import { raisedRateLimits, type ScratchDatabase, withScratchDatabase } from './lib.ts';

const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ticketCount = envNumber('CLUSTER_TICKETS', 100_000);
const userCount = envNumber('CLUSTER_USERS', 20);
const agentCount = envNumber('CLUSTER_AGENTS', 200);
const long = process.argv.includes('--long');
const durationMs = envNumber('CLUSTER_SECONDS', long ? 600 : 120) * 1000;
const warmUpMs = 10_000;
const thinkMs = 3000;
const password = 'Bancada-Agentes-Cluster-42';
const p99Goal = 250;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const since = (t0: number) => performance.now() - t0;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2));

// ---------------------------------------------------------------------------------------------
// HAProxy: Debian's package.

function haproxyPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

function ensureHaproxy(): string | undefined {
  const present = haproxyPath();
  if (present) return present;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (canApt) {
    console.log('Installing Debian’s HAProxy for the cluster bench (apt-get install haproxy)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'],
    ]) {
      const { status } = spawnSync('apt-get', args, { env, stdio: 'inherit' });
      if (status !== 0) break;
    }
  }
  const installed = haproxyPath();
  if (!installed) {
    console.log(
      'HAProxy: skipped, `haproxy` is not on PATH (the bench installs it with apt-get only as root on ' +
        'Debian). Install it with:  sudo apt-get install haproxy',
    );
  }
  return installed;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** HAProxy in the foreground (-db) round-robin over the API processes, health-checked on /healthz. */
async function startHaproxy(binary: string, backends: string[]) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atende-cluster-'));
  const config = path.join(dir, 'haproxy.cfg');
  const servers = backends
    .map((url, i) => `  server api${i + 1} ${new URL(url).host} check inter 2s maxconn 500`)
    .join('\n');
  fs.writeFileSync(
    config,
    `global
  maxconn 4000
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  option http-keep-alive
frontend atende
  bind 127.0.0.1:${port}
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
${servers}
`,
  );
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    await sleep(100);
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url, child, stop, output: () => output };
}

// ---------------------------------------------------------------------------------------------
// CPU time of processes (Linux /proc: user + system, in clock ticks of 10 ms).

function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name: state is [0], utime [11], stime [12].
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** PostgreSQL backends serving the scratch database (the API pools, LISTEN, leader lock). */
async function backendPids(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((r) => r.pid);
}

/** A Web Push (VAPID) P-256 key pair in base64url, as the server wants it with DATABASE_URL. */
function vapidKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x ?? '', 'base64url'),
    Buffer.from(pub.y ?? '', 'base64url'),
  ]);
  return {
    VAPID_PUBLIC_KEY: raw.toString('base64url'),
    VAPID_PRIVATE_KEY: privateKey.export({ format: 'jwk' }).d ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// The data.

interface Fixture {
  tenantId: string;
  emails: string[];
  ticketIds: string[];
}

async function fill(url: string): Promise<Fixture> {
  const database = await createDb({
    databaseUrl: url,
    timeouts: { statementTimeoutMs: 0, lockTimeoutMs: 0, connectTimeoutMs: 3000 },
  });
  try {
    await database.migrate();
    const started = performance.now();
    const tenant = await createTenant(database.db, { name: 'Central de Agentes', slug: 'central-agentes' });
    const seeded = await seedBulk(database, {
      tenantSlug: tenant.slug,
      tickets: ticketCount,
      customers: Math.min(10_000, ticketCount),
      messagesPerTicket: 1,
    });
    await database.db.execute(sql`vacuum (analyze)`);
    const emails: string[] = [];
    for (let i = 0; i < userCount; i++) {
      const email = `agente-${i + 1}@central.example`;
      await createUser(database.db, {
        tenantSlug: tenant.slug,
        email,
        password,
        temporary: false,
        groups: [],
      });
      emails.push(email);
    }
    const { rows } = (await database.db.execute(
      sql`select id from tickets where tenant_id = ${tenant.id} order by random() limit 2000`,
    )) as unknown as { rows: { id: string }[] };
    console.log(
      `  ${seeded.tickets} tickets, ${seeded.customers} customers, ${seeded.messages} messages, ` +
        `${seeded.analyses} analyses, ${userCount} agents' accounts; filled and vacuumed in ${seconds(since(started))}`,
    );
    return { tenantId: tenant.id, emails, ticketIds: rows.map((r) => r.id) };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The agents.

type Action = 'list' | 'open' | 'search' | 'bell' | 'analyse';
const mix: [Action, number][] = [
  ['list', 0.5],
  ['open', 0.2],
  ['search', 0.15],
  ['bell', 0.1],
  ['analyse', 0.05],
];
const listFilters = [
  '',
  'sentiment=negative',
  'solved_status=not_solved',
  'contains_red_flags=true&start_date=2025-09-01',
  'sort=csat_score&order=desc',
];

interface Sample {
  action: Action;
  ms: number;
  /** Every request of the action answered 2xx. */
  ok: boolean;
  /** What went wrong: status codes or the network error. */
  failure?: string;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function chooseAction(): Action {
  let r = Math.random();
  for (const [action, share] of mix) {
    if (r < share) return action;
    r -= share;
  }
  return 'list';
}

function requestsOf(action: Action, fixture: Fixture): { method: string; path: string; body?: unknown }[] {
  switch (action) {
    case 'list': {
      const params = new URLSearchParams(pick(listFilters));
      params.set('per_page', '20');
      params.set('page', String(1 + Math.floor(Math.random() * 3)));
      return [{ method: 'GET', path: `/tickets?${params}` }];
    }
    case 'open': {
      const id = pick(fixture.ticketIds);
      return [
        { method: 'GET', path: `/tickets/${id}` },
        { method: 'GET', path: `/tickets/${id}/conversation` },
      ];
    }
    case 'search': {
      const n = Math.floor(Math.random() * ticketCount);
      const term = pick([`carga ${n}`, `Cliente de carga ${n % 10_000}`, `procon ${n % 1000}`]);
      return [{ method: 'GET', path: `/tickets?search=${encodeURIComponent(term)}&per_page=20` }];
    }
    case 'bell':
      return [{ method: 'GET', path: '/notifications/unread?limit=10' }];
    case 'analyse':
      return [
        {
          method: 'POST',
          path: `/tickets/${pick(fixture.ticketIds)}/analyze`,
          body: { force_reanalysis: true },
        },
      ];
  }
}

async function act(base: string, headers: Record<string, string>, action: Action, fixture: Fixture) {
  const t0 = performance.now();
  const failures: string[] = [];
  await Promise.all(
    requestsOf(action, fixture).map(async (r) => {
      try {
        const res = await fetch(`${base}/api/v1${r.path}`, {
          method: r.method,
          headers: r.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: r.body === undefined ? undefined : JSON.stringify(r.body),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.status < 200 || res.status >= 300) failures.push(String(res.status));
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code;
        failures.push(
          (err as Error).name === 'TimeoutError'
            ? 'timeout'
            : `${(err as Error).message}${cause ? ` (${cause})` : ''}`,
        );
      }
    }),
  );
  return { ms: since(t0), failures };
}

async function drive(base: string, tokens: string[], fixture: Fixture) {
  const samples: Sample[] = [];
  let requests = 0;
  const startedAt = performance.now();
  const measureFrom = startedAt + warmUpMs;
  const endAt = measureFrom + durationMs;
  const agent = async (i: number) => {
    const headers = {
      authorization: `Bearer ${tokens[i % tokens.length]}`,
      'x-tenant-id': fixture.tenantId,
    };
    // Agents start spread over the first think time, then act every 3 s ± 50 %.
    await sleep(Math.random() * thinkMs);
    while (performance.now() < endAt) {
      const action = chooseAction();
      const began = performance.now();
      const { ms: took, failures } = await act(base, headers, action, fixture);
      if (began >= measureFrom && performance.now() <= endAt) {
        requests += action === 'open' ? 2 : 1;
        samples.push({
          action,
          ms: took,
          ok: failures.length === 0,
          failure: failures.length ? failures.join(', ') : undefined,
        });
      }
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  };
  await Promise.all(Array.from({ length: agentCount }, (_, i) => agent(i)));
  return { samples, requests };
}

function report(samples: Sample[], requests: number) {
  const rows: string[][] = [];
  const line = (label: string, group: Sample[]) => {
    const sorted = group.map((s) => s.ms).sort((a, b) => a - b);
    const errors = group.filter((s) => !s.ok).length;
    rows.push([
      label,
      String(group.length),
      (group.length / (durationMs / 1000)).toFixed(1),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(percentile(sorted, 99)),
      ms(sorted[sorted.length - 1] ?? 0),
      String(errors),
    ]);
  };
  for (const [action] of mix)
    line(
      action,
      samples.filter((s) => s.action === action),
    );
  line('all actions', samples);
  const head = ['action', 'count', 'per s', 'p50', 'p95', 'p99', 'max', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log('\nPer action (ms; "open" is the ticket and its conversation in parallel):');
  console.log(format(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(format(row));
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = samples.filter((s) => !s.ok);
  const p99 = percentile(all, 99);
  console.log(
    `\n${(requests / (durationMs / 1000)).toFixed(1)} requests/s (${requests} HTTP requests, ` +
      `${samples.length} actions in ${seconds(durationMs)}); p95 ${ms(percentile(all, 95))} ms, ` +
      `p99 ${ms(p99)} ms (goal ≤ ${p99Goal} ms ${p99 <= p99Goal ? '✓' : '✗'}); ` +
      `errors ${errors.length} (goal 0 ${errors.length === 0 ? '✓' : '✗'})`,
  );
  if (errors.length) {
    const byKind = new Map<string, number>();
    for (const e of errors) {
      const key = `${e.action}: ${e.failure}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    console.log(`  errors: ${[...byKind].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  }
}

// ---------------------------------------------------------------------------------------------

async function run(scratch: ScratchDatabase, haproxy: string) {
  console.log(
    `Cluster: 2 API processes behind HAProxy, one PostgreSQL (${scratch.name}); ${agentCount} agents ` +
      `for ${seconds(durationMs)} (after ${seconds(warmUpMs)} of warm-up), ${ticketCount} tickets`,
  );
  const fixture = await fill(scratch.url);
  const env = {
    DATABASE_URL: scratch.url,
    ...raisedRateLimits,
    SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    HTTP_MAX_CONNECTIONS: '100000',
    LOG_LEVEL: 'warn',
    // Both processes sign Web Push with one pair (required with DATABASE_URL since issue 34).
    ...vapidKeys(),
  };
  const servers: ServerProcess[] = [];
  const admin = new pg.Client({ connectionString: scratch.url });
  admin.on('error', () => {}); // dropped with the database on Ctrl+C
  let proxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  try {
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env, { timeoutMs: 60_000 }));
    proxy = await startHaproxy(
      haproxy,
      servers.map((s) => s.url),
    );
    console.log(`  API processes ${servers.map((s) => s.url).join(', ')}; HAProxy ${proxy.url}`);
    const tokens: string[] = [];
    for (const email of fixture.emails) tokens.push(await signInIdToken(proxy.url, { email, password }));
    await admin.connect();

    const cpuBefore = {
      api: servers.reduce((sum, s) => sum + cpuMsOf(s.child.pid), 0),
      haproxy: cpuMsOf(proxy.child.pid),
      client: process.cpuUsage(),
      wall: performance.now(),
    };
    const pidsBefore = await backendPids(admin, scratch.name);
    const pgBefore = new Map(pidsBefore.map((pid) => [pid, cpuMsOf(pid)]));
    const { samples, requests } = await drive(proxy.url, tokens, fixture);
    const pidsAfter = await backendPids(admin, scratch.name);
    const pgMs = pidsAfter.reduce((sum, pid) => sum + cpuMsOf(pid) - (pgBefore.get(pid) ?? 0), 0);
    const wallMs = since(cpuBefore.wall);
    const client = process.cpuUsage(cpuBefore.client);
    report(samples, requests);
    const share = (cpu: number) => `${((cpu / wallMs) * 100).toFixed(0)} %`;
    // Other work on the machine shows here: the bench's own processes are a few of these runnables.
    console.log(
      `  load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(
      `  CPU over ${seconds(wallMs)} (warm-up included; 100 % = one core of 2): API processes ` +
        `${share(servers.reduce((sum, s) => sum + cpuMsOf(s.child.pid), 0) - cpuBefore.api)}, ` +
        `PostgreSQL backends ${share(pgMs)}, HAProxy ${share(cpuMsOf(proxy.child.pid) - cpuBefore.haproxy)}, ` +
        `load client ${share((client.user + client.system) / 1000)}`,
    );
  } finally {
    await admin.end().catch(() => {});
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const started = performance.now();
const haproxy = ensureHaproxy();
if (haproxy) {
  await withScratchDatabase('atende_cluster', async (scratch) => {
    try {
      await run(scratch, haproxy);
    } finally {
      console.log(`whole run: ${seconds(since(started))}`);
    }
  });
}
