// The SLA monitor's check (modules/notifications/sla.ts, business time since issue 31) on
// PostgreSQL at our scale: BENCH_SLA_TICKETS tickets (default 1,000,000) over 1 large tenant
// (BENCH_SLA_BIG_TENANT tickets, default a tenth) and 19 others, half of them with business hours
// (Mon–Fri 08:00–12:00 and 13:00–18:00, SP holidays) — every ticket with a settled waiting episode
// behind it (answered, 4 % breached), and a realistic share of open waits (BENCH_SLA_OPEN_PERCENT,
// default 0.5 %: within their limit, a tenth past the warning, a tenth late). Prints the first
// checks (deadlines filled in business time, warnings and breaches raised), a steady check p50/p95
// with nothing new, a check with 50 new waits p50/p95, the plans of the monitor's three reads, and
// what the triggers add to a message insert; then 'SLA cumprido' (GET /analytics/sla) for the
// large tenant over 30 and 366 days, and its plan. Asserts nothing.
//   BENCH_SLA_TICKETS, BENCH_SLA_BIG_TENANT, BENCH_SLA_OPEN_PERCENT, BENCH_SLA_RUNS (default 30),
//   BENCH_DATABASE_URL (see bench/lib.ts: a scratch database is made there and dropped).
import { sql } from 'drizzle-orm';
import { createDb, type Database } from '../apps/api/src/db/client.ts';
import { withTenant } from '../apps/api/src/db/tenant.ts';
import { getSlaAnalytics } from '../apps/api/src/modules/dashboard/dashboard.service.ts';
import { checkWaitingTickets } from '../apps/api/src/modules/notifications/sla.ts';
import { createDomainEvents } from '../apps/api/src/reactions.ts';
import { withScratchDatabase } from './lib.ts';

const ticketCount = Number(process.env.BENCH_SLA_TICKETS ?? 1_000_000);
const bigTenantTickets = Number(process.env.BENCH_SLA_BIG_TENANT ?? Math.round(ticketCount / 10));
const openPercent = Number(process.env.BENCH_SLA_OPEN_PERCENT ?? 0.5);
const runs = Number(process.env.BENCH_SLA_RUNS ?? 30);
const otherTenants = 19;
const openWaits = Math.round((ticketCount * openPercent) / 100);
/** One ticket in `every` is the large tenant's. */
const every = Math.max(1, Math.round(ticketCount / bigTenantTickets));

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function fill(database: Database) {
  const t0 = performance.now();
  const db = database.db;
  await db.execute(sql`
    insert into tenants (name, slug, sla_watched_since, sla_episodes_since)
    select 'Bench ' || i, 'bench-sla-' || i, now() - interval '30 days', now() - interval '400 days'
    from generate_series(0, ${otherTenants}) i`);
  // Half the tenants (the large one, bench-sla-0, among them) work Mon–Fri in São Paulo.
  const day = [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ];
  const weekly = JSON.stringify({ sun: [], mon: day, tue: day, wed: day, thu: day, fri: day, sat: [] });
  await db.execute(sql`
    insert into business_hours (tenant_id, state, weekly)
    select id, 'SP', ${weekly}::jsonb from tenants
    where slug like 'bench-sla-%' and substring(slug from 11)::int % 2 = 0`);
  // Bulk history: the triggers would run a million times, so they wait; history is settled.
  for (const trigger of ['tickets_sla_on_insert', 'tickets_sla_episodes'])
    await db.execute(sql.raw(`alter table tickets disable trigger ${trigger}`));
  // Ticket i: the large tenant's one in `every` (spread over the 400 days), else round robin over the others.
  await db.execute(sql`
    insert into tickets (tenant_id, title, content, search_text, created_at)
    select t.id, 'Chamado ' || i, 'conteúdo ' || i, 'chamado ' || i,
           now() - interval '400 days' + (i * (interval '400 days' / ${ticketCount}))
    from generate_series(0, ${ticketCount - 1}) i
    join (select id, substring(slug from 11)::int as n from tenants where slug like 'bench-sla-%') t
      on t.n = case when i % ${every} = 0 then 0 else 1 + i % ${otherTenants} end`);
  // Every ticket's first wait, answered after 1–60 min; 4 % past their deadline (breached).
  await db.execute(sql`
    insert into sla_episodes (tenant_id, ticket_id, started_at, warn_at, due_at, warned_at, breached_at, answered_at)
    select tenant_id, id, created_at, created_at + interval '24 minutes', created_at + interval '30 minutes',
           case when h % 25 = 0 or h % 60 >= 24 then created_at + interval '24 minutes' end,
           case when h % 25 = 0 then created_at + interval '30 minutes' end,
           created_at + (1 + case when h % 25 = 0 then 35 + h % 60 else h % 29 end) * interval '1 minute'
    from (select tenant_id, id, created_at, abs(hashtext(id::text)) as h from tickets) t`);
  for (const trigger of ['tickets_sla_on_insert', 'tickets_sla_episodes'])
    await db.execute(sql.raw(`alter table tickets enable trigger ${trigger}`));
  // The open waits (the trigger records their episodes, undated): the newest tickets, started
  // 5–23 min ago (within the 30-minute limit), a tenth 25 min ago (past the 80 % warning), a tenth
  // 40 min ago (late).
  await db.execute(sql`
    update tickets set sla_pending = true,
      wait_started_at = now() - (case when h % 10 = 0 then 40 when h % 10 = 1 then 25 else 5 + h % 19 end)
        * interval '1 minute'
    from (select id as tid, abs(hashtext(id::text)) as h from tickets
          order by created_at desc limit ${openWaits}) w
    where id = w.tid`);
  await db.execute(sql`vacuum analyze`);
  const [counts] = rowsOf<{ episodes: number; open: number }>(
    await db.execute(sql`
      select count(*)::int as episodes, (count(*) filter (where answered_at is null and breached_at is null))::int as open
      from sla_episodes`),
  );
  console.log(
    `  filled ${ticketCount} tickets (${Math.ceil(ticketCount / every)} in one tenant, ${otherTenants} others), ` +
      `${counts?.episodes} episodes (${counts?.open} open) in ${seconds(t0)} s`,
  );
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1);
};

