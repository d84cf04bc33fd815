import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { digisacMessages, tenantSettingsMessages } from '@atende/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import { HostResolver } from '../../lib/ssrf.ts';
import { demoEmail } from '../../seed.ts';
import {
  type FakeDigisac,
  fakeDigisacTickets,
  fakeDigisacToken,
  startFakeDigisac,
} from '../../test/fake-digisac.ts';
import { type FakeDns, startFakeDns } from '../../test/fake-dns.ts';
import {
  type ApiCall,
  createTestUser,
  json,
  signedInClient,
  signInIdToken,
  type TestServer,
  twoTenants,
} from '../../test/helpers.ts';
import { type ServerProcess, startServerProcess } from '../../test/processes.ts';
import { clearNonOriginDigisacHosts } from '../tenants/tenant-settings.service.ts';
import { DigisacCallError, digisacGet, redactToken, tooManyValues } from './digisac.client.ts';

const timeoutMs = 500;
const slowMs = 3000;
const tenantNotFound = 'Organização não encontrada.';
// Every token a test stores or types: none may ever appear in an answer.
const tokens = [fakeDigisacToken, 'token-lento', 'token-desconectado', 'token-erro', 'token-nao-json'];
const badToken = 'token-que-nao-existe-no-digisac';

/** A port nobody listens on (taken, then closed). */
async function closedPort() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every answer a test got, to check that no token is in any of them. */
const answers: string[] = [];
const recorded =
  (api: ApiCall): ApiCall =>
  async (...args) => {
    const res = await api(...args);
    answers.push(JSON.stringify(res.body));
    return res;
  };

/** A signed-in caller in a tenant of its own on `server`. */
async function freshCaller(server: TestServer) {
  const user = await createTestUser(server.database);
  return { ...user, api: recorded(await signedInClient(server, user)) };
}

