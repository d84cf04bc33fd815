import { foldText } from '@atende/analyzer';
import { isValidCpf } from '@atende/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database, type Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import {
  type ApiCall,
  createTestUser,
  type Json,
  signedInClient,
  startTestServer,
  type TestServer,
} from '../test/helpers.ts';
import { seedBulk } from './seed-bulk.ts';

// The generator's data, from its definition (seed-bulk.ts): ticket i of 1..N, customer 1 + (i mod M),
// K inbound messages each, an analysis when i mod 10 < 7. The API must answer totals that follow.
const N = 700;
const M = 50;
const K = 2;
const numbers = Array.from({ length: N }, (_, x) => x + 1);
const count = (test: (i: number) => boolean) => numbers.filter(test).length;
const analysed = (i: number) => i % 10 < 7;
const customerOf = (i: number) => 1 + (i % M);
const firstDay = Date.parse('2025-06-01T00:00:00-03:00');
const createdAt = (i: number) => new Date(firstDay + 4 * i * 60_000).toISOString();
const content = (i: number) =>
  `Cliente relata problema número ${i}.${i % 7 === 0 ? ' Vou registrar reclamação no Procon.' : ''}`;

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const query = async (db: Db, statement: SQL): Promise<Json[]> =>
  ((await db.execute(statement)) as { rows: Json[] }).rows;

/** Whether an error is the AppError with this code (refusals of seedBulk). */
const appError = (code: string) => (err: unknown) => err instanceof AppError && err.code === code;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a refusal');
}

/** Every page of a list (the API pages by 100 at most). */
async function all(api: ApiCall, path: string, key: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await api('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body[key]);
    if (res.body[key].length < 100) return rows;
  }
}

