import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { type FakeDigisac, fakeDigisacToken, startFakeDigisac } from '../../test/fake-digisac.ts';
import { testConfig, testDatabase } from '../../test/helpers.ts';
import { DigisacCallError, type DigisacFailure } from './digisac.client.ts';
import {
  type DigisacAccess,
  type DigisacRemoteDeps,
  deactivateWebhook,
  getContact,
  getTicket,
  listTicketMessages,
  listTicketsUpdatedSince,
  registerWebhook,
} from './digisac.remote.ts';

// What ingestion asks DigiSac, over real HTTP against the fake, with the per-tenant call counter
// in the test database.

const timeoutMs = 500;

/** The failure a call rejected with (the test fails if it resolved or threw something else). */
async function failureOf(call: Promise<unknown>): Promise<DigisacFailure> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DigisacCallError)) throw new Error(`expected a DigisacCallError, got ${String(err)}`);
  return err.failure;
}

describe('digisac.remote (against the fake DigiSac)', () => {
  let fake: FakeDigisac;
  let database: Database;
  const depsWith = (env: Record<string, string> = {}): DigisacRemoteDeps => ({
    config: testConfig({
      DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
      DIGISAC_TIMEOUT_MS: String(timeoutMs),
      DIGISAC_MAX_REQUESTS_PER_SECOND: '100',
      ...env,
    }),
    db: database.db,
    log: Fastify().log,
  });
  let deps: DigisacRemoteDeps;
  /** A tenant of its own per test: its calls are counted apart. */
  const access = (token = fakeDigisacToken, host = fake.url): DigisacAccess => ({
    tenantId: randomUUID(),
    host,
    token,
  });
  /** The `query` JSON of the last request the fake received, and its other parameters. */
  const lastQuery = () => {
    const url = new URL(fake.requests.at(-1)?.url ?? '', fake.url);
    const { query, ...flat } = Object.fromEntries(url.searchParams);
    return { path: url.pathname, query: query ? JSON.parse(query) : undefined, flat };
  };

  beforeAll(async () => {
    [fake, database] = await Promise.all([startFakeDigisac({ tickets: 40 }), testDatabase()]);
    deps = depsWith();
  });
  afterAll(() => fake.close());

  it('registers the webhook: name, url, both message events, type general, active', async () => {
    const url = 'https://atende.example/webhooks/digisac/segredo';
    const { id } = await registerWebhook(deps, access(), { url, name: 'Atende' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/me/webhooks',
      authorization: `Bearer ${fakeDigisacToken}`,
      body: {
        name: 'Atende',
        url,
        events: ['message.created', 'message.updated'],
        type: 'general',
        active: true,
      },
    });
    expect(fake.webhooks().find((w) => w.id === id)).toMatchObject({ url, active: true, deletedAt: null });
  });

  it('deactivates it with DELETE; one already gone counts as done', async () => {
    const tenant = access();
    const { id } = await registerWebhook(deps, tenant, { url: 'https://atende.example/a', name: 'Atende' });
    await deactivateWebhook(deps, tenant, id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/v1/me/webhooks/${id}` });
    expect(fake.webhooks().find((w) => w.id === id)).toMatchObject({ active: false });
    expect(fake.webhooks().find((w) => w.id === id)?.deletedAt).not.toBeNull();
    // Gone: DELETE and the PUT fallback both answer 404.
    await deactivateWebhook(deps, tenant, id);
    expect(fake.requests.slice(-2).map((r) => r.method)).toEqual(['DELETE', 'PUT']);
    await expect(deactivateWebhook(deps, tenant, randomUUID())).resolves.toBeUndefined();
  });

  it('falls back to PUT active:false where DigiSac has no DELETE (405)', async () => {
    const noDelete = await startFakeDigisac({ tickets: 1, webhookDeleteStatus: 405 });
    try {
      const tenant = access(fakeDigisacToken, noDelete.url);
      const { id } = await registerWebhook(deps, tenant, { url: 'https://atende.example/b', name: 'Atende' });
      await deactivateWebhook(deps, tenant, id);
      expect(noDelete.requests.slice(-2)).toMatchObject([
        { method: 'DELETE', url: `/api/v1/me/webhooks/${id}` },
        { method: 'PUT', url: `/api/v1/me/webhooks/${id}`, body: { active: false } },
      ]);
      expect(noDelete.webhooks()[0]).toMatchObject({ id, active: false, deletedAt: null });
    } finally {
      await noDelete.close();
    }
  });

  it('a webhook answer without an id is an upstream failure', async () => {
    fake.failNext(1, 200);
    const failure = await failureOf(
      registerWebhook(deps, access(), { url: 'https://x.example', name: 'Atende' }),
    );
    expect(failure).toMatchObject({ kind: 'upstream', status: 200, message: 'answer has no webhook id' });
  });

  it('reads a contact; one DigiSac no longer has is undefined', async () => {
    const { contact } = fake.openTicket({ name: 'Joana Prado', number: '5541996910256' });
    expect(await getContact(deps, access(), contact.id)).toMatchObject({
      id: contact.id,
      name: 'Joana Prado',
      data: { number: '5541996910256' },
    });
    fake.removeContact(contact.id);
    expect(await getContact(deps, access(), contact.id)).toBeUndefined();
    expect(await getContact(deps, access(), 'c/../../me')).toBeUndefined(); // the id stays in its segment
    expect(lastQuery().path).toBe('/api/v1/contacts/c%2F..%2F..%2Fme');
  });

  it('reads a ticket with its contact, user and department; an unknown one is undefined', async () => {
    const [first] = fake.tickets().slice(-1);
    const ticket = await getTicket(deps, access(), first?.id ?? '');
    expect(lastQuery().query).toEqual({
      include: [{ model: 'contact' }, { model: 'user' }, { model: 'department' }],
    });
    expect(ticket).toMatchObject({
      id: first?.id,
      contact: { id: first?.contactId },
      department: { id: first?.departmentId },
    });
    expect(ticket).toHaveProperty('user');
    expect(await getTicket(deps, access(), randomUUID())).toBeUndefined();
  });

  it("lists a ticket's messages oldest first, filtered in the query JSON (never a flat ?ticketId=), paged", async () => {
    const { ticket, message: opening } = fake.openTicket({ timestamp: 1_700_000_000 });
    // Written out of order: DigiSac's timestamp decides.
    for (const [text, timestamp] of [
      ['terceira', 1_700_000_300],
      ['primeira', 1_700_000_100],
      ['quarta', 1_700_000_400],
      ['segunda', 1_700_000_200],
    ] as const) {
      fake.addMessage({ ticketId: ticket.id, text, timestamp });
    }
    const tenant = access();
    const first = await listTicketMessages(deps, tenant, { ticketId: ticket.id, page: 1, perPage: 3 });
    const { path, query, flat } = lastQuery();
    expect(path).toBe('/api/v1/messages');
    expect(flat).toEqual({});
    expect(query).toEqual({
      where: { ticketId: ticket.id },
      order: [
        ['timestamp', 'ASC'],
        ['id', 'ASC'],
      ],
      page: 1,
      perPage: 3,
    });
    expect(first.lastPage).toBe(2);
    const second = await listTicketMessages(deps, tenant, { ticketId: ticket.id, page: 2, perPage: 3 });
    const all = [...first.data, ...second.data] as { id: string; text: string | null }[];
    expect(all.map((m) => m.text)).toEqual([null, 'primeira', 'segunda', 'terceira', 'quarta']);
    expect(all[0]?.id).toBe(opening.id);
    const past = await listTicketMessages(deps, tenant, { ticketId: ticket.id, page: 3, perPage: 3 });
    expect(past).toEqual({ data: [], lastPage: 2 });
  });

  it('lists the tickets updated since a moment, oldest update first, with their includes', async () => {
    const all = fake.tickets();
    const since = new Date(
      all.map((t) => Date.parse(t.updatedAt)).sort((a, b) => a - b)[all.length - 10] ?? 0,
    );
    const page = await listTicketsUpdatedSince(deps, access(), { since, page: 1, perPage: 100 });
    expect(lastQuery().query).toEqual({
      where: { updatedAt: { $gte: since.toISOString() } },
      include: [{ model: 'contact' }, { model: 'user' }, { model: 'department' }],
      order: [
        ['updatedAt', 'ASC'],
        ['id', 'ASC'],
      ],
      page: 1,
      perPage: 100,
    });
    const updated = (page.data as { updatedAt: string; contact: unknown }[]).map((t) =>
      Date.parse(t.updatedAt),
    );
    expect(updated.length).toBeGreaterThanOrEqual(10);
    expect(updated.every((at) => at >= since.getTime())).toBe(true);
    expect(updated).toEqual(updated.toSorted((a, b) => a - b));
    expect(page.data[0]).toHaveProperty('contact.data.number');
    expect(page.lastPage).toBe(1);
  });

  it('at most perPage items are kept, whatever DigiSac sends', async () => {
    const page = await listTicketsUpdatedSince(deps, access('token-demais'), {
      since: new Date(0),
      page: 1,
      perPage: 5,
    });
    expect(page.data).toHaveLength(5);
  });

  it('fails with the client failure and never the token: bad token, 500, timeout, echo, blocked host', async () => {
    expect(await failureOf(getContact(deps, access('token-invalido'), 'c-1'))).toEqual({
      kind: 'unauthorized',
      status: 401,
    });
    fake.failNext(1);
    expect(await failureOf(getTicket(deps, access(), 'x'))).toMatchObject({ kind: 'upstream', status: 500 });
    fake.delayNext(1, timeoutMs * 3);
    expect(await failureOf(getTicket(deps, access(), 'x'))).toEqual({ kind: 'timeout' });
    const echo = 'token-eco-segredo-123';
    const failure = await failureOf(getTicket(deps, access(echo), 'x'));
    expect(failure).toMatchObject({ kind: 'upstream', status: 400 });
    expect(JSON.stringify(failure)).not.toContain(echo);

    const before = fake.requests.length;
    const strict = depsWith({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'false' });
    expect(await failureOf(getContact(strict, access(), 'c-1'))).toEqual({ kind: 'blocked' });
    expect(await failureOf(getContact(deps, access(fakeDigisacToken, `${fake.url}/api`), 'c-1'))).toEqual({
      kind: 'blocked',
    });
    expect(fake.requests.length).toBe(before);
  });

  it('answers a list that is not one as an upstream failure', async () => {
    const notAList = await failureOf(
      listTicketMessages(deps, access('token-nao-json'), { ticketId: 't', page: 1, perPage: 5 }),
    );
    expect(notAList).toMatchObject({ kind: 'upstream', message: 'answer is not JSON' });
  });
});

describe('digisac.remote: DIGISAC_MAX_REQUESTS_PER_SECOND, counted in the database', () => {
  let fake: FakeDigisac;
  let database: Database;
  const depsAt = (perSecond: number): DigisacRemoteDeps => ({
    config: testConfig({
      DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
      DIGISAC_MAX_REQUESTS_PER_SECOND: String(perSecond),
    }),
    db: database.db,
    log: Fastify().log,
  });

  beforeAll(async () => {
    [fake, database] = await Promise.all([startFakeDigisac({ tickets: 1 }), testDatabase()]);
  });
  afterAll(() => fake.close());

  it('12 calls of one tenant from two "processes" at 5/s take two more windows; another tenant does not wait', async () => {
    // Two deps, as two server processes would hold, sharing only the database.
    const processes = [depsAt(5), depsAt(5)];
    const tenant = { tenantId: randomUUID(), host: fake.url, token: fakeDigisacToken };
    const started = Date.now();
    const calls = Array.from({ length: 12 }, (_, i) =>
      getContact(processes[i % 2] as DigisacRemoteDeps, tenant, 'c-1'),
    );
    const otherStarted = Date.now();
    await getContact(depsAt(5), { ...tenant, tenantId: randomUUID() }, 'c-1');
    const otherMs = Date.now() - otherStarted;
    await Promise.all(calls);
    const elapsed = Date.now() - started;
    // 5 in the first window, 5 in the second, 2 in the third: the third starts 2 s after the first.
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(otherMs).toBeLessThan(900);
  });

  it('a call that cannot get a turn within 5 s is rate_limited, and nothing of it was sent', async () => {
    const deps = depsAt(1);
    const tenant = { tenantId: randomUUID(), host: fake.url, token: fakeDigisacToken };
    const before = fake.requests.length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 9 }, () => getContact(deps, tenant, 'c-1')),
    );
    const limited = outcomes.filter(
      (o) =>
        o.status === 'rejected' &&
        o.reason instanceof DigisacCallError &&
        o.reason.failure.kind === 'rate_limited',
    );
    const sent = outcomes.filter((o) => o.status === 'fulfilled');
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(sent.length + limited.length).toBe(9);
    expect(fake.requests.length - before).toBe(sent.length);
    expect((limited[0] as PromiseRejectedResult).reason.failure).toEqual({ kind: 'rate_limited', limit: 1 });
  }, 15_000);
});
