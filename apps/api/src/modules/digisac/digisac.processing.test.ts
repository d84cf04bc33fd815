import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.ts';
import { connectToFakeDigisac, type FakeDigisac, startFakeDigisac } from '../../test/fake-digisac.ts';
import { completion, startFakeOpenAi } from '../../test/fake-openai.ts';
import { freshDatabase, type Json, twoTenants } from '../../test/helpers.ts';
import { entityInboxEntry, webhookInboxEntry } from './digisac.inbox.ts';
import { drainInbox, fetchNewTickets } from './digisac.processing.ts';
import * as repo from './digisac.repo.ts';

// The inbox's workers over a real database and the fake DigiSac: events go into the inbox as the
// intake writes them, `digisac-inbox` applies them (`digisac-fetch` reads a new conversation's
// ticket from DigiSac), and what people see is read over HTTP.

describe('DigiSac ingestion: the inbox workers', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  // Its own database: the jobs it runs take every tenant's work.
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeDigisac;
  const db = () => t.server.database.db;

  /** Writes events into tenant A's inbox as the webhook would (each a delivery of `data`). */
  const deliver = (event: string, data: unknown, tenantId = t.a.tenant.id) =>
    withTenant(db(), tenantId, ({ tx }) =>
      repo.insertEvent(tx, { ...webhookInboxEntry(JSON.stringify({ event, data })), tenantId }),
    );
  /** The inbox, then reading new conversations' tickets from DigiSac, then what that read. */
  const process = async () => {
    await t.server.app.workers.runNow('digisac-inbox');
    await t.server.app.workers.runNow('digisac-fetch');
    await t.server.app.workers.runNow('digisac-inbox');
  };
  /**
   * The workers until nothing is pending: what the tenant's call limit held
   * back is made due again after a moment (the limit's window is one second).
   */
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      await process();
      const [left] = await query<{ n: number }>(
        sql`select count(*)::int as n from digisac_events where state = 'pending'`,
      );
      if (left?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db().execute(sql`update digisac_events set next_attempt_at = now() where state = 'pending'`);
    }
  };
  const query = async <T = Json>(text: ReturnType<typeof sql>) =>
    ((await db().execute(text)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    database = await freshDatabase();
    [t, fake] = await Promise.all([
      twoTenants(
        {
          DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
          DIGISAC_TICKET_ANALYSIS_DEBOUNCE_SECONDS: '1',
          // The retries below count DigiSac's failures, never a turn our own limit refused.
          DIGISAC_MAX_REQUESTS_PER_SECOND: '100',
        },
        database,
      ),
      startFakeDigisac({ tickets: 0 }),
    ]);
    for (const tenant of [t.a, t.b]) {
      await connectToFakeDigisac(tenant.api, fake.url);
    }
  });
  afterAll(async () => {
    await t?.server.close();
    await database?.close();
    await fake?.close();
  });

  it('makes a DigiSac conversation an Atende ticket with its customer and messages, in DigiSac order', async () => {
    const { ticket, contact } = fake.openTicket({ name: 'Joana Prado', number: '5511987650001' });
    const now = Math.floor(Date.now() / 1000);
    const first = fake.addMessage({
      ticketId: ticket.id,
      text: 'Oi, meu pedido não chegou',
      timestamp: now - 30,
    });
    const answer = fake.addMessage({
      ticketId: ticket.id,
      text: 'Vou verificar para você',
      isFromMe: true,
      timestamp: now - 20,
    });
    const note = fake.addMessage({
      ticketId: ticket.id,
      text: 'cliente VIP',
      isFromMe: true,
      isComment: true,
      timestamp: now - 15,
    });
    const image = fake.addMessage({
      ticketId: ticket.id,
      type: 'image',
      text: null,
      file: { name: 'comprovante.jpg', mimetype: 'image/jpeg' },
      timestamp: now - 10,
    });
    // Delivered out of order, and one of them twice.
    for (const message of [image, answer, note, first, answer]) await deliver('message.created', message);
    await settle();

    const list = await t.a.api('GET', '/tickets?source=digisac');
    expect(list.status).toBe(200);
    expect(list.body.tickets).toHaveLength(1);
    const made = list.body.tickets[0];
    expect(made).toMatchObject({
      source: 'digisac',
      external: { protocol: String(ticket.protocol), contact_number: '5511987650001' },
      customer_name: 'Joana Prado',
    });
    const customer = await t.a.api('GET', `/customers/${made.customer_id}`);
    expect(customer.body).toMatchObject({
      name: 'Joana Prado',
      document: null,
      source: 'digisac',
      phone: '5511987650001',
    });

    const messages = await t.a.api('GET', `/messages?ticket_id=${made.id}&kind=all&per_page=50`);
    // Newest first, by DigiSac's time (the opening system event first of all).
    const own = messages.body.messages.filter((m: Json) => m.kind !== 'system');
    expect(own.map((m: Json) => [m.sender, m.kind, m.content])).toEqual([
      ['customer', 'message', '[image] comprovante.jpg'],
      ['agent', 'note', 'cliente VIP'],
      ['agent', 'message', 'Vou verificar para você'],
      ['customer', 'message', 'Oi, meu pedido não chegou'],
    ]);
    expect(own[0]).toMatchObject({
      media_type: 'image',
      file_name: 'comprovante.jpg',
      external_id: image.id,
    });
    // The customer's text is analysed; the agent's and the note are not.
    expect(own[3].analysis).not.toBeNull();
    expect(own[2].analysis).toBeNull();
    // The default list leaves the note out.
    const plain = await t.a.api('GET', `/messages?ticket_id=${made.id}`);
    expect(plain.body.messages.map((m: Json) => m.kind)).not.toContain('note');
    expect(contact.id).toBeTruthy();
    // Written from its messages first, the ticket was then read from DigiSac (once): its title
    // and every message it had got the contact.
    expect(made.title).toBe(`DigiSac #${ticket.protocol} Joana Prado`);
    expect(messages.body.messages.every((m: Json) => m.customer_id === made.customer_id)).toBe(true);
    expect(fake.requests.filter((r) => r.url.startsWith(`/api/v1/tickets/${ticket.id}`))).toHaveLength(1);
    // Every event was applied once: the four deliveries, the request to read the ticket and what was read.
    const states = await query(sql`select source, state, count(*)::int as n from digisac_events
      where tenant_id = ${t.a.tenant.id} group by source, state order by source`);
    expect(states).toEqual([
      { source: 'fetch', state: 'processed', n: 2 },
      { source: 'webhook', state: 'processed', n: 4 },
    ]);
  });

  it('raises the alert of a red-flag customer message and keeps the SLA on who wrote', async () => {
    const { ticket } = fake.openTicket({ name: 'Rita Souza' });
    const angry = fake.addMessage({ ticketId: ticket.id, text: 'Isso é um absurdo, vou no Procon!' });
    await deliver('message.created', angry);
    await settle();
    const [made] = (await t.a.api('GET', `/tickets?source=digisac&search=Rita`)).body.tickets;
    expect(made.flagged).toBe(true);
    const unread = await t.a.api('GET', '/notifications/unread?limit=50');
    const alert = unread.body.notifications.find(
      (n: Json) => n.details.ticket_id === made.id && n.alert_type === 'red_flags',
    );
    expect(alert?.message).toContain('procon');
    // The customer waits; a bot's message is not an answer, an agent's is.
    const wait = async () =>
      (
        await query<{ waiting: boolean }>(sql`select wait_started_at is not null as waiting from tickets
        where id = ${made.id}`)
      )[0]?.waiting;
    expect(await wait()).toBe(true);
    await deliver(
      'message.created',
      fake.addMessage({
        ticketId: ticket.id,
        text: 'Menu: 1, 2, 3',
        isFromMe: true,
        isFromBot: true,
        origin: 'bot',
      }),
    );
    await settle();
    expect(await wait()).toBe(true);
    await deliver(
      'message.created',
      fake.addMessage({ ticketId: ticket.id, text: 'Sinto muito, vou resolver', isFromMe: true }),
    );
    await settle();
    expect(await wait()).toBe(false);
  });

  it('lets the SLA monitor alert on a customer left waiting, and not after an agent answered', async () => {
    const limit = await t.a.api('PUT', '/tenants/settings', {
      name: 'Loja',
      max_customer_wait_time_minutes: 5,
    });
    expect(limit.status).toBe(200);
    const minutesAgo = (m: number) => Math.floor(Date.now() / 1000) - m * 60;
    const waiting = fake.openTicket({ name: 'Olga Esperando' }).ticket;
    await deliver(
      'message.created',
      fake.addMessage({ ticketId: waiting.id, text: 'Cadê meu pedido?', timestamp: minutesAgo(10) }),
    );
    const answered = fake.openTicket({ name: 'Otto Atendido' }).ticket;
    await deliver(
      'message.created',
      fake.addMessage({ ticketId: answered.id, text: 'Cadê meu pedido?', timestamp: minutesAgo(10) }),
    );
    await deliver(
      'message.created',
      fake.addMessage({
        ticketId: answered.id,
        text: 'Já saiu para entrega!',
        isFromMe: true,
        timestamp: minutesAgo(8),
      }),
    );
    await settle();
    await t.server.app.workers.runNow('sla-monitor');
    const idOf = async (name: string) =>
      (await t.a.api('GET', `/tickets?source=digisac&search=${encodeURIComponent(name)}`)).body.tickets[0].id;
    const [olga, otto] = [await idOf('Olga'), await idOf('Otto')];
    const all = (await t.a.api('GET', '/notifications/all?limit=200')).body.notifications as Json[];
    const slaOf = (ticketId: string) =>
      all.filter((n) => n.details.ticket_id === ticketId && n.alert_type === 'ticket_issues');
    expect(slaOf(olga)).toHaveLength(1);
    expect(slaOf(otto)).toEqual([]);
  });

  it('analyses history without notifying anyone, and opens no wait for it', async () => {
    const { ticket } = fake.openTicket({ name: 'Caio Antigo' });
    const old = fake.addMessage({
      ticketId: ticket.id,
      text: 'Vou processar vocês, meu advogado já sabe',
      timestamp: Math.floor(Date.now() / 1000) - 3 * 24 * 3600,
    });
    await withTenant(db(), t.a.tenant.id, ({ tx }) =>
      repo.insertEvent(tx, { ...entityInboxEntry('import', old), tenantId: t.a.tenant.id }),
    );
    await settle();
    const [made] = (await t.a.api('GET', '/tickets?source=digisac&search=Caio')).body.tickets;
    const [message] = (await t.a.api('GET', `/messages?ticket_id=${made.id}`)).body.messages;
    expect(message.analysis?.contains_red_flags).toBe(true);
    const unread = await t.a.api('GET', '/notifications/unread?limit=50');
    expect(unread.body.notifications.filter((n: Json) => n.details.ticket_id === made.id)).toEqual([]);
    const [row] = await query(sql`select wait_started_at from tickets where id = ${made.id}`);
    expect(row.wait_started_at).toBeNull();
  });

  it('retries a failing DigiSac with back-off, keeps the event as failed after 5 tries, and retries it on demand', async () => {
    const { ticket } = fake.openTicket({ name: 'Beto Falha' });
    await deliver('message.created', fake.addMessage({ ticketId: ticket.id, text: 'Alô?' }));
    const due = () =>
      db().execute(sql`update digisac_events set next_attempt_at = now() where tenant_id = ${t.a.tenant.id}`);
    fake.failNext(100, 500);
    for (let i = 0; i < 5; i++) {
      await process();
      await due();
    }
    // The message was applied at once; reading its ticket from DigiSac is what failed.
    const [failed] = await query(sql`select id, event, state, attempts, error from digisac_events
      where tenant_id = ${t.a.tenant.id} and state <> 'processed'`);
    expect(failed).toMatchObject({
      event: 'fetch.ticket',
      state: 'failed',
      attempts: 5,
      error: 'O DigiSac respondeu 500.',
    });
    const [waiting] = (await t.a.api('GET', '/tickets?source=digisac&search=Nova%20conversa')).body.tickets;
    expect(waiting).toMatchObject({ title: 'Nova conversa no DigiSac', customer_id: null });
    const written = (await t.a.api('GET', `/messages?ticket_id=${waiting.id}`)).body.messages;
    expect(written.map((m: Json) => m.content)).toEqual(['Alô?']);
    fake.failNext(0);
    expect(await withTenant(db(), t.a.tenant.id, ({ tx }) => repo.retryEvent(tx, failed.id))).toBe(true);
    await settle();
    const [after] = await query(sql`select state from digisac_events where id = ${failed.id}`);
    expect(after.state).toBe('processed');
    const [named] = (await t.a.api('GET', '/tickets?source=digisac&search=Beto')).body.tickets;
    expect(named).toMatchObject({ id: waiting.id, title: `DigiSac #${ticket.protocol} Beto Falha` });
  });

  it("applies a new conversation's message while the tenant's DigiSac calls are spent, and reads its ticket later without counting a try", async () => {
    const { ticket } = fake.openTicket({ name: 'Ciro Espera' });
    await deliver('message.created', fake.addMessage({ ticketId: ticket.id, text: 'Quero cancelar' }));
    // Workers whose tenant may call DigiSac 0 times a second: no turn ever comes.
    const { app } = t.server;
    const spent = {
      config: { ...app.config, DIGISAC_MAX_REQUESTS_PER_SECOND: 0 },
      database: app.database,
      secretKey: app.secretKey,
      log: app.log,
      cpu: app.cpu,
      events: app.events,
      llm: app.llm,
    };
    const calls = fake.requests.length;
    await drainInbox(spent);
    await fetchNewTickets(spent);
    expect(fake.requests.length).toBe(calls);
    const [made] = await query(sql`select id, title from tickets where external_id = ${ticket.id}`);
    expect(made.title).toBe('Nova conversa no DigiSac');
    const written = (await t.a.api('GET', `/messages?ticket_id=${made.id}`)).body.messages;
    expect(written.map((m: Json) => m.content)).toEqual(['Quero cancelar']);
    // Held back by the limit: pending, no try counted, due again in a few seconds.
    const [held] = await query(sql`select state, attempts, next_attempt_at > now() as later
      from digisac_events where tenant_id = ${t.a.tenant.id} and work_key = ${`fetch:ticket:${ticket.id}`}`);
    expect(held).toEqual({ state: 'pending', attempts: 0, later: true });
    await db().execute(
      sql`update digisac_events set next_attempt_at = now() where tenant_id = ${t.a.tenant.id}`,
    );
    await settle();
    const [named] = (await t.a.api('GET', '/tickets?source=digisac&search=Ciro')).body.tickets;
    expect(named).toMatchObject({ id: made.id, title: `DigiSac #${ticket.protocol} Ciro Espera` });
  });

  it('closes the ticket with DigiSac and analyses its transcript then', async () => {
    const { ticket } = fake.openTicket({ name: 'Dora Fim' });
    await deliver('message.created', fake.addMessage({ ticketId: ticket.id, text: 'Obrigada, resolveu!' }));
    await deliver(
      'message.created',
      fake.addMessage({ ticketId: ticket.id, text: 'Por nada!', isFromMe: true }),
    );
    const { message: closing } = fake.closeTicket(ticket.id);
    await deliver('message.created', closing);
    await settle();
    await t.server.app.workers.runNow('digisac-analysis');
    const [made] = (await t.a.api('GET', '/tickets?source=digisac&search=Dora')).body.tickets;
    expect(made.content).toBe('Cliente: Obrigada, resolveu!\nAtendente: Por nada!');
    expect(made.analysis).not.toBeNull();
    const [row] = await query(
      sql`select is_open, wait_started_at, analysis_due_at from tickets where id = ${made.id}`,
    );
    expect(row).toMatchObject({ is_open: false, wait_started_at: null, analysis_due_at: null });
    // The transcript is DigiSac's: not editable here.
    const edit = await t.a.api('PUT', `/tickets/${made.id}`, { content: 'outra coisa' });
    expect(edit.status).toBe(409);
  });

  it("never writes one tenant's events into another's data", async () => {
    const { ticket } = fake.openTicket({ name: 'Eva Outra' });
    await deliver('message.created', fake.addMessage({ ticketId: ticket.id, text: 'Oi' }), t.b.tenant.id);
    await settle();
    expect((await t.a.api('GET', '/tickets?source=digisac&search=Eva')).body.tickets).toEqual([]);
    expect((await t.b.api('GET', '/tickets?source=digisac&search=Eva')).body.tickets).toHaveLength(1);
  });
});