describe('seed-bulk', () => {
  let server: TestServer;
  let api: ApiCall;
  let tenant: { id: string; slug: string };
  let result: Awaited<ReturnType<typeof seedBulk>>;
  const progress: { table: string; rows: number; total: number }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const user = await createTestUser(server.database);
    tenant = user.tenant;
    api = await signedInClient(server, user);
    result = await seedBulk(server.database, {
      tenantSlug: tenant.slug,
      tickets: N,
      customers: M,
      messagesPerTicket: K,
      onProgress: (done) => progress.push(done),
    });
  });
  afterAll(() => server.close());

  const total = async (path: string) => {
    const res = await api('GET', path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.total as number;
  };

  it('reports what it wrote, table by table', () => {
    const analyses = count(analysed);
    expect(result).toMatchObject({
      tenantId: tenant.id,
      tickets: N,
      customers: M,
      messages: N * K,
      analyses,
    });
    const last = (table: string) => progress.filter((p) => p.table === table).at(-1);
    expect(last('customers')).toEqual({ table: 'customers', rows: M, total: M });
    expect(last('tickets')).toEqual({ table: 'tickets', rows: N, total: N });
    expect(last('ticket_analyses')).toEqual({ table: 'ticket_analyses', rows: analyses, total: analyses });
    expect(last('messages')).toEqual({ table: 'messages', rows: N * K, total: N * K });
    // The tests connect as a superuser: triggers skipped, so no SLA wait to clear afterwards.
    expect(last('tickets (SLA reset)')).toBeUndefined();
  });

  it('lists totals that follow the formulas, filter by filter', async () => {
    const expectations: [string, number][] = [
      ['/tickets', N],
      ['/tickets?sentiment=negative', count((i) => analysed(i) && i % 4 === 1)],
      ['/tickets?sentiment=mixed', count((i) => analysed(i) && i % 4 === 3)],
      ['/tickets?solved_status=not_solved', count((i) => analysed(i) && i % 3 === 2)],
      ['/tickets?contains_red_flags=true', count((i) => analysed(i) && i % 7 === 0)],
      ['/tickets?requires_escalation=true', count((i) => analysed(i) && i % 7 === 0)],
      ['/tickets?red_flag_term=PROCON', count((i) => analysed(i) && i % 7 === 0)],
      ['/tickets?flagged=true', count((i) => i % 50 === 0)],
      ['/tickets?flagged=false', count((i) => i % 50 !== 0)],
      ['/tickets?csat_lt=5', count((i) => analysed(i) && i % 101 < 50)],
      ['/tickets?csat_gte=9', count((i) => analysed(i) && i % 101 >= 90)],
      [`/tickets?search=${encodeURIComponent('reclamação PROCON')}`, count((i) => i % 7 === 0)],
      // The first day in São Paulo: 4·i minutes < 24 h.
      ['/tickets?start_date=2025-06-01&end_date=2025-06-01', count((i) => 4 * i < 24 * 60)],
      [
        '/tickets?start_date=2025-06-01T10:00:00-03:00&end_date=2025-06-01T20:00:00-03:00',
        count((i) => 4 * i >= 10 * 60 && 4 * i <= 20 * 60),
      ],
      [
        '/tickets?sentiment=positive&solved_status=solved&flagged=true',
        count((i) => analysed(i) && i % 4 === 0 && i % 3 === 0 && i % 50 === 0),
      ],
      [
        '/tickets?contains_red_flags=true&csat_lt=5&start_date=2025-06-02',
        count((i) => analysed(i) && i % 7 === 0 && i % 101 < 50 && 4 * i >= 24 * 60),
      ],
      ['/customers', M],
      ['/messages', N * K],
      ['/messages?direction=inbound', N * K],
      ['/messages?direction=outbound', 0],
      ['/messages?flagged=true', 0],
      ['/messages?search=procon', count((i) => i % 7 === 0) * K],
    ];
    for (const [path, expected] of expectations) expect(await total(path), path).toBe(expected);
  });

  it("links each ticket to its customer, and the customer's tickets and messages", async () => {
    const customers = await all(api, '/customers', 'customers');
    const byName = new Map(customers.map((c) => [c.name as string, c]));
    expect([...byName.keys()].sort()).toEqual(
      Array.from({ length: M }, (_, x) => `Cliente de carga ${x + 1}`).sort(),
    );
    const documents = customers.map((c) => c.document as string);
    expect(new Set(documents).size).toBe(M);
    for (const document of documents) {
      expect(document, document).toMatch(/^\d{11}$/);
      expect(isValidCpf(document), document).toBe(true);
    }
    const c15 = byName.get('Cliente de carga 15');
    expect(await total(`/tickets?customer_id=${c15.id}`)).toBe(count((i) => customerOf(i) === 15));
    expect(await total(`/messages?customer_id=${c15.id}`)).toBe(count((i) => customerOf(i) === 15) * K);
    expect(await total(`/tickets?customer_id=${c15.id}&contains_red_flags=true`)).toBe(
      count((i) => customerOf(i) === 15 && analysed(i) && i % 7 === 0),
    );
    // Search finds a customer by the CPF (the document is in its search text).
    const found = await api('GET', `/customers?search=${c15.document}`);
    expect(found.body.customers.map((c: Json) => c.id)).toEqual([c15.id]);
  });

  /** The one ticket created at ticket i's minute (they are 4 minutes apart). */
  async function ticketNumber(i: number) {
    const at = Date.parse(createdAt(i));
    const window = `start_date=${new Date(at - 60_000).toISOString()}&end_date=${new Date(at + 60_000).toISOString()}`;
    const res = await api('GET', `/tickets?${window}`);
    expect(res.body.tickets).toHaveLength(1);
    return res.body.tickets[0];
  }

  it('writes every field of a ticket, its analysis and its messages exactly', async () => {
    const customers = new Map((await all(api, '/customers', 'customers')).map((c) => [c.name, c.id]));

    const t14 = await ticketNumber(14);
    expect(t14).toMatchObject({
      title: 'Chamado de carga 14',
      content: 'Cliente relata problema número 14. Vou registrar reclamação no Procon.',
      conversation_text: null,
      customer_id: customers.get('Cliente de carga 15'),
      customer_name: 'Cliente de carga 15',
      flagged: false,
      requires_attention: true,
      created_at: createdAt(14),
      updated_at: createdAt(14),
    });
    expect(t14.analysis).toEqual({
      id: expect.any(String),
      version: 1,
      provider: 'seed',
      model: null,
      provider_error: null,
      created_at: createdAt(14),
      overall_sentiment: 'neutral', // 14 mod 4 = 2
      sentiment: 'neutral',
      complexity_score: 1, // (14 mod 5) / 4
      confidence_score: 0.8,
      csat_score: 1.4, // (14 mod 101) / 10
      solved_status: 'not_solved', // 14 mod 3 = 2
      analysis_explanation: 'Análise gerada pelo gerador de carga (seed-bulk).',
      contains_red_flags: true,
      red_flag_words: ['procon'],
      requires_escalation: true,
      escalation_reasons: ['regulator_complaint'],
      urgency_level: 'medium',
    });
    // The generated ids pass the API's UUID checks.
    expect((await api('GET', `/tickets/${t14.id}`)).body).toEqual(t14);

    const t13 = await ticketNumber(13);
    expect(t13.requires_attention).toBe(false);
    expect(t13.analysis).toMatchObject({
      overall_sentiment: 'negative',
      csat_score: 1.3,
      solved_status: 'in_progress',
      complexity_score: 0.75,
      contains_red_flags: false,
      red_flag_words: [],
      requires_escalation: false,
      escalation_reasons: [],
    });
    // 17 mod 10 = 7: no analysis; 49 threatens (49 mod 7 = 0) but has no analysis (49 mod 10 = 9).
    expect(await ticketNumber(17)).toMatchObject({ analysis: null, requires_attention: false });
    expect(await ticketNumber(49)).toMatchObject({
      content: 'Cliente relata problema número 49. Vou registrar reclamação no Procon.',
      analysis: null,
      requires_attention: false,
    });
    // 700: flagged, analysed (700 mod 10 = 0) and a Procon threat (700 mod 7 = 0).
    expect(await ticketNumber(700)).toMatchObject({
      flagged: true,
      requires_attention: true,
      analysis: { contains_red_flags: true, csat_score: (700 % 101) / 10 },
    });

    const messages = await all(api, `/messages?ticket_id=${t14.id}`, 'messages');
    expect(messages).toHaveLength(K);
    for (const message of messages) {
      expect(message).toEqual({
        id: expect.any(String),
        content: t14.content,
        direction: 'inbound',
        sender: 'customer',
        kind: 'message',
        external_id: null,
        media_type: null,
        file_name: null,
        channel: 'web',
        ticket_id: t14.id,
        ticket_title: t14.title,
        customer_id: t14.customer_id,
        customer_name: t14.customer_name,
        expert_id: null,
        flagged: false,
        analysis: null,
        created_at: createdAt(14),
      });
    }
  });

  it('writes the derived columns (search texts, newest analysis, SLA) and nothing else', async () => {
    const db = server.database.db;
    const tickets = await query(
      db,
      sql`
        select title, content, customer_name, search_text, sla_pending, wait_started_at, last_answered_at,
               sentiment, csat_score, solved_status, contains_red_flags, requires_escalation, red_flag_terms,
               requires_attention, latest_analysis_id is not null as has_analysis
        from tickets where tenant_id = ${tenant.id}`,
    );
    expect(tickets).toHaveLength(N);
    for (const t of tickets) {
      const i = Number(t.title.replace('Chamado de carga ', ''));
      expect(t.content).toBe(content(i));
      expect(t.search_text).toBe(foldText(`${t.title} ${t.content} ${t.customer_name}`));
      expect(t).toMatchObject({ sla_pending: false, wait_started_at: null, last_answered_at: null });
      const threat = analysed(i) && i % 7 === 0;
      expect(t).toMatchObject({
        has_analysis: analysed(i),
        sentiment: analysed(i) ? ['positive', 'negative', 'neutral', 'mixed'][i % 4] : null,
        csat_score: analysed(i) ? (i % 101) / 10 : null,
        solved_status: analysed(i) ? ['solved', 'in_progress', 'not_solved'][i % 3] : null,
        contains_red_flags: threat,
        requires_escalation: threat,
        red_flag_terms: threat ? ['procon'] : [],
        requires_attention: threat,
      });
    }
    const customers = await query(
      db,
      sql`select name, document, search_text from customers where tenant_id = ${tenant.id}`,
    );
    for (const c of customers) expect(c.search_text).toBe(foldText(`${c.name} ${c.document}`));
    const messages = await query(
      db,
      sql`select content, search_text, latest_analysis_id from messages where tenant_id = ${tenant.id}`,
    );
    expect(messages).toHaveLength(N * K);
    for (const m of messages)
      expect(m).toMatchObject({ search_text: foldText(m.content), latest_analysis_id: null });

    const [nothing] = await query(
      db,
      sql`
        select (select count(*) from notifications where tenant_id = ${tenant.id})::int as notifications,
               (select count(*) from domain_events where tenant_id = ${tenant.id}
                  and type <> 'user.signed_in')::int as events, -- the test's own sign-in (audit)
               (select count(*) from sla_episodes where tenant_id = ${tenant.id})::int as episodes,
               (select count(*) from alert_states where tenant_id = ${tenant.id})::int as alerts,
               (select count(*) from message_analyses where tenant_id = ${tenant.id})::int as message_analyses`,
    );
    expect(nothing).toEqual({ notifications: 0, events: 0, episodes: 0, alerts: 0, message_analyses: 0 });
    const stats = await api('GET', '/notifications/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ unread_count: 0, total: 0 });
  });

  it('refuses a second load of the tenant, an unknown tenant and counts out of range', async () => {
    const again = await refusal(seedBulk(server.database, { tenantSlug: tenant.slug, tickets: 10 }));
    expect(again).toSatisfy(appError('conflict'));
    expect((again as AppError).detail).toContain('already has bulk data');
    expect(await total('/tickets')).toBe(N);

    const unknown = await refusal(
      seedBulk(server.database, { tenantSlug: 'no-such-tenant-here', tickets: 10 }),
    );
    expect(unknown).toSatisfy(appError('not_found'));

    for (const options of [
      { tickets: 0 },
      { tickets: 5_000_001 },
      { tickets: 1.5 },
      { tickets: 10, customers: 0 },
      { tickets: 10, customers: 1_000_001 },
      { tickets: 10, messagesPerTicket: -1 },
      { tickets: 10, messagesPerTicket: 21 },
    ]) {
      const err = await refusal(seedBulk(server.database, { tenantSlug: tenant.slug, ...options }));
      expect(err, JSON.stringify(options)).toSatisfy(appError('validation_error'));
    }
  });

  it('without superuser rights runs the triggers, then clears the SLA waits of its own tickets only', async () => {
    const db = server.database.db;
    const role = 'atende_seed_bulk_test';
    await db.execute(
      sql.raw(`do $$ begin
        if not exists (select from pg_roles where rolname = '${role}') then
          create role ${role} login nosuperuser bypassrls;
        end if;
      end $$`),
    );
    await db.execute(sql.raw(`grant usage on schema public to ${role}`));
    await db.execute(
      sql.raw(`grant select, insert, update, delete on all tables in schema public to ${role}`),
    );

    const user = await createTestUser(server.database);
    const other = await signedInClient(server, user);
    // A ticket of the tenant's own, waiting for an answer: the generator leaves its wait alone.
    const own = await other('POST', '/tickets', { title: 'Real', content: 'Um chamado de verdade.' });
    expect(own.status).toBe(201);

    let limited: Database = server.database;
    const url = process.env.TEST_DATABASE_URL;
    if (server.database.driver === 'postgres' && url) {
      const withRole = new URL(url);
      withRole.searchParams.set('options', `-c role=${role}`);
      limited = await createDb({ databaseUrl: withRole.toString() });
    } else await db.execute(sql.raw(`set role ${role}`));
    let seeded: Awaited<ReturnType<typeof seedBulk>>;
    const tables = new Set<string>();
    try {
      const [who] = await query(limited.db, sql`select current_user as role`);
      expect(who?.role).toBe(role);
      seeded = await seedBulk(limited, {
        tenantSlug: user.tenant.slug,
        tickets: 140,
        customers: 10,
        onProgress: (done) => tables.add(done.table),
      });
    } finally {
      if (limited === server.database) await db.execute(sql`reset role`);
      else await limited.close();
    }
    expect(seeded).toMatchObject({ tickets: 140, customers: 10, messages: 140, analyses: 98 });
    expect([...tables]).toEqual([
      'customers',
      'tickets',
      'ticket_analyses',
      'messages',
      'tickets (SLA reset)',
    ]);

    const rows = await query(
      db,
      sql`
        select title, sla_pending, wait_started_at is not null as waiting, last_answered_at,
               latest_analysis_id is not null as has_analysis, updated_at = created_at as untouched,
               sentiment, red_flag_terms
        from tickets where tenant_id = ${user.tenant.id}`,
    );
    expect(rows).toHaveLength(141);
    for (const t of rows) {
      if (t.title === 'Real') {
        expect(t).toMatchObject({ sla_pending: true, waiting: true, has_analysis: false });
        continue;
      }
      const i = Number(t.title.replace('Chamado de carga ', ''));
      expect(t).toMatchObject({
        sla_pending: false,
        waiting: false,
        last_answered_at: null,
        untouched: true,
        has_analysis: analysed(i),
        sentiment: analysed(i) ? ['positive', 'negative', 'neutral', 'mixed'][i % 4] : null,
        red_flag_terms: analysed(i) && i % 7 === 0 ? ['procon'] : [],
      });
    }
    expect((await other('GET', '/tickets?contains_red_flags=true')).body.total).toBe(
      count((i) => i <= 140 && analysed(i) && i % 7 === 0),
    );
    expect((await other('GET', '/messages')).body.total).toBe(140);
  });
});
