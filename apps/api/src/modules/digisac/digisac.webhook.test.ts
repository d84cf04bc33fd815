import { createHash, randomUUID } from 'node:crypto';
import { digisacIngestionMessages, digisacMessages } from '@atende/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digisacEvents, digisacLinks } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed.ts';
import { type FakeDigisac, fakeDigisacToken, startFakeDigisac } from '../../test/fake-digisac.ts';
import {
  type ApiCall,
  createTestUser,
  type Json,
  json,
  signedInClient,
  signInIdToken,
  startTestServer,
  type TestServer,
  twoTenants,
} from '../../test/helpers.ts';
import { type ServerProcess, startServerProcess } from '../../test/processes.ts';

// The address DigiSac is told to post to. The tests post to the server's real address instead
// (`local`): what matters is the path, and its secret.
const publicUrl = 'http://atende.exemplo.test';
const webhookUrlPattern = /^http:\/\/atende\.exemplo\.test\/webhooks\/digisac\/([A-Za-z0-9_-]{43})$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** POSTs a raw body to the intake at `server`. */
function postRaw(url: string, body: string, contentType = 'application/json') {
  return fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
}

describe('DigiSac webhook: registration, intake, status and events (against the fake)', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let fake: FakeDigisac;
  let server: TestServer;
  const configure = (api: ApiCall, token = fakeDigisacToken) =>
    api('PUT', '/tenants/settings', { name: 'Loja', digisac_host: fake.url, digisac_token: token });
  /** The tenant's active webhook at the fake. */
  const activeWebhookOf = (secretOrUrl?: string) =>
    fake.webhooks().filter((w) => w.active && !w.deletedAt && (!secretOrUrl || w.url.includes(secretOrUrl)));
  /** The registered URL, at this server. */
  const local = (url: string) => url.replace(publicUrl, server.url);
  const secretOf = (url: string) => webhookUrlPattern.exec(url)?.[1] ?? '';
  /** Registers the webhook for `api`'s tenant and answers its URL at this server. */
  async function register(api: ApiCall) {
    const before = new Set(fake.webhooks().map((w) => w.id));
    const res = await api('POST', '/tenants/settings/digisac/webhook');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ active: true });
    const created = fake.webhooks().filter((w) => !before.has(w.id));
    expect(created).toHaveLength(1);
    return { webhook: created[0], url: local(created[0]?.url ?? '') };
  }
  const eventsOf = (tenantId: string) =>
    server.database.db.select().from(digisacEvents).where(eq(digisacEvents.tenantId, tenantId));

  beforeAll(async () => {
    [t, fake] = await Promise.all([
      twoTenants({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'true', PUBLIC_URL: publicUrl }),
      startFakeDigisac(),
    ]);
    server = t.server;
    expect((await configure(t.a.api)).status).toBe(200);
    expect((await configure(t.b.api)).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('registers the webhook at DigiSac with a fresh secret in its URL, stored here only as its hash', async () => {
    const { webhook } = await register(t.a.api);
    expect(webhook).toMatchObject({
      name: 'Atende',
      type: 'general',
      active: true,
      events: ['message.created', 'message.updated'],
    });
    const secret = secretOf(webhook?.url ?? '');
    expect(secret).toHaveLength(43); // 256 bits, base64url
    const [link] = await server.database.db
      .select()
      .from(digisacLinks)
      .where(eq(digisacLinks.tenantId, t.a.tenant.id));
    expect(link?.webhookSecretHash).toBe(sha256(secret));
    expect(link?.webhookId).toBe(webhook?.id);
    expect(JSON.stringify(link)).not.toContain(secret);
    // DigiSac was asked with the stored token.
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.url.startsWith('/api/v1/me/webhooks'));
    expect(sent.at(-1)?.authorization).toBe(`Bearer ${fakeDigisacToken}`);

    const status = await t.a.api('GET', '/tenants/settings/digisac/status');
    expect(status.status).toBe(200);
    expect(status.body.webhook).toMatchObject({ active: true, last_event_at: null });
    expect(Date.parse(status.body.webhook.registered_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(status.body).toMatchObject({ last_sync_at: null, import: null, setup_problem: null });
  });

  it('rotates the secret on a new POST: the old webhook is turned off at DigiSac and its secret stops working', async () => {
    const first = await register(t.a.api);
    const second = await register(t.a.api);
    expect(second.url).not.toBe(first.url);
    const old = fake.webhooks().find((w) => w.id === first.webhook?.id);
    expect(old?.deletedAt ?? (old?.active === false ? 'off' : null)).toBeTruthy();
    expect(activeWebhookOf(secretOf(second.webhook?.url ?? ''))).toHaveLength(1);
    const { message } = fake.openTicket({ name: 'Rotação' });
    expect((await fake.deliver('message.created', message, { url: first.url }))[0]?.status).toBe(404);
    expect((await fake.deliver('message.created', message, { url: second.url }))[0]?.status).toBe(202);
  });

  it('stores a message.created in the inbox before answering 202, keyed by the message; a repeat is stored once', async () => {
    const { url } = await register(t.a.api);
    const { ticket } = fake.openTicket({ name: 'Cliente Um', number: '5541999990001' });
    const message = fake.addMessage({ ticketId: ticket.id, text: 'Meu pedido não chegou' });
    const res = await postRaw(url, JSON.stringify({ event: 'message.created', data: message }));
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ accepted: true, duplicate: false });
    const rows = (await eventsOf(t.a.tenant.id)).filter((e) => e.dedupeKey === `message:${message.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'webhook',
      event: 'message.created',
      workKey: `ticket:${ticket.id}`,
      payload: message,
    });
    expect(rows[0]?.state).not.toBe('ignored');
    expect(rows[0]?.occurredAt?.getTime()).toBe(message.timestamp * 1000);

    // The same delivery again (DigiSac or the network repeating itself), and as a one-element array.
    const again = await postRaw(url, JSON.stringify({ event: 'message.created', data: [message] }));
    expect(again.status).toBe(202);
    expect(await json(again)).toEqual({ accepted: true, duplicate: true });
    expect(
      (await eventsOf(t.a.tenant.id)).filter((e) => e.dedupeKey === `message:${message.id}`),
    ).toHaveLength(1);

    // An edit (message.updated) is an event of its own, once per updatedAt.
    const edited = fake.updateMessage(message.id, { data: { ack: 3 } });
    for (let i = 0; i < 2; i++) await fake.deliver('message.updated', edited, { url });
    const updates = (await eventsOf(t.a.tenant.id)).filter(
      (e) => e.dedupeKey === `message:${message.id}:${edited.updatedAt}`,
    );
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ event: 'message.updated', workKey: `ticket:${ticket.id}` });

    const status = await t.a.api('GET', '/tenants/settings/digisac/status');
    expect(Date.parse(status.body.webhook.last_event_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(status.body.events_24h.received).toBeGreaterThanOrEqual(2);
  });

  it('keys tickets and contacts by their shape, whatever the event name', async () => {
    const { url } = await register(t.a.api);
    const { ticket, contact } = fake.openTicket({ name: 'Cliente Dois' });
    const ticketJson = fake.ticketJson(ticket.id);
    expect((await fake.deliver('ticket.updated', ticketJson, { url }))[0]?.status).toBe(202);
    expect((await fake.deliver('contact.updated', contact, { url }))[0]?.status).toBe(202);
    const rows = await eventsOf(t.a.tenant.id);
    const ticketRow = rows.find((e) => e.dedupeKey === `ticket:${ticket.id}:${ticket.updatedAt}`);
    expect(ticketRow).toMatchObject({ event: 'ticket.updated', workKey: `ticket:${ticket.id}` });
    expect(ticketRow?.state).not.toBe('ignored');
    const contactRow = rows.find((e) => e.dedupeKey === `contact:${contact.id}:${contact.updatedAt}`);
    expect(contactRow).toMatchObject({ event: 'contact.updated', workKey: `contact:${contact.id}` });
  });

  it('stores unknown events, shapes and bodies that are not JSON as ignored, answering 202', async () => {
    const { url } = await register(t.a.api);
    const { message } = fake.openTicket({ name: 'Cliente Três' });
    const bodies: [string, string][] = [
      [JSON.stringify({ event: 'message.deleted', data: message }), 'application/json'],
      [
        JSON.stringify({ event: 'bot.command', data: { accountId: 'a-1', command: 'menu' } }),
        'application/json',
      ],
      [JSON.stringify({ hello: 'world' }), 'application/json'],
      ['isto não é JSON', 'text/plain'],
      ['{"event": "message.created", "data": ', 'application/json'],
      ['', 'application/json'],
      ['<xml/>', 'application/xml'],
    ];
    for (const [body, type] of bodies) {
      const res = await postRaw(url, body, type);
      expect(res.status, body).toBe(202);
    }
    const rows = await eventsOf(t.a.tenant.id);
    for (const [body] of bodies) {
      const row = rows.find((e) => e.dedupeKey === `ignored:${sha256(body)}`);
      expect(row, body).toMatchObject({ state: 'ignored', workKey: 'ignored', source: 'webhook' });
    }
    expect(rows.find((e) => e.dedupeKey === `ignored:${sha256(bodies[0]?.[0] ?? '')}`)?.event).toBe(
      'message.deleted',
    );
    const text = rows.find((e) => e.dedupeKey === `ignored:${sha256('isto não é JSON')}`);
    expect(text).toMatchObject({ event: 'unknown', payload: 'isto não é JSON' });
    // A message with no key the workers know (no name) is the whole body, kept as sent.
    const nameless = rows.find((e) => e.dedupeKey === `ignored:${sha256(bodies[2]?.[0] ?? '')}`);
    expect(nameless?.payload).toEqual({ hello: 'world' });
  });

  it('stores what PostgreSQL would refuse (NUL, lone surrogates, deep nesting) instead of failing', async () => {
    const { url } = await register(t.a.api);
    const { ticket } = fake.openTicket({ name: 'Cliente Quatro' });
    const message = fake.addMessage({ ticketId: ticket.id, text: 'ok' });
    const body = JSON.stringify({
      event: 'message.created',
      data: { ...message, text: 'nulo\u0000 e \ud800 sozinho', 'chave\u0000': 1 },
    });
    expect((await postRaw(url, body)).status).toBe(202);
    const [row] = (await eventsOf(t.a.tenant.id)).filter((e) => e.dedupeKey === `message:${message.id}`);
    expect((row?.payload as { text?: string } | undefined)?.text).toBe('nulo e \ufffd sozinho');

    const deep = `{"event":"message.created","data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect((await postRaw(url, deep)).status).toBe(202);
    const [deepRow] = (await eventsOf(t.a.tenant.id)).filter(
      (e) => e.dedupeKey === `ignored:${sha256(deep)}`,
    );
    expect(deepRow).toMatchObject({ state: 'ignored', payload: null });
  });

  it('answers 413 over 256 kB, and 404 for a wrong secret, another path or method under it', async () => {
    const { url } = await register(t.a.api);
    const { message } = fake.openTicket({ name: 'Cliente Cinco' });
    const big = JSON.stringify({
      event: 'message.created',
      data: { ...message, text: 'x'.repeat(256 * 1024) },
    });
    const tooLarge = await postRaw(url, big);
    expect(tooLarge.status).toBe(413);
    const justUnder = JSON.stringify({
      event: 'message.created',
      data: { ...message, text: 'y'.repeat(250 * 1024) },
    });
    expect((await postRaw(url, justUnder)).status).toBe(202);

    const wrong = `${server.url}/webhooks/digisac/${'A'.repeat(43)}`;
    const res = await postRaw(wrong, JSON.stringify({ event: 'message.created', data: message }));
    expect(res.status).toBe(404);
    expect((await json(res)).detail).toBe(digisacIngestionMessages.webhookNotFound);
    for (const [method, target] of [
      ['POST', `${url}/mais`],
      ['GET', url],
      ['PUT', url],
      ['POST', `${server.url}/webhooks/digisac/${'B'.repeat(150)}`],
    ] as const) {
      const other = await fetch(target, { method, body: method === 'GET' ? undefined : '{}' });
      expect(other.status, `${method} ${target}`).toBe(404);
      expect(await other.text()).not.toContain(secretOf(url.replace(server.url, publicUrl)));
    }
  });

  it("never writes into another tenant's inbox; B neither sees nor retries A's events", async () => {
    const a = await register(t.a.api);
    const b = await register(t.b.api);
    const { ticket } = fake.openTicket({ name: 'Só do A' });
    const message = fake.addMessage({ ticketId: ticket.id, text: 'Só do A' });
    expect((await fake.deliver('message.created', message, { url: a.url }))[0]?.status).toBe(202);
    const key = `message:${message.id}`;
    expect((await eventsOf(t.a.tenant.id)).some((e) => e.dedupeKey === key)).toBe(true);
    expect((await eventsOf(t.b.tenant.id)).some((e) => e.dedupeKey === key)).toBe(false);
    // The same message through B's URL is B's own row (a duplicate in A's inbox only).
    expect((await fake.deliver('message.created', message, { url: b.url }))[0]?.status).toBe(202);
    expect((await eventsOf(t.b.tenant.id)).filter((e) => e.dedupeKey === key)).toHaveLength(1);

    const [row] = (await eventsOf(t.a.tenant.id)).filter((e) => e.dedupeKey === key);
    await server.database.db
      .update(digisacEvents)
      .set({ state: 'failed', attempts: 5, error: 'O DigiSac não respondeu a tempo.' })
      .where(and(eq(digisacEvents.tenantId, t.a.tenant.id), eq(digisacEvents.id, row?.id ?? '')));
    const bList = await t.b.api('GET', '/tenants/settings/digisac/events?state=failed&per_page=100');
    expect(bList.status).toBe(200);
    expect(bList.body.events.some((e: { id: string }) => e.id === row?.id)).toBe(false);
    expect((await t.b.api('POST', `/tenants/settings/digisac/events/${row?.id}/retry`)).status).toBe(404);
    const aList = await t.a.api('GET', '/tenants/settings/digisac/events');
    expect(aList.body.events.some((e: { id: string }) => e.id === row?.id)).toBe(true);
  });

  it('lists events by state without payloads, and retries a failed one (404 unknown, 409 not failed, 400s)', async () => {
    const { url } = await register(t.a.api);
    const { ticket } = fake.openTicket({ name: 'Cliente Seis' });
    const message = fake.addMessage({ ticketId: ticket.id, text: 'Falhou' });
    await fake.deliver('message.created', message, { url });
    const [row] = (await eventsOf(t.a.tenant.id)).filter((e) => e.dedupeKey === `message:${message.id}`);
    const id = row?.id ?? '';
    const error = 'O DigiSac respondeu com um erro.';
    await server.database.db
      .update(digisacEvents)
      .set({ state: 'failed', attempts: 5, error })
      .where(and(eq(digisacEvents.tenantId, t.a.tenant.id), eq(digisacEvents.id, id)));

    const list = await t.a.api('GET', '/tenants/settings/digisac/events?per_page=100');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, per_page: 100 });
    const listed = list.body.events.find((e: { id: string }) => e.id === id);
    expect(listed).toEqual({
      id,
      event: 'message.created',
      received_at: row?.receivedAt.toISOString(),
      attempts: 5,
      error,
    });
    expect(JSON.stringify(list.body)).not.toContain('Falhou');
    expect(list.body.total).toBe(list.body.events.length);
    const status = await t.a.api('GET', '/tenants/settings/digisac/status');
    expect(status.body.events_24h.failed).toBeGreaterThanOrEqual(1);

    const ignored = await t.a.api('GET', '/tenants/settings/digisac/events?state=ignored&page=1&per_page=1');
    expect(ignored.status).toBe(200);
    expect(ignored.body.events.length).toBeLessThanOrEqual(1);

    expect((await t.a.api('POST', `/tenants/settings/digisac/events/${id}/retry`)).status).toBe(204);
    const [after] = (await eventsOf(t.a.tenant.id)).filter((e) => e.id === id);
    expect(after).toMatchObject({ attempts: 0, error: null });
    expect(after?.state).not.toBe('failed');
    const notFailed = await t.a.api('POST', `/tenants/settings/digisac/events/${id}/retry`);
    if (after?.state === 'pending') {
      expect(notFailed.status).toBe(409);
      expect(notFailed.body.detail).toBe(digisacIngestionMessages.eventNotFailed);
    }
    const unknown = await t.a.api('POST', `/tenants/settings/digisac/events/${randomUUID()}/retry`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(digisacIngestionMessages.eventNotFound);

    const badId = await t.a.api('POST', '/tenants/settings/digisac/events/nao-e-uuid/retry');
    expect(badId.status).toBe(400);
    expect(badId.body.fields[0].field).toBe('params.id');
    const badState = await t.a.api('GET', '/tenants/settings/digisac/events?state=quebrado');
    expect(badState.status).toBe(400);
    expect(badState.body.fields[0]).toEqual({
      field: 'querystring.state',
      message: 'Use pending, processed, failed ou ignored.',
    });
    const badPage = await t.a.api('GET', '/tenants/settings/digisac/events?page=0');
    expect(badPage.status).toBe(400);
    expect(badPage.body.fields[0].field).toBe('querystring.page');
  });

  it('turns the webhook off at DigiSac and here with DELETE; its secret stops working', async () => {
    const { webhook, url } = await register(t.b.api);
    const res = await t.b.api('DELETE', '/tenants/settings/digisac/webhook');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active: false });
    const there = fake.webhooks().find((w) => w.id === webhook?.id);
    expect(there?.deletedAt ?? (there?.active === false ? 'off' : null)).toBeTruthy();
    const { message } = fake.openTicket({ name: 'Depois de desligar' });
    expect((await fake.deliver('message.created', message, { url }))[0]?.status).toBe(404);
    const status = await t.b.api('GET', '/tenants/settings/digisac/status');
    expect(status.body.webhook).toMatchObject({ active: false, registered_at: null });
    // Again: nothing to turn off (and nothing more for the audit log).
    const again = await t.b.api('DELETE', '/tenants/settings/digisac/webhook');
    expect(again.body).toEqual({ active: false });
    // The audit log says who turned it on and off (newest first), in B's organisation only.
    const log = (await t.b.api('GET', '/audit?per_page=100')).body.entries as Json[];
    const realtime = log.filter((e) => String(e.action).startsWith('digisac.realtime'));
    expect(realtime.slice(0, 2).map((e) => [e.action, e.actor_email])).toEqual([
      ['digisac.realtime_disabled', t.b.email],
      ['digisac.realtime_enabled', t.b.email],
    ]);
    const other = (await t.a.api('GET', '/audit?per_page=100')).body.entries as Json[];
    expect(other.some((e) => e.actor_email === t.b.email)).toBe(false);
  });

  it("answers DigiSac's failures as the tickets tab does, and 409 when not configured", async () => {
    const c = await createTestUser(server.database);
    const api = await signedInClient(server, c);
    const notConfigured = await api('POST', '/tenants/settings/digisac/webhook');
    expect(notConfigured.status).toBe(409);
    expect(notConfigured.body.detail).toBe(digisacMessages.notConfigured);
    // The status says so before anyone tries, with what to do; only for this organisation.
    expect((await api('GET', '/tenants/settings/digisac/status')).body.setup_problem).toBe(
      digisacIngestionMessages.notConfiguredForRealtime,
    );
    expect((await t.a.api('GET', '/tenants/settings/digisac/status')).body.setup_problem).toBeNull();

    expect((await configure(api, 'token-que-nao-existe')).status).toBe(200);
    // A bad token shows only when DigiSac is called: the status does not call it.
    expect((await api('GET', '/tenants/settings/digisac/status')).body.setup_problem).toBeNull();
    const badToken = await api('POST', '/tenants/settings/digisac/webhook');
    expect(badToken.status).toBe(502);
    expect(badToken.body.detail).toBe(digisacMessages.badToken);

    expect((await configure(api)).status).toBe(200);
    fake.failNext(1, 500);
    const failing = await api('POST', '/tenants/settings/digisac/webhook');
    expect(failing.status).toBe(502);
    expect(failing.body.detail).toBe(digisacMessages.upstreamError);
    const status = await api('GET', '/tenants/settings/digisac/status');
    expect(status.body.webhook.active).toBe(false);

    // A DigiSac failure on DELETE changes nothing here.
    await register(api);
    fake.failNext(1, 500);
    const deleteFailed = await api('DELETE', '/tenants/settings/digisac/webhook');
    expect(deleteFailed.status).toBe(502);
    expect((await api('GET', '/tenants/settings/digisac/status')).body.webhook.active).toBe(true);
  });

  it('refuses to register with a PUBLIC_URL that is not https:// (DIGISAC_ALLOW_PRIVATE_HOSTS off)', async () => {
    const strict = await startTestServer({ env: { PUBLIC_URL: publicUrl } });
    try {
      const api = await signedInClient(strict, t.a);
      const res = await api('POST', '/tenants/settings/digisac/webhook');
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(digisacIngestionMessages.publicUrlNotHttps);
      // The status says why before the switch is pressed (this server's PUBLIC_URL, A configured).
      const status = await api('GET', '/tenants/settings/digisac/status');
      expect(status.body.setup_problem).toBe(digisacIngestionMessages.publicUrlNotHttps);
    } finally {
      await strict.close();
    }
  });

  it("answers 429 with Retry-After beyond the tenant's intake bucket", async () => {
    const tiny = await startTestServer({
      database: server.database,
      env: {
        DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
        PUBLIC_URL: publicUrl,
        DIGISAC_INTAKE_EVENTS_PER_SECOND: '1',
        DIGISAC_INTAKE_BURST: '3',
      },
    });
    try {
      const user = await createTestUser(tiny.database);
      const api = await signedInClient(tiny, user);
      expect((await configure(api)).status).toBe(200);
      const registered = await api('POST', '/tenants/settings/digisac/webhook');
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const [webhook] = fake.webhooks().slice(-1);
      const url = (webhook?.url ?? '').replace(publicUrl, tiny.url);
      const { ticket } = fake.openTicket({ name: 'Rajada' });
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 6; i++) {
        const message = fake.addMessage({ ticketId: ticket.id, text: `rajada ${i}` });
        const res = await postRaw(url, JSON.stringify({ event: 'message.created', data: message }));
        statuses.push(res.status);
        if (res.status === 429) limited ??= res;
      }
      // The burst (3) goes in; within the same second at most one more token has come back.
      expect(statuses.slice(0, 3)).toEqual([202, 202, 202]);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
      expect(limited?.headers.get('retry-after')).toBe('1');
      const body = await json(limited as Response);
      expect(body).toMatchObject({
        code: 'rate_limited',
        detail: digisacIngestionMessages.intakeRateLimited(1),
      });
    } finally {
      await tiny.close();
    }
  });
});