/** The monitor's three reads as notifications.repo.ts writes them (undated, passed breaches, passed warnings). */
const monitorReads = {
  undated: sql`
    select e.id, e.started_at, te.max_customer_wait_time_minutes, te.sla_warning_percent, bh.weekly
    from sla_episodes e join tenants te on te.id = e.tenant_id
    left join business_hours bh on bh.tenant_id = e.tenant_id
    where e.answered_at is null and e.breached_at is null and e.due_at is null
    order by e.started_at limit 500`,
  due: sql`
    select e.id, t.id, te.sla_watched_since, bh.weekly, a.solved_status
    from sla_episodes e join tenants te on te.id = e.tenant_id
    left join business_hours bh on bh.tenant_id = e.tenant_id
    left join tickets t on t.tenant_id = e.tenant_id and t.id = e.ticket_id and t.wait_started_at = e.started_at
    left join ticket_analyses a on a.tenant_id = t.tenant_id and a.id = t.latest_analysis_id
    where e.answered_at is null and e.breached_at is null and e.due_at is not null and e.due_at <= now()
    order by e.due_at limit 500`,
  warn: sql`
    select e.id, t.id, te.sla_watched_since, bh.weekly, a.solved_status
    from sla_episodes e join tenants te on te.id = e.tenant_id
    left join business_hours bh on bh.tenant_id = e.tenant_id
    left join tickets t on t.tenant_id = e.tenant_id and t.id = e.ticket_id and t.wait_started_at = e.started_at
    left join ticket_analyses a on a.tenant_id = t.tenant_id and a.id = t.latest_analysis_id
    where e.answered_at is null and e.warned_at is null and e.breached_at is null and e.warn_at is not null
      and e.warn_at <= now()
    order by e.warn_at limit 500`,
};

