import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slaEpisodes, tenants } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { type ApiCall, type Json, twoTenants } from '../../test/helpers.ts';
import { slaEpisodesStartedQuery } from './dashboard.repo.ts';

/** An instant from a São Paulo wall time (UTC−3). */
const sp = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);
const friday = '2026-11-13';
const monday = '2026-11-16';
const office = [{ start: '08:00', end: '18:00' }];
const weekly = { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] };

describe('GET /analytics/sla (issue 31)', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
    const db = t.server.database.db;
    const tenantId = t.a.tenant.id;
    expect((await t.a.api('PUT', '/tenants/settings/business-hours', { weekly })).status).toBe(200);
    // Whole episodes from Friday on; the breach of Thursday was recorded before (left out).
    await db
      .update(tenants)
      .set({ slaEpisodesSince: sp(friday, '00:00') })
      .where(eq(tenants.id, tenantId));
    const episode = (
      start: Date,
      answered: Date | null,
      due: Date | null,
      breached: Date | null = null,
    ): typeof slaEpisodes.$inferInsert => ({
      tenantId,
      ticketId: crypto.randomUUID(),
      startedAt: start,
      answeredAt: answered,
      dueAt: due,
      breachedAt: breached,
    });
    await db.insert(slaEpisodes).values([
      episode(sp('2026-11-12', '10:00'), null, sp('2026-11-12', '10:30'), sp('2026-11-12', '10:30')),
      episode(sp(friday, '10:00'), sp(friday, '10:10'), sp(friday, '10:30')), // met, 10 min
      episode(sp(friday, '11:00'), sp(friday, '11:20'), sp(friday, '11:30')), // met, 20 min
      // Breached by the monitor on Monday; answered at 09:00: 10 + 60 business minutes.
      episode(sp(friday, '17:50'), sp(monday, '09:00'), sp(monday, '08:20'), sp(monday, '08:20')),
      episode(sp(friday, '12:00'), null, null), // still waiting: open
      episode(sp(monday, '09:00'), sp(monday, '09:45'), sp(monday, '09:30')), // answered late: breached, 45
      episode(sp(monday, '10:00'), sp(monday, '10:05'), null), // answered before any deadline: met, 5
    ]);
  });
  afterAll(() => t.server.close());

  const sla = async (api: ApiCall, query: string) => {
    const res = await api('GET', `/analytics/sla?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Json;
  };

  it('counts met and breached episodes per São Paulo day, with the business-time median and p90', async () => {
    const body = await sla(t.a.api, `start_date=2026-11-12&end_date=${monday}`);
    expect(body).toMatchObject({
      window_start: '2026-11-12T03:00:00.000Z',
      window_end: '2026-11-17T03:00:00.000Z',
      data_since: '2026-11-13T03:00:00.000Z',
      limit_minutes: 30,
      business_hours: true,
      met: 3,
      breached: 2,
      open: 1,
      met_percent: 60,
      first_answer_median_minutes: 20, // 5, 10, 20, 45, 70
      first_answer_p90_minutes: 60,
    });
    expect(body.trend).toEqual([
      {
        date: '2026-11-12',
        met: 0,
        breached: 0,
        met_percent: null,
        first_answer_median_minutes: null,
        first_answer_p90_minutes: null,
      },
      {
        date: friday,
        met: 2,
        breached: 1,
        met_percent: 66.7,
        first_answer_median_minutes: 20,
        first_answer_p90_minutes: 60,
      },
      ...['2026-11-14', '2026-11-15'].map((date) => ({
        date,
        met: 0,
        breached: 0,
        met_percent: null,
        first_answer_median_minutes: null,
        first_answer_p90_minutes: null,
      })),
      {
        date: monday,
        met: 1,
        breached: 1,
        met_percent: 50,
        first_answer_median_minutes: 25,
        first_answer_p90_minutes: 41,
      },
    ]);
    // The days' figures add up to the window's.
    const days = body.trend as { met: number; breached: number }[];
    expect(days.reduce((n, d) => n + d.met, 0)).toBe(body.met);
    expect(days.reduce((n, d) => n + d.breached, 0)).toBe(body.breached);

    // A window of Monday only.
    const one = await sla(t.a.api, `start_date=${monday}&end_date=${monday}`);
    expect(one).toMatchObject({ met: 1, breached: 1, open: 0, met_percent: 50 });
  });

  it("never counts another organisation's episodes", async () => {
    const theirs = await sla(t.b.api, `start_date=2026-11-12&end_date=${monday}`);
    expect(theirs).toMatchObject({
      met: 0,
      breached: 0,
      open: 0,
      met_percent: null,
      first_answer_median_minutes: null,
      business_hours: false,
    });
    expect(theirs.trend.every((d: Json) => d.met === 0 && d.breached === 0)).toBe(true);
  });

  it('refuses a bad window with a field-named pt-BR 400, and a call without a token', async () => {
    const cases: [string, string][] = [
      ['days=5', 'querystring.days'],
      ['start_date=2026-13-45', 'querystring.start_date'],
      // Not a day of the calendar (Date.parse would take it as 2 March).
      ['start_date=2026-02-30', 'querystring.start_date'],
      ['end_date=2026-04-31T10:00:00Z', 'querystring.end_date'],
      ['end_date=ontem', 'querystring.end_date'],
      ['start_date=2026-06-05&end_date=2026-06-01', 'querystring.start_date'],
      ['start_date=2024-01-01&end_date=2025-01-01', 'querystring.end_date'],
    ];
    for (const [query, field] of cases) {
      const res = await t.a.api('GET', `/analytics/sla?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.fields.map((f: Json) => f.field),
        query,
      ).toContain(field);
      expect(res.body.detail, query).toMatch(/[a-zà-ú]/);
    }
    expect((await sla(t.a.api, 'days=7')).trend).toHaveLength(7);
    expect((await fetch(`${t.server.url}/api/v1/analytics/sla`)).status).toBe(401);
  });

  it('reads the window as one range of sla_episodes_tenant_started_idx under row-level security', async () => {
    const plan = await withTenant(t.server.database.db, t.a.tenant.id, async ({ tx }) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const window = { from: sp(friday, '00:00'), to: { at: sp('2026-11-17', '00:00'), exclusive: true } };
      const result = await tx.execute(
        sql`explain ${slaEpisodesStartedQuery(tx, t.a.tenant.id, window, sp('2026-11-01', '00:00'))}`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toMatch(/sla_episodes_tenant_started_idx/);
    expect(plan).toMatch(/Index Cond: .*tenant_id.*started_at >=.*started_at </s);
  });
});