// The process runs on PGlite either way: once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'the webhook secret in the logs of a real server process',
  () => {
    let server: ServerProcess | undefined;
    let fake: FakeDigisac | undefined;
    afterAll(async () => {
      await server?.stop();
      await fake?.close();
    });

    it('never logs the secret, at trace level, whatever the answer', async () => {
      const password = 'Demo#Senha2026';
      fake = await startFakeDigisac();
      server = await startServerProcess(
        {
          DEMO_PASSWORD: password,
          LOG_LEVEL: 'trace',
          DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
          PUBLIC_URL: publicUrl,
          DIGISAC_INTAKE_EVENTS_PER_SECOND: '1',
          DIGISAC_INTAKE_BURST: '2',
        },
        { timeoutMs: 60_000 },
      );
      const token = await signInIdToken(server.url, { email: demoEmail, password });
      const base = server.url;
      const api = (method: string, path: string, body?: unknown) =>
        fetch(`${base}/api/v1${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const settings = { name: 'Demo', digisac_host: fake.url, digisac_token: fakeDigisacToken };
      expect((await api('PUT', '/tenants/settings', settings)).status).toBe(200);
      expect((await api('POST', '/tenants/settings/digisac/webhook')).status).toBe(200);
      expect((await api('POST', '/tenants/settings/digisac/webhook')).status).toBe(200); // rotated
      const secrets = fake.webhooks().map((w) => webhookUrlPattern.exec(w.url)?.[1] ?? '');
      expect(secrets.every((s) => s.length === 43)).toBe(true);
      const current = fake.webhooks().at(-1)?.url.replace(publicUrl, base) ?? '';
      const { ticket } = fake.openTicket({ name: 'Log' });
      const message = fake.addMessage({ ticketId: ticket.id, text: 'texto do cliente que não vai ao log' });
      const event = JSON.stringify({ event: 'message.created', data: message });
      const statuses: number[] = [];
      for (const url of [current, current, current, current]) {
        statuses.push((await postRaw(url, event)).status); // 202, 202 (duplicate), then 429s
      }
      statuses.push((await postRaw(`${current}/x`, event)).status);
      statuses.push((await postRaw(current, 'x'.repeat(300 * 1024))).status);
      statuses.push((await postRaw(fake.webhooks()[0]?.url.replace(publicUrl, base) ?? '', event)).status);
      expect(statuses).toEqual(expect.arrayContaining([202, 429, 404, 413]));
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last lines reach the pipe
      const output = server.output();
      expect(output).toContain('/webhooks/digisac/***');
      for (const secret of secrets) {
        expect(output).not.toContain(secret);
      }
      expect(output).not.toContain('texto do cliente');
    }, 90_000); // it starts a server process: slow on a loaded machine
  },
);
