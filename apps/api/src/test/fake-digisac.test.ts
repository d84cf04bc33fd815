import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDigisac, type FakeMessage, fakeDigisacToken, startFakeDigisac } from './fake-digisac.ts';
import type { Json } from './helpers.ts';

// The fake DigiSac itself: the filters DigiSac reads (and the flat ones it ignores), webhooks,
// and the simulator's deliveries (duplicates, out of order), received by a plain HTTP server.

/** A webhook receiver answering 202, keeping every body. */
async function startReceiver() {
  const bodies: { event: string; data: FakeMessage }[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/digisac/segredo`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the fake DigiSac', () => {
  let fake: FakeDigisac;
  const get = async (path: string, token = fakeDigisacToken) => {
    const res = await fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${fakeDigisacToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const query = (q: unknown) => `query=${encodeURIComponent(JSON.stringify(q))}`;

  beforeAll(async () => {
    fake = await startFakeDigisac({ tickets: 20 });
  });
  afterAll(() => fake.close());

  it("filters messages by the query JSON or bracket style; a flat ?ticketId= is ignored, as DigiSac's", async () => {
    const { ticket } = fake.openTicket();
    fake.addMessage({ ticketId: ticket.id, text: 'b', timestamp: 2_000_000_000 });
    fake.addMessage({ ticketId: ticket.id, text: 'a', timestamp: 1_999_999_999 });
    const texts = (body: { data: FakeMessage[] }) => body.data.map((m) => m.text);

    const json = await get(
      `/api/v1/messages?${query({ where: { ticketId: ticket.id }, order: [['timestamp', 'DESC']], perPage: 2 })}`,
    );
    expect(json.body).toMatchObject({ total: 3, lastPage: 2, currentPage: 1 });
    expect(texts(json.body)).toEqual(['b', 'a']);
    const bracket = await get(
      `/api/v1/messages?where[ticketId]=${ticket.id}&order[][0]=timestamp&order[][1]=ASC&page=1&perPage=10`,
    );
    expect(texts(bracket.body)).toEqual([null, 'a', 'b']);
    const flat = await get(`/api/v1/messages?ticketId=${ticket.id}&perPage=1000`);
    expect(flat.body.total).toBe(fake.messages().length);
    expect(flat.body.total).toBeGreaterThan(3);
    const byContact = await get(`/api/v1/messages?where[contactId]=${ticket.contactId}`);
    expect(byContact.body.total).toBe(3);
  });

  it('lists tickets updated since a moment, and reads one ticket and one contact', async () => {
    const since = fake.tickets()[5]?.updatedAt ?? '';
    const list = await get(
      `/api/v1/tickets?${query({ where: { updatedAt: { $gte: since } }, order: [['updatedAt', 'ASC']], include: [{ model: 'contact' }] })}`,
    );
    const updated = list.body.data.map((t: { updatedAt: string }) => t.updatedAt);
    expect(updated.length).toBeGreaterThan(0);
    expect(updated.every((at: string) => at >= since)).toBe(true);
    expect(updated).toEqual(updated.toSorted());
    expect(list.body.data[0].contact.data.number).toMatch(/^55/);
    expect(list.body.data[0].user).toBeUndefined();

    const ticket = fake.tickets()[0];
    const one = await get(`/api/v1/tickets/${ticket?.id}?include[]=user&include[]=department`);
    expect(one.body).toMatchObject({ id: ticket?.id, department: { id: ticket?.departmentId } });
    expect(one.body.contact).toBeUndefined();
    expect((await get('/api/v1/tickets/nao-existe')).status).toBe(404);
    expect((await get(`/api/v1/contacts/${ticket?.contactId}`)).body).toMatchObject({
      id: ticket?.contactId,
    });
    expect((await get(`/api/v1/contacts/${ticket?.contactId}`, 'token-ruim')).status).toBe(401);
  });

  it('keeps webhooks under /api/v1/me/webhooks: create, list, read, edit, delete', async () => {
    const created = await send('POST', '/api/v1/me/webhooks', {
      name: 'Atende',
      url: 'https://x.example/h',
      events: ['message.created'],
      type: 'general',
      active: true,
    });
    expect(created).toMatchObject({ status: 200, body: { name: 'Atende', active: true, type: 'general' } });
    const { id } = created.body;
    expect((await get('/api/v1/me/webhooks?perPage=40')).body.data).toContainEqual(created.body);
    expect((await send('PUT', `/api/v1/me/webhooks/${id}`, { active: false })).body).toMatchObject({
      active: false,
    });
    expect((await get(`/api/v1/me/webhooks/${id}`)).body).toMatchObject({ id, active: false });
    expect((await send('DELETE', `/api/v1/me/webhooks/${id}`)).status).toBe(200);
    expect((await get(`/api/v1/me/webhooks/${id}`)).status).toBe(404);
    expect(fake.webhooks().find((w) => w.id === id)?.deletedAt).not.toBeNull();
    expect((await send('POST', '/api/v1/me/webhooks', { name: 'sem url' })).status).toBe(400);
  });

  it('fails the next calls on demand', async () => {
    fake.failNext(2, 503);
    expect((await get('/api/v1/me')).status).toBe(503);
    expect((await get('/api/v1/me')).body).toMatchObject({ error: 'HttpError', status: 503 });
    expect((await get('/api/v1/me')).status).toBe(200);
  });

  it('simulates conversations: every message delivered, some twice, some out of order, to active webhooks only', async () => {
    const receiver = await startReceiver();
    const inactive = await startReceiver();
    try {
      for (const [url, active] of [
        [receiver.url, true],
        [inactive.url, false],
      ] as const) {
        await send('POST', '/api/v1/me/webhooks', {
          name: 'Atende',
          url,
          events: ['message.created'],
          active,
        });
      }
      const result = await fake.simulate({
        count: 40,
        ratePerSecond: 400,
        burst: 8,
        tickets: 3,
        duplicates: 0.3,
        outOfOrder: 0.3,
        updates: 0.2,
        seed: 7,
      });
      expect(inactive.bodies).toHaveLength(0);
      expect(result.tickets).toHaveLength(3);
      expect(result.messages).toHaveLength(43); // 3 opening events + 40 lines
      expect(receiver.bodies).toHaveLength(result.deliveries.length);
      expect(result.deliveries.every((d) => d.status === 202 && d.url === receiver.url)).toBe(true);

      const created = receiver.bodies.filter((b) => b.event === 'message.created');
      const updated = receiver.bodies.filter((b) => b.event === 'message.updated');
      expect(new Set(created.map((b) => b.data.id))).toEqual(new Set(result.messages.map((m) => m.id)));
      expect(created.length).toBeGreaterThan(43); // duplicates
      expect(updated.length).toBeGreaterThan(0);
      for (const b of updated) {
        const first = created.find((c) => c.data.id === b.data.id);
        expect(b.data.updatedAt > (first?.data.updatedAt ?? '')).toBe(true);
      }
      const timestamps = created.map((b) => b.data.timestamp);
      expect(timestamps).not.toEqual(timestamps.toSorted((a, b) => a - b)); // out of order
      // Each conversation starts with its opening event, then the customer.
      for (const ticket of result.tickets) {
        const lines = fake.messages(ticket.id);
        expect(lines[0]?.data).toEqual({ ack: 1, ticketOpen: true });
        expect(lines[1]?.isFromMe).toBe(false);
      }
      expect(await fake.deliver('bot.command', { accountId: 'a-1', command: 'menu' })).toEqual([
        { url: receiver.url, event: 'bot.command', id: null, status: 202 },
      ]);
    } finally {
      await Promise.all([receiver.close(), inactive.close()]);
    }
  });
});