describe('DigiSac integration (DIGISAC_ALLOW_PRIVATE_HOSTS=true, against the fake)', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let fake: FakeDigisac;
  let a: ApiCall;
  let b: ApiCall;
  const tickets = (api: ApiCall, tenantId: string, query = '') =>
    api('GET', `/tenants/${tenantId}/digisac/tickets${query}`);
  const configure = (api: ApiCall, token: string, host = fake.url) =>
    api('PUT', '/tenants/settings', { name: 'Loja', digisac_host: host, digisac_token: token });

  beforeAll(async () => {
    [t, fake] = await Promise.all([
      twoTenants({ DIGISAC_ALLOW_PRIVATE_HOSTS: 'true', DIGISAC_TIMEOUT_MS: String(timeoutMs) }),
      startFakeDigisac({ slowMs }),
    ]);
    a = recorded(t.a.api);
    b = recorded(t.b.api);
    expect((await configure(a, fakeDigisacToken)).status).toBe(200);
  });
  afterAll(async () => {
    await t.server.close();
    await fake.close();
  });

  it('lists the tickets, newest first, each field mapped', async () => {
    const res = await tickets(a, t.a.tenant.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 300, page: 1, per_page: 10, last_page: 30 });
    expect(res.body.tickets).toHaveLength(10);
    const source = fakeDigisacTickets(300);
    // Ticket 1: protocol as a number there, text here; open; an agent.
    const first = source[0];
    expect(res.body.tickets[0]).toEqual({
      id: first?.id,
      protocol: '202611001',
      contact_name: first?.contact.name,
      contact_number: first?.contact.data.number,
      is_open: true,
      department: first?.department?.name,
      agent: first?.user?.name,
      started_at: first?.startedAt,
      updated_at: first?.updatedAt,
      ended_at: null,
      waiting_time_seconds: 47,
    });
    // Ticket 3 is closed (ended), ticket 5 has no agent, ticket 2's protocol is a string there.
    expect(res.body.tickets[1]).toMatchObject({ protocol: '202611002', is_open: true });
    expect(res.body.tickets[2]).toMatchObject({ is_open: false, ended_at: source[2]?.endedAt });
    expect(res.body.tickets[4]).toMatchObject({ agent: null, department: source[4]?.department?.name });

    // What was asked of DigiSac: its `query` JSON (contact, user, department; newest first), the token.
    const sent = fake.requests.at(-1);
    expect(sent?.authorization).toBe(`Bearer ${fakeDigisacToken}`);
    const url = new URL(sent?.url ?? '', fake.url);
    expect(url.pathname).toBe('/api/v1/tickets');
    expect(JSON.parse(url.searchParams.get('query') ?? '')).toEqual({
      include: [{ model: 'contact' }, { model: 'user' }, { model: 'department' }],
      order: [['createdAt', 'DESC']],
      page: 1,
      perPage: 10,
    });
  });

  it('pages: page 2 of 20, the last page, past the end', async () => {
    const source = fakeDigisacTickets(300);
    const second = await tickets(a, t.a.tenant.id, '?page=2&per_page=20');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ total: 300, page: 2, per_page: 20, last_page: 15 });
    expect(second.body.tickets.map((x: { id: string }) => x.id)).toEqual(
      source.slice(20, 40).map((x) => x.id),
    );
    const last = await tickets(a, t.a.tenant.id, '?page=15&per_page=20');
    expect(last.body.tickets.at(-1).id).toBe(source[299]?.id);
    const past = await tickets(a, t.a.tenant.id, '?page=16&per_page=20');
    expect(past.body).toMatchObject({ tickets: [], page: 16, last_page: 15 });
    for (const perPage of [10, 20, 50, 100]) {
      const res = await tickets(a, t.a.tenant.id, `?per_page=${perPage}`);
      expect(res.body.tickets, String(perPage)).toHaveLength(perPage);
      expect(res.body.last_page).toBe(Math.ceil(300 / perPage));
    }
  });

  it('refuses other page sizes and bad pages, naming the field', async () => {
    for (const perPage of ['15', '0', '1000', 'dez', '-10']) {
      const res = await tickets(a, t.a.tenant.id, `?per_page=${perPage}`);
      expect(res.status, perPage).toBe(400);
      expect(res.body.fields, perPage).toEqual([
        { field: 'querystring.per_page', message: 'Use 10, 20, 50 ou 100.' },
      ]);
    }
    for (const page of ['0', '-1', '1.5', 'x']) {
      const res = await tickets(a, t.a.tenant.id, `?page=${page}`);
      expect(res.status, page).toBe(400);
      expect(res.body.fields[0].field).toBe('querystring.page');
    }
    expect((await tickets(a, 'nao-e-um-uuid')).status).toBe(400);
  });

  it("answers 404 for another tenant's id, as for an unknown one; a foreign X-Tenant-ID is refused", async () => {
    const foreign = await tickets(a, t.b.tenant.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(tenantNotFound);
    const unknown = await tickets(a, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(tenantNotFound);
    // B has no integration of its own: its own id says so; A's id is not B's business.
    expect((await tickets(b, t.b.tenant.id)).status).toBe(409);
    expect((await tickets(b, t.a.tenant.id)).status).toBe(404);
    // A's token naming B's tenant in X-Tenant-ID: the auth hook refuses it.
    const spoofed = await a('GET', `/tenants/${t.b.tenant.id}/digisac/tickets`, undefined, {
      'x-tenant-id': t.b.tenant.id,
    });
    expect(spoofed.status).toBe(403);
    const requestsBefore = fake.requests.length;
    await tickets(b, t.a.tenant.id);
    expect(fake.requests.length).toBe(requestsBefore); // nothing was sent to A's DigiSac
  });

  it('says "not configured" (409) without a host or a token', async () => {
    const c = await freshCaller(t.server);
    const none = await tickets(c.api, c.tenant.id);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'conflict', detail: digisacMessages.notConfigured });
    await c.api('PUT', '/tenants/settings', { name: 'Loja', digisac_host: fake.url });
    expect((await tickets(c.api, c.tenant.id)).body.detail).toBe(digisacMessages.notConfigured);
    await c.api('PUT', '/tenants/settings', {
      name: 'Loja',
      digisac_host: null,
      digisac_token: 'so-o-token-0000',
    });
    expect((await tickets(c.api, c.tenant.id)).body.detail).toBe(digisacMessages.notConfigured);
  });

  it('turns each upstream failure into its pt-BR error: 502, or 504 for a slow DigiSac', async () => {
    const c = await freshCaller(t.server);
    const failures: [string, number, string, string][] = [
      [badToken, 502, 'bad_gateway', 'Token do DigiSac inválido ou expirado'],
      ['token-desconectado', 502, 'bad_gateway', digisacMessages.upstreamError],
      ['token-erro', 502, 'bad_gateway', digisacMessages.upstreamError],
      ['token-nao-json', 502, 'bad_gateway', digisacMessages.upstreamError],
    ];
    for (const [token, status, code, detail] of failures) {
      await configure(c.api, token);
      const res = await tickets(c.api, c.tenant.id);
      expect(res.status, token).toBe(status);
      expect(res.body, token).toMatchObject({ code, detail });
    }
    expect(digisacMessages.badToken).toBe('Token do DigiSac inválido ou expirado');

    await configure(c.api, 'token-lento');
    const started = performance.now();
    const slow = await tickets(c.api, c.tenant.id);
    const elapsed = performance.now() - started;
    expect(slow.status).toBe(504);
    expect(slow.body).toMatchObject({ code: 'gateway_timeout', detail: digisacMessages.timeout });
    expect(elapsed).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(elapsed).toBeLessThan(timeoutMs + 1500);

    await configure(c.api, fakeDigisacToken, `http://127.0.0.1:${await closedPort()}`);
    const refused = await tickets(c.api, c.tenant.id);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'bad_gateway', detail: digisacMessages.unreachable });
  });

  it('tests a connection with the stored or the typed values, answering in pt-BR', async () => {
    const test = (api: ApiCall, body?: unknown) => api('POST', '/tenants/settings/digisac/test', body);
    const connected = { ok: true, user_name: 'Ana Atendente', message: 'Conectado como Ana Atendente.' };
    expect((await test(a)).body).toEqual(connected); // no body: the stored values
    expect((await test(a, {})).body).toEqual(connected);
    expect((await test(a, { digisac_host: '', digisac_token: ' ' })).body).toEqual(connected);
    const me = fake.requests.at(-1);
    expect(me?.url).toBe('/api/v1/me');
    expect(me?.authorization).toBe(`Bearer ${fakeDigisacToken}`);
    // The stored host typed again (with a trailing slash) still uses the stored token.
    expect((await test(a, { digisac_host: `${fake.url}/` })).body).toEqual(connected);

    const c = await freshCaller(t.server);
    const notOk = (message: string) => ({ ok: false, user_name: null, message });
    expect((await test(c.api)).body).toEqual(notOk(digisacMessages.notConfigured));
    // Typed values before saving them.
    expect((await test(c.api, { digisac_host: fake.url, digisac_token: fakeDigisacToken })).body).toEqual(
      connected,
    );
    expect((await test(c.api, { digisac_host: fake.url, digisac_token: badToken })).body).toEqual(
      notOk(digisacMessages.badToken),
    );
    // A token that cannot go in a header (accents, spaces, control characters) is a bad token, not a 500.
    for (const token of ['token-com-ção', 'token com espaço', 'token\nquebrado']) {
      expect((await test(c.api, { digisac_host: fake.url, digisac_token: token })).body, token).toEqual(
        notOk(digisacMessages.badToken),
      );
    }
    expect((await test(c.api, { digisac_host: fake.url, digisac_token: 'token-erro' })).body).toEqual(
      notOk(digisacMessages.upstreamError),
    );
    expect((await test(c.api, { digisac_host: fake.url, digisac_token: 'token-lento' })).body).toEqual(
      notOk(digisacMessages.timeout),
    );
    const closed = `http://127.0.0.1:${await closedPort()}`;
    expect((await test(c.api, { digisac_host: closed, digisac_token: fakeDigisacToken })).body).toEqual(
      notOk(digisacMessages.unreachable),
    );
    // Stored values: a typed token with the stored host; a new host never gets the stored token.
    await configure(c.api, badToken);
    expect((await test(c.api)).body).toEqual(notOk(digisacMessages.badToken));
    expect((await test(c.api, { digisac_token: fakeDigisacToken })).body).toEqual(connected);
    const sentBefore = fake.requests.length;
    const otherHost = await test(c.api, { digisac_host: 'http://127.0.0.2:9' });
    expect(otherHost.body).toEqual(notOk(digisacMessages.tokenForNewHost));
    expect(fake.requests.length).toBe(sentBefore);

    // Malformed input is a field-named 400.
    for (const [host, message] of [
      ['ftp://loja.com', 'URL deve começar com https://'],
      ['loja.digisac.chat', 'URL deve começar com https://'],
      ['https://', 'URL inválida'],
      ['https://exa mple.com', 'URL inválida'],
    ] as const) {
      const res = await test(c.api, { digisac_host: host, digisac_token: 'x' });
      expect(res.status, host).toBe(400);
      expect(res.body.fields, host).toEqual([{ field: 'body.digisac_host', message }]);
    }
    expect((await test(c.api, { digisac_token: 42 })).status).toBe(400);
  });

  it('answers at most per_page tickets whatever DigiSac sends (issue 26, item 1)', async () => {
    const c = await freshCaller(t.server);
    await configure(c.api, 'token-demais'); // DigiSac answers 150 tickets to any page size
    for (const perPage of [10, 100]) {
      const res = await tickets(c.api, c.tenant.id, `?per_page=${perPage}`);
      expect(res.status).toBe(200);
      expect(res.body.tickets, String(perPage)).toHaveLength(perPage);
    }
  });

  it('refuses an answer of 1.7 M values at once, and other tenants are served meanwhile (issue 26, item 1)', async () => {
    const c = await freshCaller(t.server);
    await configure(c.api, 'token-enorme'); // ~5 MB of {"data":[{},{},…]}
    const started = performance.now();
    const hostile = tickets(c.api, c.tenant.id, '?per_page=10').then((res) => ({
      res,
      ms: performance.now() - started,
    }));
    // A bystander's request while the hostile page is read: it must not wait behind it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const bystanderStarted = performance.now();
    const bystander = await tickets(a, t.a.tenant.id);
    const bystanderMs = performance.now() - bystanderStarted;
    const { res, ms } = await hostile;
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'bad_gateway', detail: digisacMessages.upstreamError });
    expect(ms).toBeLessThan(3000);
    expect(bystander.status).toBe(200);
    expect(bystanderMs).toBeLessThan(1500);
  });

  it("removes the token from DigiSac's message before cutting it, at any depth (issue 26, item 8)", async () => {
    // DigiSac echoes the token after 290 characters: cut first at 300, its first 10 would stay.
    const token = 'token-eco-abcdefghijklmnopqrstuvwxyz0123456789';
    const failure = await digisacGet({
      host: fake.url,
      token,
      path: '/api/v1/me',
      allowPrivateHosts: true,
      timeoutMs: 2000,
      resolver: new HostResolver({ timeoutMs: 1000, maxConcurrent: 4 }),
      maxResponseBytes: 1024 * 1024,
      maxResponseValues: 1000,
    }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DigisacCallError);
    const { message } = (failure as DigisacCallError).failure as { message: string };
    expect(message).toBe(`${'x'.repeat(290)}[token]`);
    expect(message).not.toContain(token.slice(0, 6));
    const nested = { a: [{ b: { c: `Bearer ${token}` } }], [token]: encodeURIComponent(token) };
    expect(JSON.stringify(redactToken(nested, token))).not.toContain('abcdefghij');
  });

  it('refuses a typed host with a path, a query or user-info: an origin only (issue 26, item 7)', async () => {
    const c = await freshCaller(t.server);
    const before = fake.requests.length;
    for (const host of [
      `${fake.url}/outro/caminho?x=`,
      `${fake.url}?a=1`,
      `http://u:p@${fake.url.slice(7)}`,
    ]) {
      const res = await c.api('POST', '/tenants/settings/digisac/test', {
        digisac_host: host,
        digisac_token: fakeDigisacToken,
      });
      expect(res.status, host).toBe(400);
      expect(res.body.fields, host).toEqual([
        { field: 'body.digisac_host', message: tenantSettingsMessages.hostOriginOnly },
      ]);
    }
    expect(fake.requests.length).toBe(before); // nothing was fetched
  });

  it('never answers a token, whatever the route or the outcome', async () => {
    const settings = await a('GET', '/tenants/settings');
    expect(settings.body).toMatchObject({ digisac_token_set: true, digisac_token_last4: 'isac' });
    await a('PUT', '/tenants/settings', { name: 'Loja', digisac_token: fakeDigisacToken });
    await a('PUT', '/tenants/settings', { name: 'Loja', digisac_token: 'x'.repeat(501) }); // a 400
    expect(answers.length).toBeGreaterThan(40);
    for (const answer of answers) {
      for (const token of [...tokens, badToken]) expect(answer).not.toContain(token);
    }
  });
});

