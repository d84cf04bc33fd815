import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketDays } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import {
  type ApiCall,
  createTestUser,
  signedInClient,
  startTestServer,
  storeTicketAnalysis,
  type TestServer,
  testDatabase,
} from '../../test/helpers.ts';

// Migration 0025: the dashboard reads whole days from ticket_days/ticket_day_terms, kept at each
// commit. After any mix of creates, analyses, moves and deletes — from two app instances at once —
// they must equal what the tenant's tickets say, and the dashboard must answer as the tickets do.

describe('dashboard day roll-ups', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const database = await testDatabase();
    a = await startTestServer({ database });
    b = await startTestServer({ database });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const db = () => a.database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** The roll-ups as stored, and as counted from the tickets (zero rows left out), for a tenant. */
  async function storedAndCounted(tenantId: string) {
    const days = sql`((created_at at time zone 'UTC') - interval '3 hours')::date::text`;
    const stored = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select day::text, total, solved, in_progress, not_solved, positive, negative,
          neutral, mixed, csat_sum::text, csat_count, csat_below_7, attention, escalation
        from ticket_days where tenant_id = ${tenantId} and total <> 0 order by day`),
    );
    const counted = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select ${days} as day, count(*)::int as total,
          (count(*) filter (where solved_status = 'solved'))::int as solved,
          (count(*) filter (where solved_status = 'in_progress'))::int as in_progress,
          (count(*) filter (where solved_status = 'not_solved'))::int as not_solved,
          (count(*) filter (where sentiment = 'positive'))::int as positive,
          (count(*) filter (where sentiment = 'negative'))::int as negative,
          (count(*) filter (where sentiment = 'neutral'))::int as neutral,
          (count(*) filter (where sentiment = 'mixed'))::int as mixed,
          coalesce(sum(csat_score::numeric), 0)::text as csat_sum, count(csat_score)::int as csat_count,
          (count(*) filter (where csat_score < 7))::int as csat_below_7,
          (count(*) filter (where requires_attention))::int as attention,
          (count(*) filter (where requires_escalation))::int as escalation
        from tickets where tenant_id = ${tenantId} group by 1 order by 1`),
    );
    const storedTerms = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select day::text, term, tickets from ticket_day_terms
        where tenant_id = ${tenantId} and tickets <> 0 order by day, term`),
    );
    const countedTerms = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select ${days} as day, term, count(*)::int as tickets
        from tickets cross join lateral unnest(red_flag_terms) as term
        where tenant_id = ${tenantId} and requires_attention group by 1, 2 order by 1, 2`),
    );
    return { stored, counted, storedTerms, countedTerms };
  }

  async function expectExact(tenantId: string) {
    const { stored, counted, storedTerms, countedTerms } = await storedAndCounted(tenantId);
    expect(stored.map((r) => ({ ...r, csat_sum: Number(r.csat_sum) }))).toEqual(
      counted.map((r) => ({ ...r, csat_sum: Number(r.csat_sum) })),
    );
    expect(storedTerms).toEqual(countedTerms);
  }

  async function member(server: TestServer) {
    const user = await createTestUser(server.database);
    return { ...user, api: await signedInClient(server, user) };
  }

  const newTicket = async (api: ApiCall, i: number) => {
    const res = await api('POST', '/tickets', { title: `Chamado ${i}`, content: `Problema ${i}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };

  it('equal the tickets after creates, analyses, moved days and deletes from two instances; the dashboard agrees', async () => {
    const one = await member(a);
    const onB = await signedInClient(b, one);
    const tenantId = one.tenant.id;
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => newTicket(i % 2 ? onB : one.api, i)));
    // Spread over three São Paulo days, one of them yesterday's last minute.
    await db().execute(
      sql`update tickets set created_at = now() - interval '1 day' where id in (${idList(ids.slice(0, 4))})`,
    );
    await db().execute(
      sql`update tickets set created_at = date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' - interval '1 minute' where id = ${ids[4]}`,
    );
    await db().execute(
      sql`update tickets set created_at = now() - interval '3 days' where id in (${idList(ids.slice(5, 8))})`,
    );
    // Analyses, concurrently: red flags, escalation, CSAT with decimals, every sentiment and status.
    const sentiments = ['positive', 'negative', 'neutral', 'mixed'] as const;
    const statuses = ['solved', 'in_progress', 'not_solved'] as const;
    await Promise.all(
      ids.map((id, i) =>
        storeTicketAnalysis(a.database, tenantId, id, {
          overallSentiment: sentiments[i % 4],
          solvedStatus: statuses[i % 3],
          csatScore: 3.3 + i * 0.6, // ≤ 9.9: a CSAT over 10 is no answer the API may give
          containsRedFlags: i % 3 === 0,
          redFlagWords: i % 3 === 0 ? ['procon', i % 2 ? 'advogado' : 'processo'] : [],
          requiresEscalation: i % 4 === 1,
        }),
      ),
    );
    await expectExact(tenantId);
    // A newer analysis changes a ticket's figures; a ticket moves a day; two are deleted (one per instance).
    await storeTicketAnalysis(a.database, tenantId, ids[0] ?? '', {
      overallSentiment: 'negative',
      csatScore: 9.9,
    });
    await db().execute(
      sql`update tickets set created_at = created_at - interval '1 day' where id = ${ids[1]}`,
    );
    expect((await one.api('DELETE', `/tickets/${ids[2]}`)).status).toBe(204);
    expect((await onB('DELETE', `/tickets/${ids[9]}`)).status).toBe(204);
    await expectExact(tenantId);

    // The dashboard over whole days (roll-ups) and the same cut at now (today read from tickets)
    // equal the tickets list's counts for the same window.
    for (const query of ['days=7', `start_date=${dayAgo(6)}&end_date=${dayAgo(0)}`]) {
      const dashboard = await one.api('GET', `/analytics/dashboard?${query}`);
      expect(dashboard.status).toBe(200);
      const window = `start_date=${dayAgo(6)}`;
      const list = async (filter: string) =>
        (await one.api('GET', `/tickets?${window}&${filter}&per_page=1`)).body.total as number;
      expect(dashboard.body.total_tickets).toBe(await list(''));
      expect(dashboard.body.ticket_breakdown.by_sentiment.negative).toBe(await list('sentiment=negative'));
      expect(dashboard.body.ticket_breakdown.by_solved_status.solved).toBe(
        await list('solved_status=solved'),
      );
      expect(dashboard.body.requires_attention_count).toBe(await list('requires_attention=true'));
      expect(dashboard.body.top_red_flag_terms).toEqual(
        expect.arrayContaining([{ term: 'procon', count: await list('red_flag_term=procon') }]),
      );
    }
  });

  it("are the tenant's own: another tenant's tickets change nothing, and RLS hides its rows", async () => {
    const mine = await member(a);
    const theirs = await member(b);
    await newTicket(mine.api, 1);
    const before = (await mine.api('GET', '/analytics/dashboard?days=7')).body;
    const theirTicket = await newTicket(theirs.api, 2);
    await storeTicketAnalysis(b.database, theirs.tenant.id, theirTicket, {
      containsRedFlags: true,
      redFlagWords: ['procon'],
    });
    const after = (await mine.api('GET', '/analytics/dashboard?days=7')).body;
    const figures = (d: typeof before) => ({
      total: d.total_tickets,
      breakdown: d.ticket_breakdown,
      attention: d.requires_attention_count,
      terms: d.top_red_flag_terms,
      trend: d.trend.map((t: { total_tickets: number }) => t.total_tickets),
    });
    expect(figures(after)).toEqual(figures(before));
    expect(before.total_tickets).toBe(1);
    await expectExact(mine.tenant.id);
    await expectExact(theirs.tenant.id);
    const seen = await withTenant(db(), mine.tenant.id, ({ tx }) =>
      tx.select({ tenantId: ticketDays.tenantId }).from(ticketDays),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([mine.tenant.id]));
  });

  it('go with a deleted tenant, whose tickets, messages and notifications are deleted too', async () => {
    const { tenant } = await createTestUser(a.database);
    await db().execute(sql`insert into tickets (tenant_id, content, search_text, red_flag_terms, contains_red_flags)
      values (${tenant.id}, 'x', 'x', '{procon}', true)`);
    await db().execute(sql`insert into messages (tenant_id, content, direction, sender, channel, search_text)
      values (${tenant.id}, 'x', 'inbound', 'customer', 'web', 'x')`);
    await db().execute(sql`insert into notifications (tenant_id, alert_type, priority, title, message)
      values (${tenant.id}, 'red_flags', 'high', 't', 'm')`);
    await expectExact(tenant.id);
    await db().execute(sql`delete from tenants where id = ${tenant.id}`);
    const [left] = rowsOf<Record<string, number>>(
      await db().execute(sql`select
        (select count(*) from ticket_days where tenant_id = ${tenant.id})::int as days,
        (select count(*) from ticket_day_terms where tenant_id = ${tenant.id})::int as terms,
        (select count(*) from ticket_day_deltas where tenant_id = ${tenant.id})::int as deltas,
        (select count(*) from message_counts where tenant_id = ${tenant.id})::int as messages,
        (select count(*) from notification_counts where tenant_id = ${tenant.id})::int as notifications`),
    );
    expect(left).toEqual({ days: 0, terms: 0, deltas: 0, messages: 0, notifications: 0 });
  });
});

/** `id in (…)` of these ids. */
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The São Paulo date `n` days before today, YYYY-MM-DD. */
function dayAgo(n: number) {
  const at = new Date(Date.now() - 3 * 60 * 60 * 1000 - n * 24 * 60 * 60 * 1000);
  return at.toISOString().slice(0, 10);
}
