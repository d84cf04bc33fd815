import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { type Json, twoTenants } from '../../test/helpers.ts';

// GET /tickets/{id}/conversation: a ticket's messages of every kind, a page at a time backwards
// by a keyset on (created_at, id). Rows are written through the owner connection so that several
// share one created_at (to the microsecond), as DigiSac's messages of one second may.

describe('ticket conversation API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let ticketId: string;
  let otherTicketId: string;
  /** The ticket's message ids, oldest first, as the database orders them. */
  let expected: string[];

  const newTicket = async (api = t.a.api) => {
    const res = await api('POST', '/tickets', { title: 'Conversa', content: 'Transcrição' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  /** 25 rows: every three share a time; kinds and senders mixed; another ticket's rows in between. */
  async function seed(ticket: string, other: string) {
    const base = Date.parse('2026-03-10T12:00:00.000Z');
    const rows: (typeof messages.$inferInsert)[] = [];
    for (let i = 0; i < 25; i++) {
      const kind = i % 7 === 3 ? 'note' : i % 11 === 5 ? 'system' : 'message';
      const sender = i % 3 === 0 ? 'customer' : i % 3 === 1 ? 'agent' : 'bot';
      const text = `mensagem ${i}`;
      rows.push({
        tenantId: t.a.tenant.id,
        ticketId: ticket,
        content: text,
        direction: sender === 'customer' ? 'inbound' : 'outbound',
        sender,
        kind,
        channel: 'digisac',
        mediaType: i === 7 ? 'image' : null,
        fileName: i === 7 ? 'foto.jpg' : null,
        searchText: text,
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      });
      rows.push({
        tenantId: t.a.tenant.id,
        ticketId: other,
        content: `outro ${i}`,
        direction: 'inbound',
        sender: 'customer',
        searchText: `outro ${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      });
    }
    const db = t.server.database.db;
    await db.insert(messages).values(rows);
    // Equal to the microsecond within each group of three (a JavaScript date stops at milliseconds).
    await db.execute(
      sql`update messages set created_at = created_at + interval '123.456 milliseconds' where ticket_id = ${ticket}`,
    );
  }

  beforeAll(async () => {
    t = await twoTenants();
    ticketId = await newTicket();
    otherTicketId = await newTicket();
    await seed(ticketId, otherTicketId);
    // One made as a person would, the newest of the ticket.
    const made = await t.a.api('POST', '/messages', { content: 'Chegou agora', ticket_id: ticketId });
    expect(made.status).toBe(201);
    const ordered = (await t.server.database.db.execute(
      sql`select id from messages where ticket_id = ${ticketId} order by created_at, id`,
    )) as unknown as { rows: { id: string }[] };
    expected = ordered.rows.map((r) => r.id);
    expect(expected).toHaveLength(26);
    expect(expected.at(-1)).toBe(made.body.id);
  });
  afterAll(() => t.server.close());

  const conversation = (query: string, api = t.a.api, id = ticketId) =>
    api('GET', `/tickets/${id}/conversation${query}`);

  it('answers the newest page, oldest first, with every kind and the message fields', async () => {
    const res = await conversation('');
    expect(res.status).toBe(200);
    expect(res.body.has_more).toBe(false);
    expect(res.body.messages.map((m: Json) => m.id)).toEqual(expected);
    const kinds = new Set(res.body.messages.map((m: Json) => m.kind));
    expect(kinds).toEqual(new Set(['message', 'note', 'system']));
    const image = res.body.messages.find((m: Json) => m.content === 'mensagem 7');
    expect(image).toMatchObject({ media_type: 'image', file_name: 'foto.jpg', sender: 'agent' });
    expect(res.body.messages.at(-1)).toMatchObject({ content: 'Chegou agora', sender: 'customer' });
    // The analysis of the one made through the API comes along.
    expect(res.body.messages.at(-1).analysis).toMatchObject({ sentiment: expect.any(String) });

    const newest = await conversation('?limit=4');
    expect(newest.body.has_more).toBe(true);
    expect(newest.body.messages.map((m: Json) => m.id)).toEqual(expected.slice(-4));
    const exact = await conversation('?limit=26');
    expect(exact.body).toMatchObject({ has_more: false });
    expect(exact.body.messages).toHaveLength(26);
  });

  it('pages backwards with no gap and no repeat, across equal times, until has_more is false', async () => {
    for (const limit of [1, 2, 3, 5, 7]) {
      const seen: string[] = [];
      let before: string | undefined;
      let pages = 0;
      for (;;) {
        const res = await conversation(`?limit=${limit}${before ? `&before=${before}` : ''}`);
        expect(res.status).toBe(200);
        const ids = res.body.messages.map((m: Json) => m.id as string);
        expect(ids.length).toBeLessThanOrEqual(limit);
        seen.unshift(...ids);
        pages++;
        if (!res.body.has_more) break;
        expect(ids).toHaveLength(limit);
        before = ids[0];
        expect(pages).toBeLessThan(30);
      }
      expect(seen, `limit ${limit}`).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / limit));
    }
    // Before the oldest message: nothing.
    const none = await conversation(`?before=${expected[0]}`);
    expect(none.body).toEqual({ messages: [], has_more: false });
  });

  it('answers an empty conversation for a ticket without messages', async () => {
    const empty = await newTicket();
    expect((await conversation('', t.a.api, empty)).body).toEqual({ messages: [], has_more: false });
  });

  it("answers 404 for an unknown or another tenant's ticket, and 400 for another ticket's message", async () => {
    for (const query of ['', `?before=${expected[3]}`]) {
      const foreign = await conversation(query, t.b.api);
      expect(foreign.status).toBe(404);
      expect(foreign.body.detail).toBe('Chamado não encontrado.');
    }
    expect((await conversation('', t.a.api, randomUUID())).status).toBe(404);
    // Tenant B's own ticket with tenant A's message as the cursor: not a message of this ticket.
    const mine = await newTicket(t.b.api);
    const crossed = await conversation(`?before=${expected[3]}`, t.b.api, mine);
    expect(crossed.status).toBe(400);
    expect(crossed.body.fields.map((f: Json) => f.field)).toEqual(['querystring.before']);
    // B sees none of A's rows through its own ticket.
    expect((await conversation('', t.b.api, mine)).body.messages).toEqual([]);
  });

  it('validates before and limit, naming the field in pt-BR', async () => {
    const otherMessage = (
      (await t.server.database.db.execute(
        sql`select id from messages where ticket_id = ${otherTicketId} limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]?.id;
    const cases: [string, string, RegExp][] = [
      ['?before=abc', 'querystring.before', /UUID/],
      [`?before=${randomUUID()}`, 'querystring.before', /não pertence a este chamado/],
      [`?before=${otherMessage}`, 'querystring.before', /não pertence a este chamado/],
      ['?limit=0', 'querystring.limit', /entre 1 e 100/],
      ['?limit=101', 'querystring.limit', /entre 1 e 100/],
      ['?limit=x', 'querystring.limit', /entre 1 e 100/],
      ['?limit=2.5', 'querystring.limit', /entre 1 e 100/],
    ];
    for (const [query, field, message] of cases) {
      const res = await conversation(query);
      expect(res.status, query).toBe(400);
      expect(
        res.body.fields.map((f: Json) => f.field),
        query,
      ).toEqual([field]);
      expect(res.body.fields[0].message, query).toMatch(message);
    }
    expect((await conversation('', t.a.api, 'abc')).status).toBe(400);
    // Empty values are absent: the newest page of 50.
    expect((await conversation('?before=&limit=')).body.messages).toHaveLength(26);
  });
});
