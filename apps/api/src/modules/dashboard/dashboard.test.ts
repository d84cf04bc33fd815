import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulk } from '../../cli/seed-bulk.ts';
import { slaEpisodes } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { type ApiCall, type Json, twoTenants } from '../../test/helpers.ts';
import { ticketFigures } from './dashboard.repo.ts';

// The bulk generator's data (its header comment): ticket i (1..N) is created at
// 2025-06-01T00:00-03:00 + 4·i minutes; analysed when i mod 10 < 7 with sentiment
// [positive, negative, neutral, mixed][i mod 4], CSAT (i mod 101)/10, status
// [solved, in_progress, not_solved][i mod 3], red flag 'procon' and escalation when i mod 7 = 0.
const firstDay = Date.parse('2025-06-01T00:00:00-03:00');
const sentimentOf = ['positive', 'negative', 'neutral', 'mixed'] as const;
const statusOf = ['solved', 'in_progress', 'not_solved'] as const;

/** The figures of tickets i in [first, last], computed from the formulas alone. */
function expected(first: number, last: number) {
  const out = {
    total: 0,
    solved: 0,
    in_progress: 0,
    not_solved: 0,
    positive: 0,
    negative: 0,
    neutral: 0,
    mixed: 0,
    csatTenths: 0,
    analysed: 0,
    below7: 0,
    attention: 0,
  };
  for (let i = first; i <= last; i++) {
    out.total++;
    if (i % 10 >= 7) continue;
    out.analysed++;
    out[sentimentOf[i % 4] as 'positive']++;
    out[statusOf[i % 3] as 'solved']++;
    out.csatTenths += i % 101;
    if (i % 101 < 70) out.below7++;
    if (i % 7 === 0) out.attention++;
  }
  // One decimal, half up, from the exact sum of tenths.
  const average = out.analysed ? Math.round(out.csatTenths / out.analysed) / 10 : null;
  return { ...out, average };
}

/** The i of the first ticket created at or after a São Paulo day's start (4 minutes apart). */
const firstOfDay = (day: string) => Math.ceil((Date.parse(`${day}T00:00:00-03:00`) - firstDay) / 240_000);

