import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { businessHours, slaEpisodes, tenants, ticketAnalyses, tickets } from '../../db/schema/index.ts';
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
  let t = Date.now() - 3 * 3_600_000 + 2 * dayMs; // São Paulo's date, two days on
  while (new Date(t).getUTCDay() !== 5) t += dayMs;
  for (; ; t += 7 * dayMs) {
    const days = [0, 3, 4].map((n) => isoDay(t + n * dayMs));
    if (days.every((d) => !holidaysOf(Number(d.slice(0, 4)), null, true).has(d))) {
      return { friday: days[0] as string, monday: days[1] as string, tuesday: days[2] as string };
    }
  }
}

// The monitor looks at every tenant of the database: a database of its own keeps other files'
// tickets out of its way.
describe('SLA monitor (ticket_issues)', () => {
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

  async function tenantUser() {
    const user = await createTestUser(database);
    return { ...user, api: await signedInClient(server, user) };
  }

  /** Moves a ticket's current wait `minutes` into the past (as if that time had gone by). */
  async function age(ticketId: string, minutes: number) {
    await database.db
      .update(tickets)
      .set({ waitStartedAt: sql`${tickets.waitStartedAt} - ${minutes} * interval '1 minute'` })
      .where(eq(tickets.id, ticketId));
  }

  const check = () => server.app.workers.runNow('sla-monitor');

  async function issues(api: ApiCall) {
    const res = await api('GET', '/notifications/all?limit=200');
    expect(res.status).toBe(200);
    return res.body.notifications.filter((n: { alert_type: string }) => n.alert_type === 'ticket_issues');
  }

  async function newTicket(api: ApiCall, title: string) {
    const res = await api('POST', '/tickets', { title, content: `Cliente pede ajuda: ${title}` });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('alerts once per waiting episode, past the tenant limit, naming the ticket and the wait', async () => {
    const { api, tenant } = await tenantUser();
    const waiting = await newTicket(api, 'Pedido atrasado');
    const recent = await newTicket(api, 'Dúvida recente');
    await age(waiting, 45); // the default limit is 30 minutes
    await age(recent, 10);

    expect(await check()).toBe(true);
    const [alert, ...more] = await issues(api);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: 'Cliente aguardando no chamado «Pedido atrasado»',
      message: 'O cliente aguarda resposta há 45 min, acima do limite da empresa.',
      priority: 'high',
      details: { ticket_id: waiting },
    });
    // The same episode never alerts again.
    await age(waiting, 60);
    await check();
    expect(await issues(api)).toHaveLength(1);
    // Every wait is an episode from its start (issue 31); only the late one breached.
    const episodes = await database.db.select().from(slaEpisodes).where(eq(slaEpisodes.tenantId, tenant.id));
    expect(episodes.map((e) => e.ticketId).sort()).toEqual([waiting, recent].sort());
    expect(episodes.filter((e) => e.breachedAt !== null).map((e) => e.ticketId)).toEqual([waiting]);
  });

  it('records every episode when its wait starts; a wait that ends unanswered and unbreached leaves none', async () => {
    const { api, tenant } = await tenantUser();
    const episodesOf = (ticketId: string) =>
      database.db.select().from(slaEpisodes).where(eq(slaEpisodes.ticketId, ticketId));
    const id = await newTicket(api, 'Episódio desde o início');
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.id, id));
    const [opened, ...none] = await episodesOf(id);
    expect(none).toEqual([]);
    expect(opened).toMatchObject({
      tenantId: tenant.id,
      warnAt: null,
      dueAt: null,
      breachedAt: null,
      answeredAt: null,
    });
    expect(opened?.startedAt.getTime()).toBe(ticket?.waitStartedAt?.getTime());

    // An older unanswered message (an import) moves the wait and its episode earlier.
    await database.db.execute(sql`
      insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
      values (${tenant.id}, ${id}, 'antes', 'inbound', 'antes', now() - interval '10 minutes')`);
    const [moved, ...still] = await episodesOf(id);
    expect(still).toEqual([]);
    expect(moved?.id).toBe(opened?.id);
    expect(Date.now() - (moved?.startedAt.getTime() ?? 0)).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);

    // The answer closes it (answered_at) and keeps it for the reports.
    expect(
      (await api('POST', '/messages', { content: 'Olá!', direction: 'outbound', ticket_id: id })).status,
    ).toBe(201);
    expect((await episodesOf(id))[0]?.answeredAt).toBeInstanceOf(Date);

    // A new wait closed quietly (as the monitor does for solved or old ones) leaves no episode.
    expect(
      (await api('POST', '/messages', { content: 'E aí?', direction: 'inbound', ticket_id: id })).status,
    ).toBe(201);
    expect(await episodesOf(id)).toHaveLength(2);
    await database.db
      .update(tickets)
      .set({ waitStartedAt: null, slaPending: false })
      .where(eq(tickets.id, id));
    expect(await episodesOf(id)).toHaveLength(1);

    // Deleting a waiting ticket drops its open episode.
    const gone = await newTicket(api, 'Chamado apagado');
    expect(await episodesOf(gone)).toHaveLength(1);
    await database.db.delete(tickets).where(eq(tickets.id, gone));
    expect(await episodesOf(gone)).toHaveLength(0);
  });

  it('an answer ends the episode; the next unanswered message starts a new one', async () => {
    const { api, tenant } = await tenantUser();
    const id = await newTicket(api, 'Troca de produto');
    await age(id, 40);
    await check();
    expect(await issues(api)).toHaveLength(1);

    // The team answers: the episode is closed (answered_at), nothing waits.
    const answer = await api('POST', '/messages', {
      content: 'Já estamos vendo.',
      direction: 'outbound',
      ticket_id: id,
    });
    expect(answer.status).toBe(201);
    const [first] = await database.db.select().from(slaEpisodes).where(eq(slaEpisodes.ticketId, id));
    expect(first?.answeredAt).toBeInstanceOf(Date);
    await age(id, 120);
    await check();
    expect(await issues(api)).toHaveLength(1);

    // The customer writes again and waits past the limit: a second alert.
    const again = await api('POST', '/messages', {
      content: 'Alguma novidade?',
      direction: 'inbound',
      ticket_id: id,
    });
    expect(again.status).toBe(201);
    await check();
    expect(await issues(api)).toHaveLength(1); // just now: not late yet
    await age(id, 31);
    await check();
    expect(await issues(api)).toHaveLength(2);
    const rows = await database.db.select().from(slaEpisodes).where(eq(slaEpisodes.tenantId, tenant.id));
    expect(rows).toHaveLength(2);
  });

  it('follows the tenant limit and leaves solved tickets alone', async () => {
    const { api, tenant } = await tenantUser();
    await database.db
      .update(tenants)
      .set({ maxCustomerWaitTimeMinutes: 120 })
      .where(eq(tenants.id, tenant.id));
    const id = await newTicket(api, 'Nota fiscal');
    await age(id, 90);
    await check();
    expect(await issues(api)).toHaveLength(0);

    // Solved by an analysis made during this wait: closed quietly, however long.
    const analysed = await api('POST', `/tickets/${id}/analyze`, {});
    expect(analysed.status).toBe(200);
    await database.db
      .update(ticketAnalyses)
      .set({ solvedStatus: 'solved' })
      .where(eq(ticketAnalyses.ticketId, id));
    await age(id, 60);
    await check();
    expect(await issues(api)).toHaveLength(0);
    const [row] = await database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row?.slaPending).toBe(false);
    expect(row?.waitStartedAt).toBeNull();

    // The customer writes again: a new wait, and the old 'solved' does not silence it.
    const back = await api('POST', '/messages', {
      content: 'Ainda não resolveu.',
      direction: 'inbound',
      ticket_id: id,
    });
    expect(back.status).toBe(201);
    await age(id, 121);
    await database.db // the analysis stays older than the new wait once time "goes by"
      .update(ticketAnalyses)
      .set({ createdAt: sql`${ticketAnalyses.createdAt} - interval '5 hours'` })
      .where(eq(ticketAnalyses.ticketId, id));
    await check();
    expect(await issues(api)).toHaveLength(1);
  });

  it('keeps an alerted episode as it was when an older message arrives late, and closes it on the answer', async () => {
    const { api } = await tenantUser();
    const id = await newTicket(api, 'Episódio alertado');
    await age(id, 45);
    await check();
    expect(await issues(api)).toHaveLength(1);
    const [before] = await database.db.select().from(tickets).where(eq(tickets.id, id));
    await database.db.execute(sql`
      insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
      values (${before?.tenantId}, ${id}, 'antiga', 'inbound', 'antiga', now() - interval '2 hours')`);
    const [after] = await database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(after?.waitStartedAt?.getTime()).toBe(before?.waitStartedAt?.getTime());
    const answer = await api('POST', '/messages', {
      content: 'Resolvido.',
      direction: 'outbound',
      ticket_id: id,
    });
    expect(answer.status).toBe(201);
    const [episode] = await database.db.select().from(slaEpisodes).where(eq(slaEpisodes.ticketId, id));
    expect(episode?.answeredAt).toBeInstanceOf(Date);
  });

  it('counts only messages newer than the last answer (imports may arrive out of order)', async () => {
    const { api } = await tenantUser();
    const id = await newTicket(api, 'Importado');
    const answer = await api('POST', '/messages', {
      content: 'Respondido.',
      direction: 'outbound',
      ticket_id: id,
    });
    expect(answer.status).toBe(201);
    // An inbound message older than the answer, written afterwards (as an import would).
    const [{ tenantId } = { tenantId: '' }] = await database.db
      .select({ tenantId: tickets.tenantId })
      .from(tickets)
      .where(eq(tickets.id, id));
    await database.db.execute(sql`
      insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
      values (${tenantId}, ${id}, 'antiga', 'inbound', 'antiga', now() - interval '40 minutes')`);
    const [row] = await database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row?.waitStartedAt).toBeNull();
    await check();
    expect(await issues(api)).toHaveLength(0);
  });

  it('does not backfill: old waits alert only if they began after the monitor first saw the tenant', async () => {
    const { api } = await tenantUser();
    const old = await newTicket(api, 'Chamado antigo');
    await age(old, 3 * 24 * 60);
    await check(); // first sight of the tenant: a three-day-old wait is history
    expect(await issues(api)).toHaveLength(0);

    const watched = await tenantUser();
    await database.db
      .update(tenants)
      .set({ slaWatchedSince: sql`now() - interval '5 days'` })
      .where(eq(tenants.id, watched.tenant.id));
    const missed = await newTicket(watched.api, 'Chamado esquecido');
    await age(missed, 3 * 24 * 60); // began after the monitor first saw the tenant (it was down)
    await check();
    const [alert] = await issues(watched.api);
    expect(alert?.message).toBe('O cliente aguarda resposta há 3 dias, acima do limite da empresa.');
    expect(await issues(api)).toHaveLength(0); // and nothing for the other tenant
  });

  describe('in business time (issue 31), with the clock as a parameter', () => {
    const office = { start: '08:00', end: '18:00' };
    const weekly = {
      sun: [],
      mon: [office],
      tue: [office],
      wed: [office],
      thu: [office],
      fri: [office],
      sat: [],
    };
    const at = (now: number) => checkWaitingTickets(database.db, server.app.events, undefined, new Date(now));
    async function alerts(api: ApiCall) {
      const res = await api('GET', '/notifications/all?limit=200');
      return res.body.notifications.filter((n: { alert_type: string }) =>
        ['sla_warning', 'ticket_issues'].includes(n.alert_type),
      ) as { alert_type: string; priority: string; message: string; details: { ticket_id: string } }[];
    }

    /** A tenant open Mon–Fri 08:00–18:00 whose customer writes on `date` at `time` (São Paulo). */
    async function customerWritesAt(
      date: string,
      time: string,
      daysOff: { date: string; name: string }[] = [],
    ) {
      const { api, tenant } = await tenantUser();
      await database.db.insert(businessHours).values({ tenantId: tenant.id, weekly, daysOff });
      const id = await newTicket(api, 'Pedido de sexta à tarde');
      // The ticket's own wait is answered now; the customer writes again on Friday.
      expect(
        (await api('POST', '/messages', { content: 'Oi!', direction: 'outbound', ticket_id: id })).status,
      ).toBe(201);
      await database.db.execute(sql`
        insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
        values (${tenant.id}, ${id}, 'Preciso de ajuda', 'inbound', 'preciso de ajuda',
                ${new Date(sp(date, time)).toISOString()}::timestamptz)`);
      return { api, tenant, id };
    }

    it('Friday 17:50 with a 30-minute limit warns on Monday at 08:14 and breaches at 08:20', async () => {
      const { friday, monday } = nextPlainFriday();
      const { api, tenant, id } = await customerWritesAt(friday, '17:50');

      await at(sp(friday, '18:30'));
      await at(sp(monday, '08:13'));
      expect(await alerts(api)).toEqual([]);
      const [episode] = await database.db
        .select()
        .from(slaEpisodes)
        .where(and(eq(slaEpisodes.ticketId, id), isNull(slaEpisodes.answeredAt)));
      expect(episode?.warnAt?.getTime()).toBe(sp(monday, '08:14'));
      expect(episode?.dueAt?.getTime()).toBe(sp(monday, '08:20'));

      expect((await at(sp(monday, '08:14'))).warned).toBeGreaterThanOrEqual(1);
      const [warning, ...none] = await alerts(api);
      expect(none).toEqual([]);
      expect(warning).toMatchObject({
        alert_type: 'sla_warning',
        priority: 'medium',
        message:
          'O cliente aguarda resposta há 24 min em horário de atendimento; o limite da empresa é 30 min.',
        details: { ticket_id: id },
      });
      await at(sp(monday, '08:19')); // once per episode
      expect(await alerts(api)).toHaveLength(1);

      await at(sp(monday, '08:20'));
      const [breach] = await alerts(api);
      expect(breach).toMatchObject({
        alert_type: 'ticket_issues',
        priority: 'high',
        message:
          'O cliente aguarda resposta há 30 min em horário de atendimento, acima do limite da empresa.',
      });
      await at(sp(monday, '11:00'));
      expect(await alerts(api)).toHaveLength(2);
      const [settled] = await database.db
        .select()
        .from(slaEpisodes)
        .where(and(eq(slaEpisodes.tenantId, tenant.id), isNull(slaEpisodes.answeredAt)));
      expect(settled).toMatchObject({
        warnedAt: new Date(sp(monday, '08:14')),
        breachedAt: new Date(sp(monday, '08:20')),
      });
    });

    it('a holiday Monday moves both to Tuesday', async () => {
      const { friday, monday, tuesday } = nextPlainFriday();
      const { api } = await customerWritesAt(friday, '17:50', [{ date: monday, name: 'Feriado municipal' }]);
      await at(sp(monday, '12:00'));
      expect(await alerts(api)).toEqual([]);
      await at(sp(tuesday, '08:14'));
      expect((await alerts(api)).map((a) => a.alert_type)).toEqual(['sla_warning']);
      await at(sp(tuesday, '08:20'));
      expect((await alerts(api)).map((a) => a.alert_type)).toEqual(['ticket_issues', 'sla_warning']);
    });

    it('an answer before the deadline ends the episode: no breach; a wait past both instants only breaches', async () => {
      const { friday, monday } = nextPlainFriday();
      const answered = await customerWritesAt(friday, '17:50');
      await at(sp(monday, '08:15'));
      expect((await alerts(answered.api)).map((a) => a.alert_type)).toEqual(['sla_warning']);
      await database.db.execute(sql`
        insert into messages (tenant_id, ticket_id, content, direction, search_text, created_at)
        values (${answered.tenant.id}, ${answered.id}, 'Resolvido', 'outbound', 'resolvido',
                ${new Date(sp(monday, '08:16')).toISOString()}::timestamptz)`);
      await at(sp(monday, '09:00'));
      expect((await alerts(answered.api)).map((a) => a.alert_type)).toEqual(['sla_warning']);

      const late = await customerWritesAt(friday, '17:50');
      await at(sp(monday, '10:00'));
      expect((await alerts(late.api)).map((a) => a.alert_type)).toEqual(['ticket_issues']);
    });

    it('no warning at 0 %; no business hours: every minute counts, as before', async () => {
      const { friday } = nextPlainFriday();
      const { api, tenant } = await customerWritesAt(friday, '17:50');
      await database.db.update(tenants).set({ slaWarningPercent: 0 }).where(eq(tenants.id, tenant.id));
      await database.db.delete(businessHours).where(eq(businessHours.tenantId, tenant.id));
      await database.db
        .update(slaEpisodes)
        .set({ warnAt: null, dueAt: null })
        .where(eq(slaEpisodes.tenantId, tenant.id));
      await at(sp(friday, '18:19'));
      expect(await alerts(api)).toEqual([]);
      await at(sp(friday, '18:20'));
      const [breach, ...none] = await alerts(api);
      expect(none).toEqual([]);
      expect(breach?.message).toBe('O cliente aguarda resposta há 30 min, acima do limite da empresa.');
    });
  });

  it('runs on its own every SLA_CHECK_INTERVAL_SECONDS when the workers run', async () => {
    const own = await startTestServer({ database, workers: true, env: { SLA_CHECK_INTERVAL_SECONDS: '1' } });
    try {
      const user = await createTestUser(database);
      const api = await signedInClient(own, user);
      const id = await newTicket(api, 'Entrega não chegou');
      await age(id, 31);
      const deadline = Date.now() + 5_000;
      while ((await issues(api)).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await issues(api)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
