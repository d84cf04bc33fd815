import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, twoTenants } from '../../test/helpers.ts';

describe('messages API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  const create = async (body: Json, api = t.a.api) => {
    const res = await api('POST', '/messages', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('creates with the defaults (inbound, web), links tenant rows, flags, lists and deletes', async () => {
    const plain = await create({ content: 'Olá, preciso de ajuda' });
    expect(plain).toMatchObject({
      content: 'Olá, preciso de ajuda',
      direction: 'inbound',
      sender: 'customer',
      kind: 'message',
      external_id: null,
      channel: 'web',
      ticket_id: null,
      customer_id: null,
      expert_id: null,
      flagged: false,
    });
    const ticket = (await t.a.api('POST', '/tickets', { title: 'Pedido atrasado', content: 'Chamado' })).body;
    const customer = (await t.a.api('POST', '/customers', { name: 'Rui', document: '71428793860' })).body;
    const linked = await create({
      content: 'Resposta da equipe',
      direction: 'outbound',
      channel: 'whatsapp',
      ticket_id: ticket.id,
      customer_id: customer.id,
      expert_id: t.a.user.id,
    });
    expect(linked).toMatchObject({
      direction: 'outbound',
      channel: 'whatsapp',
      ticket_id: ticket.id,
      ticket_title: 'Pedido atrasado',
      customer_name: 'Rui',
      expert_id: t.a.user.id,
    });
    expect(plain).toMatchObject({ ticket_title: null, customer_name: null });
    const blanks = await create({
      content: 'Ids vazios',
      ticket_id: '',
      customer_id: '',
      expert_id: '',
      channel: '',
    });
    expect(blanks).toMatchObject({ ticket_id: null, channel: 'web' });

    expect((await t.a.api('PATCH', `/messages/${plain.id}/flag?flagged=true`)).body.flagged).toBe(true);
    const flaggedOnly = (await t.a.api('GET', '/messages?flagged=true')).body;
    expect(flaggedOnly.messages.map((m: Json) => m.id)).toEqual([plain.id]);
    const ofTicket = (await t.a.api('GET', `/messages?ticket_id=${ticket.id}`)).body.messages;
    expect(ofTicket.map((m: Json) => [m.id, m.ticket_title, m.customer_name])).toEqual([
      [linked.id, 'Pedido atrasado', 'Rui'],
    ]);
    expect((await t.a.api('GET', '/messages?direction=outbound')).body.total).toBe(1);
    expect((await t.a.api('GET', '/messages?search=AJUDA')).body.messages.map((m: Json) => m.id)).toEqual([
      plain.id,
    ]);
    const all = (await t.a.api('GET', '/messages?per_page=2')).body;
    expect(all).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(all.messages[0].id).toBe(blanks.id); // newest first

    expect((await t.a.api('DELETE', `/messages/${plain.id}`)).status).toBe(204);
    expect((await t.a.api('GET', `/messages/${plain.id}`)).status).toBe(404);
  });

  it('validates the body, naming each field', async () => {
    const cases: [Json, string][] = [
      [{}, 'body.content'],
      [{ content: '  ' }, 'body.content'],
      [{ content: 'x', direction: 'sideways' }, 'body.direction'],
      [{ content: 'x', ticket_id: 'abc' }, 'body.ticket_id'],
      [{ content: 'x', ticket_id: randomUUID() }, 'body.ticket_id'],
      [{ content: 'x', customer_id: randomUUID() }, 'body.customer_id'],
      [{ content: 'x', expert_id: randomUUID() }, 'body.expert_id'],
      [{ content: 'x'.repeat(10_001) }, 'body.content'],
      [{ content: 'x', channel: 'c'.repeat(51) }, 'body.channel'],
    ];
    for (const [body, field] of cases) {
      const res = await t.a.api('POST', '/messages', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields.map((f: Json) => f.field)).toContain(field);
    }
    for (const q of ['direction=x', 'flagged=x', 'ticket_id=1', 'page=0']) {
      expect((await t.a.api('GET', `/messages?${q}`)).status, q).toBe(400);
    }
  });

  it('refuses pages beyond the first 10,000 rows with 400 on querystring.page (issue 26, item 5)', async () => {
    for (const q of [
      'page=501',
      'per_page=100&page=101',
      'page=1000000',
      'direction=inbound&per_page=50&page=201',
    ]) {
      const res = await t.a.api('GET', `/messages?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.fields, q).toEqual([{ field: 'querystring.page', message: res.body.detail }]);
      expect(res.body.detail).toMatch(/^Refine os filtros para ver mais resultados/);
    }
    expect((await t.a.api('GET', '/messages?per_page=50&page=200')).status).toBe(200);
  });

  it("refuses another tenant's ticket, customer or expert, and answers 404 for its messages", async () => {
    const foreignTicket = (await t.b.api('POST', '/tickets', { content: 'do B' })).body;
    const res = await t.a.api('POST', '/messages', {
      content: 'x',
      ticket_id: foreignTicket.id,
      expert_id: t.b.user.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: Json) => f.field)).toEqual(['body.ticket_id', 'body.expert_id']);

    const mine = await create({ content: 'Só do A' });
    expect((await t.b.api('GET', `/messages/${mine.id}`)).status).toBe(404);
    expect((await t.b.api('PATCH', `/messages/${mine.id}/flag?flagged=true`)).status).toBe(404);
    expect((await t.b.api('DELETE', `/messages/${mine.id}`)).status).toBe(404);
    expect(
      (await t.b.api('GET', '/messages?per_page=100')).body.messages.map((m: Json) => m.id),
    ).not.toContain(mine.id);
    expect((await t.a.api('GET', `/messages/${mine.id}`)).body.flagged).toBe(false);
  });
});