describe('DigiSac integration with private hosts refused (the default)', () => {
  let server: TestServer;
  let fake: FakeDigisac;
  beforeAll(async () => {
    [{ server }, fake] = await Promise.all([twoTenants(), startFakeDigisac()]);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** Stores host and token as an older version (or a changed DNS) could have: no save-time check. */
  async function storeDirectly(tenantId: string, host: string, token = fakeDigisacToken) {
    await server.database.db
      .update(tenants)
      .set({
        digisacHost: host,
        digisacToken: encryptSecret(server.app.secretKey, token, tenantId),
        digisacTokenKeyId: server.app.secretKey.id,
        digisacTokenLast4: token.slice(-4),
      })
      .where(eq(tenants.id, tenantId));
  }

  it('refuses a private address again when connecting (a host that passed saving)', async () => {
    const c = await freshCaller(server);
    const before = fake.requests.length;
    // A name resolving to 127.0.0.1 now (DNS rebinding), literal addresses, and an IPv4-compatible
    // IPv6 address carrying 127.0.0.1 (issue 26, item 7: judged as the IPv4 address it carries).
    for (const host of ['https://localhost', 'https://127.0.0.1', 'https://[::7f00:1]']) {
      await storeDirectly(c.tenant.id, host);
      const res = await c.api('GET', `/tenants/${c.tenant.id}/digisac/tickets`);
      expect(res.status, host).toBe(502);
      expect(res.body, host).toMatchObject({ code: 'bad_gateway', detail: digisacMessages.privateHost });
      const test = await c.api('POST', '/tenants/settings/digisac/test', {});
      expect(test.body, host).toEqual({ ok: false, user_name: null, message: digisacMessages.privateHost });
    }
    expect(fake.requests.length).toBe(before); // nothing reached the fake
  });

  it('refuses a stored http:// host with a pt-BR message asking to update it (409)', async () => {
    const c = await freshCaller(server);
    await storeDirectly(c.tenant.id, fake.url);
    const res = await c.api('GET', `/tenants/${c.tenant.id}/digisac/tickets`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', detail: digisacMessages.insecureStoredHost });
    const test = await c.api('POST', '/tenants/settings/digisac/test');
    expect(test.body).toEqual({ ok: false, user_name: null, message: digisacMessages.insecureStoredHost });
  });

  it('says the token must be typed again when it was encrypted under another key (409)', async () => {
    const c = await freshCaller(server);
    await storeDirectly(c.tenant.id, 'https://loja.digisac.chat');
    await server.database.db
      .update(tenants)
      .set({ digisacTokenKeyId: 'outra-chave' })
      .where(eq(tenants.id, c.tenant.id));
    const res = await c.api('GET', `/tenants/${c.tenant.id}/digisac/tickets`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(digisacMessages.tokenUnreadable);
  });

  it('answers typed private hosts in the connection test as unreachable (200 ok:false); syntax, scheme and port are 400s', async () => {
    const c = await freshCaller(server);
    const before = fake.requests.length;
    // The address check's refusals: the one sentence, as a test's outcome (not a 400 that a name
    // that does not resolve would not get).
    for (const host of [
      'https://127.0.0.1',
      'https://localhost',
      'https://[::1]:8443',
      'https://169.254.169.254',
    ]) {
      const res = await c.api('POST', '/tenants/settings/digisac/test', {
        digisac_host: host,
        digisac_token: fakeDigisacToken,
      });
      expect(res.status, host).toBe(200);
      expect(res.body, host).toEqual({ ok: false, user_name: null, message: digisacMessages.privateHost });
    }
    expect(fake.requests.length).toBe(before); // nothing reached the fake
    // What the host's text says, not the network: a field-named 400.
    for (const [host, message] of [
      ['http://loja.digisac.chat', 'URL deve começar com https://'],
      ['https://loja.digisac.chat:8443', tenantSettingsMessages.hostPort],
    ] as const) {
      const res = await c.api('POST', '/tenants/settings/digisac/test', {
        digisac_host: host,
        digisac_token: fakeDigisacToken,
      });
      expect(res.status, host).toBe(400);
      expect(res.body.fields, host).toEqual([{ field: 'body.digisac_host', message }]);
    }
  });

  it('never answers a token', () => {
    for (const answer of answers) expect(answer).not.toContain(fakeDigisacToken);
  });
});

describe('DigiSac hosts resolved by a fake name server (issue 26, items 4 and 7)', () => {
  const dnsTimeoutMs = 1000;
  const maxLookups = 4;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let dns: FakeDns;
  const hanging = Array.from({ length: 10 }, (_, i) => `nunca-${i}.teste`);
  beforeAll(async () => {
    dns = await startFakeDns({
      ...Object.fromEntries(hanging.map((name) => [name, 'hang'])),
      'interno.teste': ['10.0.0.7'],
      // Public when saving is checked, loopback when the call connects (DNS rebinding).
      'rebind.teste': [['203.0.114.7'], ['127.0.0.1']],
      'publico.teste': ['203.0.114.7'],
    });
    t = await twoTenants({
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: String(dnsTimeoutMs),
      DNS_MAX_CONCURRENT_LOOKUPS: String(maxLookups),
      DIGISAC_TIMEOUT_MS: '1500',
    });
  });
  afterAll(async () => {
    await t.server.close();
    await dns.close();
  });

  const put = (api: ApiCall, host: string) =>
    api('PUT', '/tenants/settings', { name: 'Loja', digisac_host: host });
  const test = (api: ApiCall, host: string) =>
    api('POST', '/tenants/settings/digisac/test', { digisac_host: host, digisac_token: fakeDigisacToken });
  const asked = (name: string) => dns.queries.filter((q) => q.name === name).length;

  async function storeDirectly(tenantId: string, host: string) {
    await t.server.database.db
      .update(tenants)
      .set({
        digisacHost: host,
        digisacToken: encryptSecret(t.server.app.secretKey, fakeDigisacToken, tenantId),
        digisacTokenKeyId: t.server.app.secretKey.id,
        digisacTokenLast4: fakeDigisacToken.slice(-4),
      })
      .where(eq(tenants.id, tenantId));
  }

  it('a name server that never answers costs a save DNS_TIMEOUT_MS; beyond the cap a 429 at once; sign-ins go on (item 4)', async () => {
    const c = await freshCaller(t.server);
    const started = performance.now();
    const saves = hanging
      .slice(0, maxLookups)
      .map((name) => put(c.api, `https://${name}`).then((res) => ({ res, ms: performance.now() - started })));
    // The configured name server is asked (not the system's, through the thread pool)…
    for (let i = 0; i < 100 && hanging.slice(0, maxLookups).some((n) => asked(n) === 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const name of hanging.slice(0, maxLookups)) expect(asked(name), name).toBeGreaterThan(0);
    // …the next look-up beyond the cap is refused at once, naming the limit…
    const busyStarted = performance.now();
    const busy = await put(c.api, `https://${hanging[maxLookups]}`);
    expect(busy.status).toBe(429);
    expect(busy.body).toMatchObject({ code: 'rate_limited', detail: digisacMessages.dnsBusy });
    expect(performance.now() - busyStarted).toBeLessThan(dnsTimeoutMs);
    expect((await test(c.api, `https://${hanging[maxLookups]}`)).status).toBe(429);
    // …and a bystander signs in meanwhile (argon2 has the thread pool to itself).
    const signInStarted = performance.now();
    await signInIdToken(t.server.url, t.b);
    expect(performance.now() - signInStarted).toBeLessThan(dnsTimeoutMs + 1000);
    // The hanging saves end after the deadline: a name that does not answer counts as not resolving.
    for (const { res, ms } of await Promise.all(saves)) {
      expect(res.status).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(dnsTimeoutMs - 100);
      expect(ms).toBeLessThan(dnsTimeoutMs + 3000);
    }
  });

  it('the call resolves with the same resolver when it connects: no answer is "unreachable" (item 4)', async () => {
    const c = await freshCaller(t.server);
    const name = hanging[9] ?? '';
    await storeDirectly(c.tenant.id, `https://${name}`);
    const before = asked(name);
    const started = performance.now();
    const res = await c.api('GET', `/tenants/${c.tenant.id}/digisac/tickets`);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'bad_gateway', detail: digisacMessages.unreachable });
    expect(asked(name)).toBeGreaterThan(before);
    expect(performance.now() - started).toBeLessThan(dnsTimeoutMs + 2000);
  });

  it("'Testar conexão' answers one sentence for a typed name it cannot use, whatever the reason (item 7)", async () => {
    const c = await freshCaller(t.server);
    // Resolves to a private address, does not answer DNS, public then loopback (rebinding, refused
    // at connect), a public address that does not answer: one status, one sentence — not a 400
    // for the first, nor "unreachable" / "timeout" / "blocked".
    for (const host of [
      'https://interno.teste',
      `https://${hanging[8]}`,
      'https://rebind.teste',
      'https://publico.teste',
    ]) {
      const res = await test(c.api, host);
      expect(res.status, host).toBe(200);
      expect(res.body, host).toEqual({ ok: false, user_name: null, message: digisacMessages.privateHost });
    }
    // Without a token, an internal name and one that does not resolve get the same answer too.
    for (const host of ['https://interno.teste', `https://${hanging[7]}`]) {
      const res = await c.api('POST', '/tenants/settings/digisac/test', { digisac_host: host });
      expect(res.status, host).toBe(200);
      expect(res.body, host).toEqual({
        ok: false,
        user_name: null,
        message: digisacMessages.tokenForNewHost,
      });
    }
    // Saving keeps its field-named 400 for a name resolving to a private address, while a name
    // that does not resolve is accepted: a known, accepted limit (docs/SECURITY.md).
    const save = await put(c.api, 'https://interno.teste');
    expect(save.status).toBe(400);
    expect(save.body.fields).toEqual([{ field: 'body.digisac_host', message: digisacMessages.privateHost }]);
    expect(asked('rebind.teste')).toBeGreaterThanOrEqual(2); // checked, then resolved again to connect
  });

  it('refuses ports other than 443 and stored hosts that are not origins; boot clears those (item 7)', async () => {
    const c = await freshCaller(t.server);
    const port = await put(c.api, 'https://publico.teste:8443');
    expect(port.status).toBe(400);
    expect(port.body.fields).toEqual([
      { field: 'body.digisac_host', message: tenantSettingsMessages.hostPort },
    ]);
    // Saved before the rules: refused as stored (409, asking to update it).
    for (const host of ['https://publico.teste:8443', 'https://publico.teste/api?x=1']) {
      await storeDirectly(c.tenant.id, host);
      const res = await c.api('GET', `/tenants/${c.tenant.id}/digisac/tickets`);
      expect(res.status, host).toBe(409);
      expect(res.body.detail, host).toBe(digisacMessages.storedHostNotOrigin);
      expect((await c.api('POST', '/tenants/settings/digisac/test', {})).body.message).toBe(
        digisacMessages.storedHostNotOrigin,
      );
    }
    // Boot: a host that is not a bare origin is cleared with its token; an origin is kept.
    const d = await freshCaller(t.server);
    await storeDirectly(d.tenant.id, 'https://publico.teste:8443');
    const cleared = await clearNonOriginDigisacHosts(t.server.database.db);
    expect(cleared).toContainEqual({ tenantId: c.tenant.id, host: 'https://publico.teste/api?x=1' });
    expect(cleared.map((x) => x.tenantId)).not.toContain(d.tenant.id);
    const [row] = await t.server.database.db.select().from(tenants).where(eq(tenants.id, c.tenant.id));
    expect(row).toMatchObject({ digisacHost: null, digisacToken: null, digisacTokenLast4: null });
    expect(await clearNonOriginDigisacHosts(t.server.database.db)).not.toContainEqual(
      expect.objectContaining({ tenantId: c.tenant.id }),
    );
  });
});

describe('DNS look-ups per tenant (DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT, default 4)', () => {
  const dnsTimeoutMs = 2000;
  let t: Awaited<ReturnType<typeof twoTenants>>;
  let dns: FakeDns;
  const hanging = Array.from({ length: 6 }, (_, i) => `preso-${i}.teste`);
  beforeAll(async () => {
    dns = await startFakeDns({
      ...Object.fromEntries(hanging.map((name) => [name, 'hang'])),
      'publico.teste': ['203.0.114.7'],
    });
    // A process cap of 6: without the tenant's 4, tenant A alone could take all 6.
    t = await twoTenants({
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: String(dnsTimeoutMs),
      DNS_MAX_CONCURRENT_LOOKUPS: '6',
    });
  });
  afterAll(async () => {
    await t.server.close();
    await dns.close();
  });

  it("one tenant holding its 4 look-ups gets 429s; another tenant's save and test still resolve", async () => {
    const put = (api: ApiCall, host: string) =>
      api('PUT', '/tenants/settings', { name: 'Loja', digisac_host: host });
    // Stored before (a host that hangs too), for the call's connect-time look-up.
    await t.server.database.db
      .update(tenants)
      .set({
        digisacHost: `https://${hanging[5]}`,
        digisacToken: encryptSecret(t.server.app.secretKey, fakeDigisacToken, t.a.tenant.id),
        digisacTokenKeyId: t.server.app.secretKey.id,
        digisacTokenLast4: fakeDigisacToken.slice(-4),
      })
      .where(eq(tenants.id, t.a.tenant.id));
    const saves = hanging.slice(0, 4).map((name) => put(t.a.api, `https://${name}`));
    for (let i = 0; i < 200 && hanging.slice(0, 4).some((n) => !dns.queries.some((q) => q.name === n)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const started = performance.now();
    // The fifth look-up of tenant A, whatever asks for it: a save, a test, a DigiSac call.
    const busy = await put(t.a.api, `https://${hanging[4]}`);
    expect(busy.status).toBe(429);
    expect(busy.body).toMatchObject({ code: 'rate_limited', detail: digisacMessages.dnsBusy });
    const test = await t.a.api('POST', '/tenants/settings/digisac/test', {
      digisac_host: `https://${hanging[5]}`,
      digisac_token: fakeDigisacToken,
    });
    expect(test.status).toBe(429);
    const call = await t.a.api('GET', `/tenants/${t.a.tenant.id}/digisac/tickets`);
    expect(call.status).toBe(429);
    expect(call.body).toMatchObject({ code: 'rate_limited', detail: digisacMessages.dnsBusy });
    expect(performance.now() - started).toBeLessThan(dnsTimeoutMs);
    // Tenant B resolves meanwhile: its save is checked (a public address) and answered at once.
    const other = await put(t.b.api, 'https://publico.teste');
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.digisac_host).toBe('https://publico.teste');
    const otherTest = await t.b.api('POST', '/tenants/settings/digisac/test', {
      digisac_host: `https://${hanging[5]}`,
      digisac_token: fakeDigisacToken,
    });
    expect(otherTest.status).toBe(200); // looked up (no answer: the one sentence), not refused as busy
    expect(otherTest.body.message).toBe(digisacMessages.privateHost);
    for (const res of await Promise.all(saves)) expect(res.status).toBe(200);
    // Slots given back: tenant A resolves again.
    expect((await put(t.a.api, 'https://publico.teste')).status).toBe(200);
  });
});

describe('tooManyValues: the JSON values an answer would build (issue 26, item 1 review)', () => {
  it('counts commas and brackets outside strings only, escapes included', () => {
    // A legitimate page whose texts are comma-heavy: 100 tickets of 20,000 commas each (2 MB).
    const page = {
      data: Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, protocol: ','.repeat(20_000) })),
      total: 100,
    };
    const body = Buffer.from(JSON.stringify(page));
    expect(body.length).toBeLessThan(5 * 1024 * 1024);
    expect(tooManyValues(body, 100_000)).toBe(false);
    // Escaped quotes and backslashes do not end a string early…
    const escaped = Buffer.from(JSON.stringify({ a: `\\"${','.repeat(50)}"\\`, b: [1, 2] }));
    expect(tooManyValues(escaped, 4)).toBe(false); // {, [, the comma between a and b, the one in [1,2]
    expect(tooManyValues(escaped, 3)).toBe(true);
    // …and values outside strings still count: 5 MB of `{},` is refused.
    expect(tooManyValues(Buffer.from(`[${'{},'.repeat(200_000)}{}]`), 100_000)).toBe(true);
    // Multi-byte characters in strings are only bytes of the string.
    expect(tooManyValues(Buffer.from(JSON.stringify(['ç,ã,ü'.repeat(1000)])), 1)).toBe(false);
  });
});

// The process runs on PGlite either way: once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'DigiSac tokens in the logs of a real server process',
  () => {
    let server: ServerProcess | undefined;
    let fake: FakeDigisac | undefined;
    afterAll(async () => {
      await server?.stop();
      await fake?.close();
    });

    it('never logs a token, at trace level, whatever the outcome', async () => {
      const password = 'Demo#Senha2026';
      fake = await startFakeDigisac({ slowMs: 2000 });
      server = await startServerProcess(
        {
          DEMO_PASSWORD: password,
          LOG_LEVEL: 'trace',
          DIGISAC_ALLOW_PRIVATE_HOSTS: 'true',
          DIGISAC_TIMEOUT_MS: '300',
        },
        { timeoutMs: 60_000 },
      );
      const token = await signInIdToken(server.url, { email: demoEmail, password });
      const url = server.url;
      const api = async (method: string, path: string, body?: unknown) =>
        fetch(`${url}/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const tenant = await json(await api('GET', '/tenants/current'));
      const used = [fakeDigisacToken, badToken, 'token-erro', 'token-lento'];
      for (const digisacToken of used) {
        expect(
          (
            await api('PUT', '/tenants/settings', {
              name: 'Demo',
              digisac_host: fake.url,
              digisac_token: digisacToken,
            })
          ).status,
        ).toBe(200);
        await api('GET', `/tenants/${tenant.id}/digisac/tickets`);
        await api('POST', '/tenants/settings/digisac/test', {
          digisac_host: fake.url,
          digisac_token: digisacToken,
        });
      }
      await api('PUT', '/tenants/settings', { name: 'Demo', digisac_token: `${badToken}\u0007` }); // refused: 400
      const output = server.output();
      expect(output).toContain('DigiSac call failed'); // the failures were logged…
      for (const t of used) expect(output).not.toContain(t); // …without any token
    }, 90_000); // it starts a server process: slow on a loaded machine
  },
);