describe('dashboard API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  const N = 2000;
  beforeAll(async () => {
    t = await twoTenants();
    await seedBulk(t.server.database, { tenantSlug: t.a.tenant.slug, tickets: N, customers: 50 });
    await seedBulk(t.server.database, { tenantSlug: t.b.tenant.slug, tickets: 500, customers: 10 });
  }, 120_000);
  afterAll(() => t.server.close());

  const dashboard = async (api: ApiCall, query: string) => {
    const res = await api('GET', `/analytics/dashboard?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const listTotal = async (api: ApiCall, query: string) => {
    const res = await api('GET', `/tickets?per_page=1&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_is_estimate).toBeUndefined();
    return res.body.total as number;
  };

  it('counts a window of whole São Paulo days exactly as the formulas say', async () => {
    const window = 'start_date=2025-06-02&end_date=2025-06-04';
    const d = await dashboard(t.a.api, window);
    const e = expected(firstOfDay('2025-06-02'), firstOfDay('2025-06-05') - 1);
    expect(e.total).toBe(1080);
    expect(d.window_start).toBe('2025-06-02T03:00:00.000Z');
    expect(d.window_end).toBe('2025-06-05T03:00:00.000Z');
    expect(Date.parse(d.last_updated)).toBeGreaterThan(Date.now() - 60_000);
    expect(d.total_tickets).toBe(e.total);
    expect(d.ticket_breakdown).toEqual({
      by_solved_status: { solved: e.solved, in_progress: e.in_progress, not_solved: e.not_solved },
      by_sentiment: { positive: e.positive, negative: e.negative, neutral: e.neutral, mixed: e.mixed },
    });
    expect(d.csat_average_0_10).toBe(e.average);
    expect(d.csat_below_7_count).toBe(e.below7);
    expect(d.requires_attention_count).toBe(e.attention);
    expect(d.escalation_needed_count).toBe(e.attention);
    expect(d.top_red_flag_terms).toEqual([{ term: 'procon', count: e.attention }]);
    expect(d.sla_breaches).toBe(0);

    expect(d.trend.map((day: Json) => day.date)).toEqual(['2025-06-02', '2025-06-03', '2025-06-04']);
    for (const day of d.trend) {
      const next = new Date(Date.parse(`${day.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const ed = expected(firstOfDay(day.date), firstOfDay(next) - 1);
      expect(day.total_tickets).toBe(ed.total);
      expect(day.by_sentiment).toEqual({
        positive: ed.positive,
        negative: ed.negative,
        neutral: ed.neutral,
        mixed: ed.mixed,
      });
      expect(day.csat_average_0_10).toBe(ed.average);
    }
  });

  it("agrees, card by card, with the tickets list's filters for the same window", async () => {
    for (const window of [
      'start_date=2025-06-02&end_date=2025-06-04',
      // Date-times, both ends inclusive, mid-day.
      'start_date=2025-06-01T10:30:00-03:00&end_date=2025-06-03T17:04:00-03:00',
    ]) {
      const d = await dashboard(t.a.api, window);
      const cards: [number, string][] = [
        [d.total_tickets, ''],
        [
          d.ticket_breakdown.by_solved_status.solved +
            d.ticket_breakdown.by_solved_status.in_progress +
            d.ticket_breakdown.by_solved_status.not_solved,
          'analyzed=true',
        ],
        [d.ticket_breakdown.by_solved_status.solved, 'solved_status=solved'],
        [d.ticket_breakdown.by_solved_status.in_progress, 'solved_status=in_progress'],
        [d.ticket_breakdown.by_solved_status.not_solved, 'solved_status=not_solved'],
        [d.ticket_breakdown.by_sentiment.neutral, 'sentiment=neutral'],
        [d.ticket_breakdown.by_sentiment.negative, 'sentiment=negative'],
        [d.ticket_breakdown.by_sentiment.positive, 'sentiment=positive'],
        [d.ticket_breakdown.by_sentiment.mixed, 'sentiment=mixed'],
        [d.csat_below_7_count, 'csat_lt=7'],
        [d.requires_attention_count, 'requires_attention=true'],
        [d.escalation_needed_count, 'requires_escalation=true'],
        [d.top_red_flag_terms[0].count, 'red_flag_term=procon'],
      ];
      for (const [figure, filter] of cards) {
        expect(figure, `${window} ${filter}`).toBeGreaterThan(0);
        expect(await listTotal(t.a.api, `${window}&${filter}`), `${window} ${filter}`).toBe(figure);
      }
    }
  });

  it('days=N is today and the N−1 São Paulo days before, up to now; new tickets and analyses count at once', async () => {
    const before = await dashboard(t.a.api, 'days=7');
    expect(before.trend).toHaveLength(7);
    const start = Date.parse(before.window_start);
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    expect(before.trend.at(-1).date).toBe(today);
    expect(new Date(start - 3 * 3_600_000).toISOString().slice(11)).toBe('00:00:00.000Z');
    expect(Date.parse(before.window_end)).toBeGreaterThan(Date.now() - 60_000);
    expect(before.total_tickets).toBe(0);
    expect(before.csat_average_0_10).toBeNull();
    expect(before.trend.every((day: Json) => day.csat_average_0_10 === null)).toBe(true);

    const created = await t.a.api('POST', '/tickets', {
      title: 'Cobrança indevida',
      content: 'Fui cobrado duas vezes. Se não resolverem vou ao Procon e ao Reclame Aqui!',
    });
    expect(created.status).toBe(201);
    const analysed = await t.a.api('POST', `/tickets/${created.body.id}/analyze`, {});
    expect(analysed.status).toBe(200);
    const { analysis } = analysed.body;

    const after = await dashboard(t.a.api, 'days=7');
    expect(after.total_tickets).toBe(1);
    expect(after.ticket_breakdown.by_sentiment[analysis.overall_sentiment]).toBe(1);
    expect(after.ticket_breakdown.by_solved_status[analysis.solved_status]).toBe(1);
    expect(after.csat_average_0_10).toBe(Math.round(analysis.csat_score * 10) / 10);
    expect(after.trend.at(-1).total_tickets).toBe(1);
    expect(after.requires_attention_count).toBe(1);
    expect(after.top_red_flag_terms.map((x: Json) => x.term)).toContain('procon');
    // The default is 30 days.
    const fallback = await dashboard(t.a.api, '');
    expect(fallback.trend).toHaveLength(30);
    expect(fallback.total_tickets).toBe(1);
    // Tenant B sees none of it.
    expect((await dashboard(t.b.api, 'days=7')).total_tickets).toBe(0);
  });

  it('counts SLA breaches by when they happened, per day, only for the caller', async () => {
    const db = t.server.database.db;
    const at = (iso: string) => new Date(iso);
    const episode = (tenantId: string, breachedAt: string) => ({
      tenantId,
      ticketId: crypto.randomUUID(),
      startedAt: at('2025-06-01T08:00:00-03:00'),
      breachedAt: at(breachedAt),
    });
    await db.insert(slaEpisodes).values([
      episode(t.a.tenant.id, '2025-06-02T00:00:00-03:00'),
      episode(t.a.tenant.id, '2025-06-03T12:00:00-03:00'),
      episode(t.a.tenant.id, '2025-06-03T23:59:59-03:00'),
      episode(t.a.tenant.id, '2025-06-05T00:00:00-03:00'), // the day after the window
      episode(t.b.tenant.id, '2025-06-03T12:00:00-03:00'),
    ]);
    const d = await dashboard(t.a.api, 'start_date=2025-06-02&end_date=2025-06-04');
    expect(d.sla_breaches).toBe(3);
    expect(d.trend.map((day: Json) => day.sla_breaches)).toEqual([1, 2, 0]);
    expect((await dashboard(t.b.api, 'start_date=2025-06-02&end_date=2025-06-04')).sla_breaches).toBe(1);
  });

  it("never counts another tenant's tickets", async () => {
    const window = 'start_date=2025-06-01&end_date=2025-06-10';
    const a = await dashboard(t.a.api, window);
    const b = await dashboard(t.b.api, window);
    expect(a.total_tickets).toBe(N);
    expect(b.total_tickets).toBe(500);
    const e = expected(1, 500);
    expect(b.ticket_breakdown.by_sentiment.negative).toBe(e.negative);
    expect(b.requires_attention_count).toBe(e.attention);
    expect(b.csat_average_0_10).toBe(e.average);
    // A's token with B's tenant header is refused.
    const res = await t.a.api('GET', `/analytics/dashboard?${window}`, undefined, {
      'x-tenant-id': t.b.tenant.id,
    });
    expect([401, 403]).toContain(res.status);
  });

  it('refuses a bad window with a field-named pt-BR 400, and a call without a token', async () => {
    const cases: [string, string][] = [
      ['days=5', 'querystring.days'],
      ['days=abc', 'querystring.days'],
      ['start_date=2025-13-45', 'querystring.start_date'],
      ['end_date=ontem', 'querystring.end_date'],
      ['start_date=2025-06-05&end_date=2025-06-01', 'querystring.start_date'],
      ['start_date=2024-01-01&end_date=2025-01-01', 'querystring.end_date'],
      ['start_date=2999-01-01', 'querystring.start_date'],
    ];
    for (const [query, field] of cases) {
      const res = await t.a.api('GET', `/analytics/dashboard?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.fields.map((f: Json) => f.field),
        query,
      ).toContain(field);
      expect(res.body.detail, query).toMatch(/[a-zà-ú]/);
    }
    // 366 days is the longest window (a leap year, inclusive).
    const leap = await t.a.api('GET', '/analytics/dashboard?start_date=2024-01-01&end_date=2024-12-31');
    expect(leap.status).toBe(200);
    expect(leap.body.trend).toHaveLength(366);
    // Dates win over days; a lone end date takes `days` before it.
    const lone = await dashboard(t.a.api, 'days=7&end_date=2025-06-04');
    expect(lone.window_start).toBe('2025-05-29T03:00:00.000Z');
    expect(lone.trend).toHaveLength(7);

    const anonymous = await fetch(`${t.server.url}/api/v1/analytics/dashboard`);
    expect(anonymous.status).toBe(401);
  });

  it('reads each day as one index range under row-level security (both bounds in the index condition)', async () => {
    // A plan shape, not a timing: a non-LEAKPROOF function in the day's bound once turned it into a
    // filter under RLS, so every day read the rest of the window (40× slower at scale).
    const plan = await withTenant(t.server.database.db, t.a.tenant.id, async ({ tx }) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const window = {
        from: new Date('2025-06-02T03:00:00Z'),
        to: { at: new Date('2025-06-05T03:00:00Z'), exclusive: true },
      };
      const days = { first: window.from, last: new Date('2025-06-04T03:00:00Z') };
      const result = await tx.execute(sql`explain ${ticketFigures(tx, window, days)}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Cond: .*created_at >= days\.lower.*created_at < days\.upper/);
    expect(plan).not.toMatch(/Filter: .*created_at/);
  });
});
