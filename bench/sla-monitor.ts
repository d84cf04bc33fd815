// The SLA monitor's check (modules/notifications/sla.ts) on PostgreSQL at our scale: 1,000,000
// tickets over 10 tenants and 1,000,000 messages, most conversations long settled, some waiting
// within their limit and some late. Prints the first check (settling old waits), the steady check
// p50/p95, the plan of its query, and what the triggers add to a message insert. Asserts nothing.
//   BENCH_SLA_TICKETS (default 1000000), BENCH_SLA_MESSAGES (default 1000000),
//   BENCH_DATABASE_URL (see bench/lib.ts: a scratch database is made there and dropped).
import { sql } from 'drizzle-orm';
import { createDb, type Database } from '../apps/api/src/db/client.ts';
import { checkWaitingTickets } from '../apps/api/src/modules/notifications/sla.ts';
import { createDomainEvents } from '../apps/api/src/reactions.ts';
import { withScratchDatabase } from './lib.ts';

const ticketCount = Number(process.env.BENCH_SLA_TICKETS ?? 1_000_000);
const messageCount = Number(process.env.BENCH_SLA_MESSAGES ?? 1_000_000);
const tenantCount = 10;
const waiting = 2_000; // open episodes younger than their limit
const late = 200; // open episodes past it (alerted once)

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

async function fill(database: Database) {
  const t0 = performance.now();
  const db = database.db;
  await db.execute(sql`
    insert into tenants (name, slug, sla_watched_since)
    select 'Bench ' || i, 'bench-sla-' || i, now() - interval '30 days' from generate_series(1, ${tenantCount}) i`);
  // Bulk history: the triggers would run a million times, so they wait; history is settled.
  await db.execute(sql`alter table tickets disable trigger tickets_sla_on_insert`);
  await db.execute(sql`alter table messages disable trigger messages_sla_on_insert`);
  await db.execute(sql`
    insert into tickets (tenant_id, title, content, search_text, created_at)
    select t.id, 'Chamado ' || i, 'conteúdo ' || i, 'chamado ' || i,
           now() - interval '400 days' + (i * interval '30 seconds')
    from generate_series(1, ${ticketCount}) i
    join (select id, row_number() over () - 1 as n from tenants where slug like 'bench-sla-%') t
      on t.n = i % ${tenantCount}`);
  await db.execute(sql`
    insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
    select tk.tenant_id, tk.id, 'mensagem ' || i, case when i % 2 = 0 then 'inbound' else 'outbound' end,
           'mensagem ' || i, tk.created_at + (i % 7) * interval '1 minute'
    from generate_series(1, ${messageCount}) i
    join tickets tk on tk.search_text = 'chamado ' || (1 + (i::bigint * 7919) % ${ticketCount})`);
  await db.execute(sql`alter table tickets enable trigger tickets_sla_on_insert`);
  await db.execute(sql`alter table messages enable trigger messages_sla_on_insert`);
  // The open episodes: recent, some within the 30-minute limit, some past it.
  await db.execute(sql`
    update tickets set sla_pending = true,
      wait_started_at = now() - (case when rn <= ${late} then 40 else 5 + rn % 20 end) * interval '1 minute'
    from (select id as tid, row_number() over (order by created_at desc) as rn from tickets
          order by created_at desc limit ${waiting + late}) w
    where id = w.tid`);
  // And a year of bulk-loaded history still marked as waiting (an import): settled, never alerted.
  await db.execute(sql`
    update tickets set sla_pending = true, wait_started_at = created_at
    where id in (select id from tickets order by created_at limit 20000)`);
  await db.execute(sql`analyze`);
  console.log(`  filled ${ticketCount} tickets, ${messageCount} messages in ${seconds(t0)} s`);
}

async function main(database: Database) {
  await database.migrate();
  await fill(database);
  const events = createDomainEvents();
  let t0 = performance.now();
  let first = await checkWaitingTickets(database.db, events);
  const settled = { ...first };
  while (first.skipped >= 5000) {
    first = await checkWaitingTickets(database.db, events);
    settled.skipped += first.skipped;
    settled.alerted += first.alerted;
  }
  console.log(
    `  first checks: ${settled.alerted} late episodes alerted, ${settled.skipped} old waits settled, in ${seconds(t0)} s`,
  );
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    t0 = performance.now();
    await checkWaitingTickets(database.db, events);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(1);
  console.log(
    `  steady check (${waiting} waiting within their limit, nothing due): p50 ${pct(50)} ms, p95 ${pct(95)} ms`,
  );
  const plan = await database.db.execute(sql`
    explain (analyze, buffers, costs off)
    select t.id from tickets t join tenants te on te.id = t.tenant_id
    left join ticket_analyses a on a.id = t.latest_analysis_id
    where t.sla_pending and t.wait_started_at < now() - interval '1 minute'
      and t.wait_started_at < now() - te.max_customer_wait_time_minutes * interval '1 minute'
    order by t.wait_started_at limit 500`);
  const lines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);
  console.log(`  plan:\n${lines.map((l) => `    ${l}`).join('\n')}`);

  // What the triggers add to writing a message of a ticket (one row at a time, as the API does).
  const [ticket] = (
    (await database.db.execute(
      sql`select id, tenant_id from tickets order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: string; tenant_id: string }[];
    }
  ).rows;
  if (!ticket) return;
  const insertMs = async (triggers: boolean) => {
    if (!triggers)
      await database.db.execute(sql`alter table messages disable trigger messages_sla_on_insert`);
    const runs: number[] = [];
    for (let i = 0; i < 300; i++) {
      const s = performance.now();
      await database.db.execute(sql`
        insert into messages (tenant_id, ticket_id, content, direction, search_text)
        values (${ticket.tenant_id}, ${ticket.id}, 'oi', ${i % 2 === 0 ? 'inbound' : 'outbound'}, 'oi')`);
      runs.push(performance.now() - s);
    }
    if (!triggers) await database.db.execute(sql`alter table messages enable trigger messages_sla_on_insert`);
    runs.sort((a, b) => a - b);
    return runs[Math.floor(runs.length / 2)]?.toFixed(2);
  };
  const without = await insertMs(false);
  const withTriggers = await insertMs(true);
  console.log(`  message insert median: ${without} ms without the SLA trigger, ${withTriggers} ms with it`);
}

// The SLA bench measures PostgreSQL only: without a server it prints that it skipped.
await withScratchDatabase('atende_bench_sla', async ({ url }) => {
  // Filling a million rows takes longer than the API's statement timeout.
  const postgres = await createDb({
    databaseUrl: url,
    timeouts: { statementTimeoutMs: 600_000, lockTimeoutMs: 60_000, connectTimeoutMs: 5_000 },
  });
  console.log('PostgreSQL:');
  try {
    await main(postgres);
  } finally {
    await postgres.close();
  }
});
