// Security issue, item 2 ("one tenant can freeze every tenant"): tenant A at the cap of 1,000
// flagged terms floods maximum-size texts (messages of 10,000 characters, tickets of 100,000
// analysed) while tenant B lists its customers, one request after another, over real HTTP.
// Prints B's latency idle and under the flood, the event loop's longest stall, and the red-flag
// matcher before (one regex per term, measured here on fewer terms) and after (one automaton).
// Prints figures; asserts nothing.
//   BENCH_FLOOD_TEXTS (default 30), BENCH_FLOOD_LANES (default 3), BENCH_OLD_TERMS (default 200),
//   BENCH_DATABASE_URL (see bench/lib.ts: a scratch database is made there and dropped).
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { compileRedFlags, foldText } from '@atende/analyzer';
import { createDb, type Database, openPglite } from '../apps/api/src/db/client.ts';
import { createUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { floodText, percentile, realisticTerms } from '../apps/api/src/security/term-flood.data.ts';
import { signInIdToken } from '../apps/api/src/test/helpers.ts';
import { startBenchServer, withScratchDatabase } from './lib.ts';

const floodTexts = Number(process.env.BENCH_FLOOD_TEXTS ?? 30);
const lanes = Number(process.env.BENCH_FLOOD_LANES ?? 3);
const oldTerms = Number(process.env.BENCH_OLD_TERMS ?? 200);
const terms = realisticTerms(1000);
const ms = (value: number) => `${value.toFixed(1)} ms`;

// --- The matcher alone: the regex loop it replaced, and the automaton. -------------------------
/** The matcher before: one regex per term over the folded text (as red-flags.ts had it). */
function regexLoop(text: string, list: readonly string[]) {
  const folded = foldText(text);
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found: string[] = [];
  for (const term of list) {
    const body = foldText(term).split(' ').map(escapeRe).join('[\\s-]+');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}]|\\.[\\p{L}\\p{N}])`, 'u');
    if (re.exec(folded)) found.push(term);
  }
  return found;
}
const time = (work: () => unknown, rounds = 1) => {
  const started = performance.now();
  for (let i = 0; i < rounds; i++) work();
  return (performance.now() - started) / rounds;
};
{
  console.log('red-flag matcher, one text of 100,000 characters, on one thread:');
  const text = floodText(100_000);
  // Adversarial terms: phrases of many short words, which the text repeats up to the last word.
  const adversarial = Array.from({ length: 1000 }, (_, i) => `${'a '.repeat(45)}z${i}`);
  const repeated = 'a '.repeat(50_000);
  const oldRealistic = time(() => regexLoop(text, terms.slice(0, oldTerms)));
  const oldAdversarial = time(() => regexLoop(repeated, adversarial.slice(0, 5)));
  console.log(
    `  before (one regex per term): realistic ${oldTerms} terms ${ms(oldRealistic)} (~${ms((oldRealistic / oldTerms) * 1000)} ` +
      `for 1,000); adversarial 5 terms ${ms(oldAdversarial)} (~${(((oldAdversarial / 5) * 1000) / 1000).toFixed(1)} s ` +
      'for 1,000; the issue measured 7 s with 500 terms)',
  );
  for (const [label, list, input] of [
    ['realistic', terms, text],
    ['adversarial', adversarial, repeated],
  ] as const) {
    let matcher = compileRedFlags(list);
    const compileMs = time(() => {
      matcher = compileRedFlags(list);
    });
    matcher.find(input);
    let round = 0;
    // A new string each round: foldText remembers its last input.
    const perText = time(() => matcher.find(`${round++} ${input}`), 10);
    console.log(
      `  after (one automaton): ${label} 1,000 terms ${ms(perText)} per text (compiled once per terms version in ${ms(compileMs)})`,
    );
  }
}

// --- The whole server: tenant B's latency while tenant A floods. --------------------------------
async function signIn(address: string, email: string) {
  const token = await signInIdToken(address, { email, password: 'Bench#Senha1forte' });
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${address}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

async function measure(label: string, database: Database) {
  console.log(`${label}:`);
  await database.migrate();
  const users = [];
  for (const name of ['A', 'B']) {
    const tenant = await createTenant(database.db, { name, slug: `bench-${randomUUID().slice(0, 8)}` });
    const email = `bench-${tenant.slug}@x.com`;
    await createUser(database.db, {
      tenantSlug: tenant.slug,
      email,
      password: 'Bench#Senha1forte',
      temporary: false,
      groups: [],
    });
    users.push(email);
  }
  const { app, address } = await startBenchServer(database);
  const a = await signIn(address, users[0] as string);
  const b = await signIn(address, users[1] as string);
  await a('POST', '/flagged-terms/bulk', { terms });
  const tickets: string[] = [];
  for (let i = 0; i < Math.ceil(floodTexts / 2); i++)
    tickets.push((await a('POST', '/tickets', { content: floodText(100_000, i) })).id as string);
  await a('POST', '/messages', { content: floodText(10_000) }); // warm-up: worker, matcher
  for (let i = 0; i < 10; i++) await b('GET', '/customers');

  const loop = monitorEventLoopDelay({ resolution: 5 });
  const phase = async (name: string, attack: (() => Promise<number[]>) | undefined) => {
    loop.reset();
    loop.enable();
    let running = true;
    const flood = attack?.().finally(() => {
      running = false;
    });
    const times: number[] = [];
    const until = performance.now() + 2000;
    while (flood ? running : performance.now() < until) {
      const started = performance.now();
      await b('GET', '/customers');
      times.push(performance.now() - started);
    }
    const perText = (await flood) ?? [];
    loop.disable();
    console.log(
      `  ${name}: B GET /customers ×${times.length} p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ` +
        `p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}; event loop stall max ${ms(loop.max / 1e6)}` +
        (perText.length
          ? `; A ${perText.length} texts, p50 ${ms(percentile(perText, 50))} each (${lanes} in flight)`
          : ''),
    );
  };
  await phase('idle    ', undefined);
  await phase('flooded ', async () => {
    const perText: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let n = next++; n < floodTexts; n = next++) {
          const started = performance.now();
          if (n % 2 === 0) await a('POST', '/messages', { content: floodText(10_000, n) });
          else await a('POST', `/tickets/${tickets[n >> 1]}/analyze`, { force_reanalysis: true });
          perText.push(performance.now() - started);
        }
      }),
    );
    return perText;
  });
  await app.close();
}

const pglite = await createDb({ pglite: await openPglite() });
await measure(
  'PGlite (in memory), 1,000 terms, messages of 10,000 and tickets of 100,000 characters',
  pglite,
);
await pglite.close();

await withScratchDatabase('atende_bench', async ({ url }) => {
  const postgres = await createDb({ databaseUrl: url });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
});
