import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { slaEpisodes } from '../../db/schema/index.ts';
import { holidaysOf } from '../../lib/business-time.ts';
import {
  type ApiCall,
  createTestUser,
  freshDatabase,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../../test/helpers.ts';
import { checkWaitingTickets } from './sla.ts';

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
/** An instant from a São Paulo wall time (UTC−3). */
const sp = (date: string, time: string) => Date.parse(`${date}T${time}:00-03:00`);

/** A Friday at least two days ahead whose Friday, Monday and Tuesday are no national holidays. */
function nextPlainFriday() {
  let t = Date.now() - 3 * 3_600_000 + 2 * dayMs;
  while (new Date(t).getUTCDay() !== 5) t += dayMs;
  for (; ; t += 7 * dayMs) {
    const days = [0, 3, 4].map((n) => isoDay(t + n * dayMs));
    if (days.every((d) => !holidaysOf(Number(d.slice(0, 4)), null, true).has(d))) {
      return { friday: days[0] as string, monday: days[1] as string, tuesday: days[2] as string };
    }
  }
}

const office = [{ start: '08:00', end: '18:00' }];
const weekly = { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] };

// A schedule or limit change (issue 31) drops the open waits' deadlines in its own transaction;
// the monitor (its clock a parameter here) computes them again. A database of its own: the
// monitor looks at every tenant.
describe('SLA deadlines after a change of hours or limits', () => {
  let database: Database;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase();
    server = await startTestServer({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const at = (now: number) => checkWaitingTickets(database.db, server.app.events, undefined, new Date(now));

  async function alertTypes(api: ApiCall) {
    const res = await api('GET', '/notifications/all?limit=200');
    return (res.body.notifications as { alert_type: string }[])
      .map((n) => n.alert_type)
      .filter((type) => ['sla_warning', 'ticket_issues'].includes(type));
  }

  /** The open episode of the ticket's current wait. */
  async function openEpisode(ticketId: string) {
    const [episode] = await database.db
      .select()
      .from(slaEpisodes)
      .where(and(eq(slaEpisodes.ticketId, ticketId), isNull(slaEpisodes.answeredAt)));
    return episode;
  }

  /** A tenant open Mon–Fri 08:00–18:00 (saved over HTTP) whose customer writes on Friday at 17:50. */
  async function waitingSinceFriday(friday: string) {
    const user = await createTestUser(database);
    const api = await signedInClient(server, user);
    expect((await api('PUT', '/tenants/settings/business-hours', { weekly })).status).toBe(200);
    const created = await api('POST', '/tickets', { title: 'Pedido', content: 'Cliente pede ajuda' });
    const id = created.body.id as string;
    expect(
      (await api('POST', '/messages', { content: 'Oi!', direction: 'outbound', ticket_id: id })).status,
    ).toBe(201);
    await database.db.execute(sql`
      insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
      values (${user.tenant.id}, ${id}, 'Preciso de ajuda', 'inbound', 'preciso de ajuda',
              ${new Date(sp(friday, '17:50')).toISOString()}::timestamptz)`);
    await at(sp(friday, '18:30'));
    return { api, id };
  }

  it('a day off saved on Friday night moves the open wait to Tuesday', async () => {
    const { friday, monday, tuesday } = nextPlainFriday();
    const { api, id } = await waitingSinceFriday(friday);
    expect(await openEpisode(id)).toMatchObject({
      warnAt: new Date(sp(monday, '08:14')),
      dueAt: new Date(sp(monday, '08:20')),
    });

    const saved = await api('PUT', '/tenants/settings/business-hours', {
      weekly,
      days_off: [{ date: monday, name: 'Inventário' }],
    });
    expect(saved.status).toBe(200);
    expect(await openEpisode(id)).toMatchObject({ warnAt: null, dueAt: null });

    await at(sp(monday, '09:00'));
    expect(await alertTypes(api)).toEqual([]);
    expect(await openEpisode(id)).toMatchObject({
      warnAt: new Date(sp(tuesday, '08:14')),
      dueAt: new Date(sp(tuesday, '08:20')),
    });
    await at(sp(tuesday, '08:20'));
    expect(await alertTypes(api)).toEqual(['ticket_issues']);
  });

  it('a new limit or warning share recomputes them; a refused or unchanged save keeps them', async () => {
    const { friday, monday } = nextPlainFriday();
    const { api, id } = await waitingSinceFriday(friday);
    const settings = (body: Record<string, unknown>) =>
      api('PUT', '/tenants/settings', { name: 'Loja', ...body });

    // Unchanged limits (and a refused change) leave the deadlines as they are.
    expect((await settings({ max_customer_wait_time_minutes: 30, sla_warning_percent: 80 })).status).toBe(
      200,
    );
    expect((await settings({ max_customer_wait_time_minutes: 60, sla_warning_percent: 100 })).status).toBe(
      400,
    );
    expect(
      (await api('PUT', '/tenants/settings/business-hours', { weekly: { ...weekly, mon: [] }, state: 'XX' }))
        .status,
    ).toBe(400);
    expect(await openEpisode(id)).toMatchObject({ dueAt: new Date(sp(monday, '08:20')) });

    expect((await settings({ max_customer_wait_time_minutes: 60 })).status).toBe(200);
    expect(await openEpisode(id)).toMatchObject({ warnAt: null, dueAt: null });
    await at(sp(friday, '23:00'));
    expect(await openEpisode(id)).toMatchObject({
      warnAt: new Date(sp(monday, '08:38')), // 80 % of 60 min: 10 min on Friday, 38 on Monday
      dueAt: new Date(sp(monday, '08:50')),
    });

    expect((await settings({ sla_warning_percent: 50 })).status).toBe(200);
    expect(await openEpisode(id)).toMatchObject({ warnAt: null, dueAt: null });
    await at(sp(monday, '08:20'));
    expect(await openEpisode(id)).toMatchObject({
      warnAt: new Date(sp(monday, '08:20')),
      dueAt: new Date(sp(monday, '08:50')),
    });
    // Filled and passed in the same check: the warning is raised at once.
    expect(await alertTypes(api)).toEqual(['sla_warning']);

    // A warned wait is not warned again when its deadlines are recomputed.
    expect((await settings({ sla_warning_percent: 60 })).status).toBe(200);
    await at(sp(monday, '08:40'));
    expect(await alertTypes(api)).toEqual(['sla_warning']);
    await at(sp(monday, '08:50'));
    expect(await alertTypes(api)).toEqual(['ticket_issues', 'sla_warning']);
  });
});