describe('DigiSac ingestion: live customer messages and the LLM', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  // Its own database: the jobs it runs take every tenant's work.
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let fake: FakeDigisac;
  let llm: Awaited<ReturnType<typeof startFakeOpenAi>>;
  const answer = {
    sentiment: 'negative',
    intent: 'complaint',
    urgency_level: 'high',
    confidence_score: 0.9,
    language_detected: 'pt-BR',
    suggested_responses: ['Sinto muito pelo transtorno.'],
  };

  beforeAll(async () => {
    [fake, llm, database] = await Promise.all([
      startFakeDigisac({ tickets: 0 }),
      startFakeOpenAi(),
      freshDatabase(),
    ]);
    t = await twoTenants(
      {
        DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
        OPENAI_BASE_URL: llm.baseURL,
        OPENAI_MODEL: 'fake-model',
        DIGISAC_LLM_MESSAGES_PER_MINUTE: '2',
      },
      database,
    );
    llm.reply(completion(JSON.stringify(answer)));
    await connectToFakeDigisac(t.a.api, fake.url);
  });
  afterAll(async () => {
    await t?.server.close();
    await database?.close();
    await fake?.close();
    await llm?.close();
  });

  it('sends live customer messages to the LLM up to the tenant cap per minute, history never', async () => {
    const tenantId = t.a.tenant.id;
    const now = Math.floor(Date.now() / 1000);
    const sent = [
      ...Array.from({ length: 3 }, (_, i) => ({ text: `Meu pedido ${i} atrasou de novo`, timestamp: now })),
      { text: 'Conversa antiga sobre a entrega', timestamp: now - 3 * 86_400 },
    ].map((m, i) => {
      const { ticket } = fake.openTicket({ name: `Pessoa ${['Ana', 'Bia', 'Cid', 'Dan'][i]}` });
      return fake.addMessage({ ticketId: ticket.id, ...m });
    });
    for (const message of sent) {
      await withTenant(t.server.database.db, tenantId, ({ tx }) =>
        repo.insertEvent(tx, {
          ...webhookInboxEntry(JSON.stringify({ event: 'message.created', data: message })),
          tenantId,
        }),
      );
    }
    await t.server.app.workers.runNow('digisac-inbox');
    const list = (await t.a.api('GET', '/messages?per_page=50')).body.messages as Json[];
    const providers = sent.map((m) => list.find((row) => row.external_id === m.id)?.analysis?.provider);
    // Two of the three live ones went to the LLM (the cap), the third and the old one did not.
    expect(providers.slice(0, 3).filter((p) => p === 'openai')).toHaveLength(2);
    expect(providers.slice(0, 3).filter((p) => p === 'local')).toHaveLength(1);
    expect(providers[3]).toBe('local');
    expect(llm.requests).toHaveLength(2);
    const viaLlm = list.find((row) => row.analysis?.provider === 'openai');
    expect(viaLlm.analysis).toMatchObject({ sentiment: 'negative', model: 'fake-model' });
  });
});
