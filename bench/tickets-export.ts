// GET /api/v1/tickets/export.csv of a tenant holding 100,000 tickets (seedBulk: 70% analysed, one
// customer in 100 tickets), over real HTTP with a real token, on PGlite and, when one answers, on
// PostgreSQL. The file is downloaded by a child process (node:http, read as it comes, nothing kept),
// so the server process's memory and CPU are the server's. Per database: the whole file (time, time
// to first byte, bytes, rows) and the memory the server process added while streaming it (peak RSS
// and peak heap used, sampled every 20 ms, minus the figures after a GC before the download); a
// filtered export; then the whole file again while another client lists tickets every 100 ms (its
// latencies: the export holds no transaction between pages). Goal: 100,000 rows in ≤ 5 s with
// ≤ 50 MB extra. Prints figures; asserts nothing.
//   BENCH_TICKETS (default 100000), BENCH_CHUNK_ROWS (default: the app's, 1000), BENCH_DATABASES
//   (default pglite,postgres), BENCH_DATABASE_URL (see bench/lib.ts: a scratch database
//   atende_bench_export_<random> is made there and dropped at the end).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { seedBulk } from '../apps/api/src/cli/seed-bulk.ts';
import { createDb, type Database, openPglite } from '../apps/api/src/db/client.ts';
import { createUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { signInIdToken } from '../apps/api/src/test/helpers.ts';
import { startBenchServer, withScratchDatabase } from './lib.ts';

const ticketCount = Number(process.env.BENCH_TICKETS ?? 100_000);
const chunkRows = process.env.BENCH_CHUNK_ROWS;
const databases = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim()));
const password = 'Bancada-Medida-Relogio-42';
const goal = { seconds: 5, extraMb: 50 };
const filtered = 'sentiment=negative&csat_lt=5';

const gc = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
const settled = () => {
  gc();
  gc();
  return process.memoryUsage();
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

interface Fetched {
  ms: number;
  firstByteMs: number;
  bytes: number;
  rows: number;
}
interface Run extends Fetched {
  extraRss: number;
  extraHeap: number;
  /** With `liveHeap`: the most the heap held after a forced GC (every 200 ms) above the start. */
  extraLive?: number;
}

/** The child's part: GET the file with node:http, count bytes and line ends, report to the parent. */
function fetchFile(url: string, token: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lineEnds = 0;
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - t0;
          bytes += chunk.byteLength;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lineEnds++;
        });
        // seedBulk's texts hold no line break: one per row, the header's included.
        res.on('end', () => resolve({ ms: performance.now() - t0, firstByteMs, bytes, rows: lineEnds - 1 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

if (process.env.BENCH_EXPORT_CLIENT) {
  const { url, token } = JSON.parse(process.env.BENCH_EXPORT_CLIENT) as { url: string; token: string };
  process.send?.(await fetchFile(url, token));
  process.exit(0);
}

/**
 * Has a child process download the export while this (the server's) process samples its memory;
 * with `liveHeap`, also a forced GC every 200 ms (slower: what stays reachable, not what V8 has
 * not collected yet).
 */
async function download(base: string, token: string, query = '', liveHeap = false): Promise<Run> {
  const before = settled();
  const peak = { rss: before.rss, heap: before.heapUsed, live: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const collector = liveHeap
    ? setInterval(() => {
        gc();
        peak.live = Math.max(peak.live, process.memoryUsage().heapUsed - before.heapUsed);
      }, 200)
    : undefined;
  try {
    const url = `${base}/api/v1/tickets/export.csv${query ? `?${query}` : ''}`;
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_EXPORT_CLIENT: JSON.stringify({ url, token }) },
    });
    const fetched = await new Promise<Fetched>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Fetched));
      child.once('exit', (code) => reject(new Error(`the download client exited with ${code}`)));
    });
    sample();
    return {
      ...fetched,
      extraRss: peak.rss - before.rss,
      extraHeap: peak.heap - before.heapUsed,
      ...(liveHeap && { extraLive: peak.live }),
    };
  } finally {
    clearInterval(sampler);
    clearInterval(collector);
  }
}

const describeRun = (r: Run) =>
  `${r.rows.toLocaleString('en')} rows, ${mb(r.bytes)} in ${seconds(r.ms)} (first byte ${r.firstByteMs.toFixed(0)} ms, ` +
  `${Math.round(r.rows / (r.ms / 1000)).toLocaleString('en')} rows/s); extra memory: RSS +${mb(r.extraRss)}, heap +${mb(r.extraHeap)}` +
  (r.extraLive === undefined ? '' : `, live heap after GC +${mb(r.extraLive)}`);

async function measure(label: string, database: Database) {
  console.log(`${label}:`);
  await database.migrate();
  const slug = `export-${randomBytes(4).toString('hex')}`;
  await createTenant(database.db, { name: 'Exportação', slug });
  const email = `bench-${slug}@x.com`;
  await createUser(database.db, { tenantSlug: slug, email, password, temporary: false, groups: [] });
  const seeded = await seedBulk(database, { tenantSlug: slug, tickets: ticketCount, messagesPerTicket: 0 });
  console.log(
    `  seedBulk: ${seeded.tickets.toLocaleString('en')} tickets, ${seeded.analyses.toLocaleString('en')} analyses in ${seconds(seeded.ms)}`,
  );
  const { app, address: base } = await startBenchServer(
    database,
    chunkRows ? { TICKETS_EXPORT_CHUNK_ROWS: chunkRows } : {},
  );
  try {
    const token = await signInIdToken(base, { email, password });
    console.log(`  pages of ${app.config.TICKETS_EXPORT_CHUNK_ROWS.toLocaleString('en')} rows`);
    await download(base, token, 'flagged=true'); // warm-up: plans, JIT
    const whole = await download(base, token);
    const verdict =
      whole.ms <= goal.seconds * 1000 && whole.extraRss <= goal.extraMb * 1024 * 1024
        ? 'goal met'
        : 'goal NOT met';
    console.log(
      `  whole file: ${describeRun(whole)} — ${verdict} (≤ ${goal.seconds} s, ≤ ${goal.extraMb} MB extra)`,
    );
    console.log(`  ${filtered}: ${describeRun(await download(base, token, filtered))}`);
    console.log(
      `  whole file, a forced GC every 200 ms: ${describeRun(await download(base, token, '', true))}`,
    );

    // Another client lists tickets every 100 ms while the whole file streams.
    const latencies: number[] = [];
    let exporting = true;
    const probe = (async () => {
      while (exporting) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/v1/tickets?sentiment=negative&per_page=20`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const during = await download(base, token);
    exporting = false;
    await probe;
    console.log(`  whole file with a list every 100 ms beside it: ${describeRun(during)}`);
    console.log(
      `  those ${latencies.length} GET /tickets: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
  }
}

if (databases.has('pglite')) {
  const pglite = await createDb({ pglite: await openPglite() });
  try {
    await measure('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }
}

if (databases.has('postgres')) {
  await withScratchDatabase('atende_bench_export', async ({ url }) => {
    const postgres = await createDb({ databaseUrl: url });
    try {
      await measure('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  });
}