async function main(database: Database) {
  await database.migrate();
  await fill(database);
  const db = database.db;
  const events = createDomainEvents();

  let t0 = performance.now();
  const total = { alerted: 0, warned: 0, skipped: 0, checks: 0 };
  for (;;) {
    const result = await checkWaitingTickets(db, events);
    total.alerted += result.alerted;
    total.warned += result.warned;
    total.skipped += result.skipped;
    total.checks++;
    const [undated] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from sla_episodes
        where answered_at is null and breached_at is null and due_at is null`),
    );
    if ((undated?.n ?? 0) === 0 && result.alerted < 500 && result.warned < 500) break;
  }
  console.log(
    `  first ${total.checks} checks: ${openWaits} deadlines filled, ${total.warned} warned, ` +
      `${total.alerted} breached, in ${seconds(t0)} s`,
  );

  const steady: number[] = [];
  for (let i = 0; i < runs; i++) {
    t0 = performance.now();
    await checkWaitingTickets(db, events);
    steady.push(performance.now() - t0);
  }
  console.log(
    `  steady check (nothing new, nothing due): p50 ${percentile(steady, 50)} ms, p95 ${percentile(steady, 95)} ms`,
  );

  // 50 customers write between two checks (a busy minute); only the check is timed.
  const busy: number[] = [];
  for (let i = 0; i < runs; i++) {
    await db.execute(sql`
      update tickets set sla_pending = true, wait_started_at = now() - interval '1 minute'
      where id in (select id from tickets where not sla_pending and wait_started_at is null
                   order by created_at desc limit 50)`);
    t0 = performance.now();
    await checkWaitingTickets(db, events);
    busy.push(performance.now() - t0);
  }
  console.log(
    `  check with 50 new waits to date: p50 ${percentile(busy, 50)} ms, p95 ${percentile(busy, 95)} ms`,
  );

  for (const [name, query] of Object.entries(monitorReads)) {
    const plan = await db.execute(sql`explain (analyze, buffers, costs off) ${query}`);
    const lines = rowsOf<{ 'QUERY PLAN': string }>(plan).map((r) => r['QUERY PLAN']);
    console.log(`  plan (${name}):\n${lines.map((l) => `    ${l}`).join('\n')}`);
  }

  // 'SLA cumprido' (GET /analytics/sla) for the large tenant (business hours): 30 and 366 days.
  const [big] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from tenants where slug = 'bench-sla-0'`),
  );
  if (big) {
    for (const days of [30, 366]) {
      const end = new Date();
      const start = new Date(end.getTime() - (days - 1) * 86_400_000);
      const q = { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) };
      const times: number[] = [];
      let episodes = 0;
      for (let i = 0; i < 5; i++) {
        t0 = performance.now();
        const answer = await withTenant(db, big.id, (scope) => getSlaAnalytics(scope, q));
        times.push(performance.now() - t0);
        episodes = answer.met + answer.breached + answer.open;
      }
      console.log(
        `  SLA cumprido, large tenant, ${days} days (${episodes} episodes): p50 ${percentile(times, 50)} ms`,
      );
    }
    const plan = await db.execute(sql`
      explain (analyze, buffers, costs off)
      select started_at, answered_at, due_at, breached_at is not null from sla_episodes
      where tenant_id = ${big.id} and started_at >= now() - interval '366 days' and started_at < now()`);
    const lines = rowsOf<{ 'QUERY PLAN': string }>(plan).map((r) => r['QUERY PLAN']);
    console.log(`  plan (SLA cumprido, 366 days):\n${lines.map((l) => `    ${l}`).join('\n')}`);
  }

  // What the triggers add to writing a message of a ticket (one row at a time, as the API does).
  const [ticket] = rowsOf<{ id: string; tenant_id: string }>(
    await db.execute(sql`select id, tenant_id from tickets order by created_at desc limit 1`),
  );
  if (!ticket) return;
  const insertMs = async (triggers: boolean) => {
    if (!triggers) await db.execute(sql`alter table messages disable trigger messages_sla_on_insert`);
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const s = performance.now();
      await db.execute(sql`
        insert into messages (tenant_id, ticket_id, content, direction, search_text)
        values (${ticket.tenant_id}, ${ticket.id}, 'oi', ${i % 2 === 0 ? 'inbound' : 'outbound'}, 'oi')`);
      times.push(performance.now() - s);
    }
    if (!triggers) await db.execute(sql`alter table messages enable trigger messages_sla_on_insert`);
    return percentile(times, 50);
  };
  await insertMs(true); // warm-up: the first inserts pay for cold caches
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
