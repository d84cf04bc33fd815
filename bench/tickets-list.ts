// p50/p95 of GET /api/v1/tickets with 3 filters on a tenant holding 100,000 tickets (70% analysed),
// over real HTTP, on PGlite and, when one answers, on PostgreSQL. Prints figures; asserts nothing.
//   BENCH_TICKETS (default 100000), BENCH_REQUESTS (default 200), BENCH_DATABASE_URL (see
//   bench/lib.ts: a scratch database is made there and dropped).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createDb, type Database, openPglite } from '../apps/api/src/db/client.ts';
import { createUser } from '../apps/api/src/modules/identity/users.service.ts';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service.ts';
import { signInIdToken } from '../apps/api/src/test/helpers.ts';
import { startBenchServer, withScratchDatabase } from './lib.ts';

const ticketCount = Number(process.env.BENCH_TICKETS ?? 100_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 200);
const query = 'sentiment=negative&contains_red_flags=true&start_date=2026-01-01&per_page=20';

async function fill(database: Database) {
  const tenant = await createTenant(database.db, {
    name: 'Bench',
    slug: `bench-${randomUUID().slice(0, 8)}`,
  });
  await createUser(database.db, {
    tenantSlug: tenant.slug,
    email: `bench-${tenant.slug}@x.com`,
    password: 'Bancada-Medida-Relogio-42',
    temporary: false,
    groups: [],
  });
  const started = performance.now();
  // Set-based inserts: the database makes the rows (one year of tickets, ~5 words each).
  await database.db.execute(sql`
    insert into tickets (tenant_id, title, content, search_text, created_at)
    select ${tenant.id}, 'Chamado ' || i, 'cliente relata problema numero ' || i || case when i % 7 = 0 then ' procon' else '' end,
           'chamado ' || i || ' cliente relata problema numero ' || i || case when i % 7 = 0 then ' procon' else '' end,
           timestamptz '2026-01-01' + (i * interval '5 minutes')
    from generate_series(1, ${ticketCount}) as i`);
  await database.db.execute(sql`
    insert into ticket_analyses (tenant_id, ticket_id, version, provider, overall_sentiment, complexity_score, confidence_score,
      csat_score, solved_status, analysis_explanation, contains_red_flags, red_flag_words, requires_escalation,
      escalation_reasons, urgency_level)
    select tenant_id, id, 1, 'local',
           (array['positive','negative','neutral','mixed'])[1 + abs(hashtext(id::text)) % 4],
           0.5, 0.8, (abs(hashtext(id::text)) % 101) / 10.0,
           (array['solved','in_progress','not_solved'])[1 + abs(hashtext(id::text)) % 3],
           'bench', content like '%procon', case when content like '%procon' then array['procon'] else '{}'::text[] end,
           content like '%procon', '{}'::text[], 'medium'
    from tickets where tenant_id = ${tenant.id} and abs(hashtext(id::text)) % 10 < 7`);
  await database.db.execute(sql`
    update tickets t set latest_analysis_id = a.id from ticket_analyses a where a.ticket_id = t.id and t.tenant_id = ${tenant.id}`);
  await database.db.execute(sql`analyze`);
  console.log(`  filled ${ticketCount} tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return tenant;
}

async function measure(label: string, database: Database) {
  console.log(`${label}:`);
  await database.migrate();
  const tenant = await fill(database);
  const { app, address } = await startBenchServer(database);
  const token = await signInIdToken(address, {
    email: `bench-${tenant.slug}@x.com`,
    password: 'Bancada-Medida-Relogio-42',
  });
  const call = async (page: number) => {
    const t0 = performance.now();
    const res = await fetch(`${address}/api/v1/tickets?${query}&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { total: number };
    if (res.status !== 200) throw new Error(JSON.stringify(body));
    return { ms: performance.now() - t0, total: body.total };
  };
  for (let i = 0; i < 10; i++) await call(1); // warm-up
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < requestCount; i++) {
    const r = await call(1 + (i % 5));
    times.push(r.ms);
    total = r.total;
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1);
  console.log(`  GET /api/v1/tickets?${query} → ${total} matches`);
  console.log(
    `  ${requestCount} sequential requests: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`,
  );
  await app.close();
}

const pglite = await createDb({ pglite: await openPglite() });
await measure('PGlite (in memory)', pglite);
await pglite.close();

await withScratchDatabase('atende_bench', async ({ url }) => {
  const postgres = await createDb({ databaseUrl: url });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
});
