import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed.ts';
import { type FakeDigisac, fakeDigisacToken, startFakeDigisac } from '../../test/fake-digisac.ts';
import { type Json, signInIdToken } from '../../test/helpers.ts';
import { type ServerProcess, scratchPostgresDatabase, startServerProcess } from '../../test/processes.ts';

// DigiSac ingestion in a real deployment: two server processes (the production entry, their
// workers on) on one PostgreSQL database, webhook deliveries spread over both. PGlite serves one
// process: skipped.

const demoPassword = 'Demo#Senha2026';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.TEST_DB !== 'postgres')('DigiSac ingestion across two server processes', () => {
  let database: Awaited<ReturnType<typeof scratchPostgresDatabase>> | undefined;
  let fake: FakeDigisac;
  const servers: ServerProcess[] = [];
  let token: string;
  let secretPath: string;

  const api = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
  };
  /** A webhook delivery, as DigiSac POSTs it, to one of the processes. */
  const deliver = async (server: ServerProcess, event: string, data: unknown) => {
    const res = await fetch(`${server.url}${secretPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event, data }),
    });
    await res.text();
    return res.status;
  };

  beforeAll(async () => {
    [database, fake] = await Promise.all([scratchPostgresDatabase(), startFakeDigisac({ tickets: 0 })]);
    const env = {
      DATABASE_URL: database.url,
      DEMO_PASSWORD: demoPassword,
      PUBLIC_URL: 'http://atende.test',
      WORKER_THREADS: '1',
      DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
      DIGISAC_MAX_REQUESTS_PER_SECOND: '100',
    };
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [a] = servers as [ServerProcess];
    token = await signInIdToken(a.url, { email: demoEmail, password: demoPassword });
    const saved = await api(a, 'PUT', '/tenants/settings', {
      name: 'Demonstração',
      digisac_host: fake.url,
      digisac_token: fakeDigisacToken,
    });
    expect(saved.status).toBe(200);
    const registered = await api(a, 'POST', '/tenants/settings/digisac/webhook');
    expect(registered.status).toBe(200);
    // The URL DigiSac was given; delivered here to each process directly (as a load balancer would).
    const hook = fake.webhooks().find((w) => w.active && !w.deletedAt);
    secretPath = new URL(hook?.url ?? '').pathname;
    expect(secretPath).toMatch(/^\/webhooks\/digisac\/.+/);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await fake?.close();
    await database?.drop();
  }, 30_000);

  it('a red-flag customer message delivered to A is pushed, as its alert, to a stream open on B', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/v1/notifications/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const { ticket } = fake.openTicket({ name: 'Lia Procon' });
    const message = fake.addMessage({ ticketId: ticket.id, text: 'Vou denunciar no Procon hoje mesmo!' });
    const sentAt = Date.now();
    expect(await deliver(a, 'message.created', message)).toBe(202);
    let text = '';
    const decoder = new TextDecoder();
    const deadline = Date.now() + 15_000;
    try {
      for await (const chunk of stream.body as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        // Its first message's alert names a new conversation (DigiSac is asked for the rest later).
        if (/"alert_type":"red_flags"/.test(text)) break;
        if (Date.now() > deadline) break;
      }
    } finally {
      controller.abort();
    }
    expect(text).toMatch(/"alert_type":"red_flags"/);
    expect(Date.now() - sentAt).toBeLessThan(15_000);
  });

  it('conversations delivered in a jumble to both processes, with repeats, are stored once each and in order', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const base = Math.floor(Date.now() / 1000) - 600;
    // Names no protocol number or other name contains (the search matches words anywhere).
    const names = ['Abelardo', 'Benedita', 'Cordélia', 'Deodoro', 'Esmeralda', 'Filomena'];
    const conversations = Array.from({ length: 6 }, (_, i) => {
      const { ticket } = fake.openTicket({ name: `Cliente ${names[i]}` });
      const messages = Array.from({ length: 12 }, (_, j) =>
        fake.addMessage({
          ticketId: ticket.id,
          text: `Mensagem ${j} do lote ${i}`,
          isFromMe: j % 2 === 1,
          timestamp: base + j * 10,
        }),
      );
      return { ticket, messages };
    });
    // Every message twice, shuffled, half to each process.
    const deliveries = conversations.flatMap((c) => [...c.messages, ...c.messages]);
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j] as Json, deliveries[i] as Json];
    }
    const statuses = await Promise.all(
      deliveries.map((m, i) => deliver(i % 2 ? a : b, 'message.created', m)),
    );
    expect(new Set(statuses)).toEqual(new Set([202]));

    for (const [i, { messages }] of conversations.entries()) {
      let stored: Json[] = [];
      for (let tries = 0; tries < 60; tries++) {
        const list = await api(
          a,
          'GET',
          `/tickets?source=digisac&search=${encodeURIComponent(names[i] as string)}`,
        );
        const ticketId = list.body.tickets?.[0]?.id;
        if (ticketId) {
          stored = (await api(b, 'GET', `/messages?ticket_id=${ticketId}&per_page=50`)).body.messages;
          if (stored.length >= messages.length) break;
        }
        await sleep(500);
      }
      // Newest first; each DigiSac message once, in DigiSac's order.
      expect(stored.map((m) => m.external_id)).toEqual(messages.map((m) => m.id).reverse());
    }
  }, 60_000);
});
