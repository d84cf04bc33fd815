import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { slaEpisodes, tenants, ticketAnalyses, tickets } from '../../db/schema/index.ts';
import {
  type ApiCall,
  createTestUser,
  freshDatabase,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../../test/helpers.ts';

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
