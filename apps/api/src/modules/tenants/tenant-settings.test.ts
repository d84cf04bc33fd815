import { createCipheriv, randomBytes } from 'node:crypto';
import { digisacMessages, tenantSettingsMessages } from '@atende/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.ts';
import { decryptSecret, loadSecretKey, type SecretKey } from '../../lib/secrets.ts';
import {
  type ApiCall,
  createTestTenant,
  createTestUser,
  freshDatabase,
  type Json,
  signedInClient,
  testConfig,
  twoTenants,
} from '../../test/helpers.ts';
import { clearNonOriginDigisacHosts, encryptDigisacTokens } from './tenant-settings.service.ts';

const nameRequired = 'Nome do tenant é obrigatório';
const hostScheme = 'URL deve começar com https://';
const privateHost = digisacMessages.privateHost;
const hostInvalid = 'URL inválida';
const waitTime = 'Tempo deve estar entre 1 e 1440 minutos (24 horas)';

describe('tenant settings API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  /** A caller in a tenant of its own, for tests that change its settings. */
  const freshTenant = async () => {
    const user = await createTestUser(t.server.database);
    return { ...user, api: await signedInClient(t.server, user) };
  };
  const put = (api: ApiCall, body: unknown) => api('PUT', '/tenants/settings', body);

  it('reads the defaults of a new tenant', async () => {
    const res = await t.a.api('GET', '/tenants/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: t.a.tenant.name,
      digisac_host: null,
      digisac_token_set: false,
      digisac_token_last4: null,
      max_customer_wait_time_minutes: 30,
      sla_warning_percent: 80,
      learn_from_corrections: true,
      updated_at: expect.any(String),
    });
  });

  it('saves every field and answers what GET answers', async () => {
    const { api } = await freshTenant();
    const saved = await put(api, {
      name: '  Loja Azul  ',
      digisac_host: ' https://lojaazul.digisac.chat/ ',
      digisac_token: ' tok-0123456789-abcd ',
      max_customer_wait_time_minutes: 45,
      sla_warning_percent: 75,
      learn_from_corrections: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      name: 'Loja Azul',
      digisac_host: 'https://lojaazul.digisac.chat',
      digisac_token_set: true,
      digisac_token_last4: 'abcd',
      max_customer_wait_time_minutes: 45,
      sla_warning_percent: 75,
      learn_from_corrections: false,
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(saved.body)).not.toContain('0123456789');
    const read = await api('GET', '/tenants/settings');
    expect(read.body).toEqual(saved.body);
    expect(JSON.stringify(read.body)).not.toContain('0123456789');
    // The shell's organisation name follows.
    expect((await api('GET', '/tenants/current')).body.name).toBe('Loja Azul');

    const bounds = await put(api, { name: 'Loja Azul', max_customer_wait_time_minutes: 1 });
    expect(bounds.body.max_customer_wait_time_minutes).toBe(1);
    expect((await put(api, { name: 'Loja Azul', max_customer_wait_time_minutes: 1440 })).status).toBe(200);
    for (const percent of [0, 99]) {
      const warning = await put(api, { name: 'Loja Azul', sla_warning_percent: percent });
      expect(warning.body.sla_warning_percent).toBe(percent);
    }
    // Stored as its origin: lower case, no default port, no trailing slash.
    const origin = await put(api, { name: 'Loja Azul', digisac_host: 'https://LojaAzul.DigiSac.chat:443//' });
    expect(origin.body.digisac_host).toBe('https://lojaazul.digisac.chat');
  });

  it('keeps the token write-only: absent keeps it, null or blank removes it, a string replaces it', async () => {
    const { api, tenant } = await freshTenant();
    const token = 'segredo-digisac-0000-9876';
    expect(
      (await put(api, { name: 'Com token', digisac_host: 'https://x.digisac.chat', digisac_token: token }))
        .body,
    ).toMatchObject({ digisac_token_set: true, digisac_token_last4: '9876' });
    // Absent: kept (also the host and the wait time); the same host sent again keeps it too.
    await put(api, { name: 'Com token', max_customer_wait_time_minutes: 10 });
    await put(api, { name: 'Com token', digisac_host: 'https://x.digisac.chat/' });
    const kept = await put(api, { name: 'Renomeada' });
    expect(kept.body).toMatchObject({
      name: 'Renomeada',
      digisac_host: 'https://x.digisac.chat',
      digisac_token_set: true,
      digisac_token_last4: '9876',
      max_customer_wait_time_minutes: 10,
    });
    // Encrypted at rest (AES-256-GCM under the server's key, bound to the tenant), readable back with it.
    const [row] = await t.server.database.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(row?.digisacToken).toMatch(/^v2:[A-Za-z0-9+/]+=*$/);
    expect(row?.digisacToken).not.toContain('9876');
    expect(row?.digisacTokenKeyId).toBe(t.server.app.secretKey.id);
    expect(row?.digisacTokenLast4).toBe('9876');
    expect(
      decryptSecret(
        t.server.app.secretKey,
        row?.digisacToken ?? '',
        row?.digisacTokenKeyId ?? null,
        tenant.id,
      ),
    ).toBe(token);
    // The same token saved again is a new ciphertext (a fresh IV each time).
    await put(api, { name: 'Renomeada', digisac_token: token });
    const [again] = await t.server.database.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(again?.digisacToken).not.toBe(row?.digisacToken);

    const replaced = await put(api, { name: 'Renomeada', digisac_token: 'outro-token-muito-longo-WXYZ' });
    expect(replaced.body.digisac_token_set).toBe(true);
    // Only its last 4 characters, to recognise it.
    expect(replaced.body.digisac_token_last4).toBe('WXYZ');
    expect(JSON.stringify(replaced.body)).not.toContain('outro-token');
    for (const cleared of [null, '', '   ']) {
      await put(api, { name: 'Renomeada', digisac_token: 'de-novo-um-token-1234' });
      const res = await put(api, { name: 'Renomeada', digisac_token: cleared });
      expect(res.body, JSON.stringify(cleared)).toMatchObject({
        digisac_token_set: false,
      });
    }
    for (const cleared of [null, '', '  ']) {
      await put(api, { name: 'Renomeada', digisac_host: 'https://x.digisac.chat' });
      expect((await put(api, { name: 'Renomeada', digisac_host: cleared })).body.digisac_host).toBeNull();
    }
  });

  it('validates each field with the pt-BR message naming it', async () => {
    const { api } = await freshTenant();
    const valid = {
      name: 'Loja',
      digisac_host: null,
      digisac_token: null,
      max_customer_wait_time_minutes: 30,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'body.name', nameRequired],
      [{ name: '' }, 'body.name', nameRequired],
      [{ name: '   ' }, 'body.name', nameRequired],
      [{ name: null }, 'body.name', nameRequired],
      [{ name: 42 }, 'body.name', nameRequired],
      [{ name: 'a'.repeat(201) }, 'body.name', 'Use no máximo 200 caracteres.'],
      [{ name: 'Loja\u0000' }, 'body.name', 'O texto contém caracteres inválidos.'],
      [{ digisac_host: 'ftp://loja.com' }, 'body.digisac_host', hostScheme],
      [{ digisac_host: 'loja.digisac.chat' }, 'body.digisac_host', hostScheme],
      [{ digisac_host: 'http:/loja.com' }, 'body.digisac_host', hostScheme],
      [{ digisac_host: 'http://loja.digisac.chat' }, 'body.digisac_host', hostScheme],
      [{ digisac_host: 'https://' }, 'body.digisac_host', hostInvalid],
      [{ digisac_host: 'https://exa mple.com' }, 'body.digisac_host', hostInvalid],
      [{ digisac_host: 'http://[::1' }, 'body.digisac_host', hostInvalid],
      [{ digisac_host: 'https://loja.com/a b' }, 'body.digisac_host', hostInvalid],
      [{ digisac_host: 'https://loja.com/\u0000' }, 'body.digisac_host', hostInvalid],
      [
        { digisac_host: `https://loja.com/${'a'.repeat(2048)}` },
        'body.digisac_host',
        'Use no máximo 2048 caracteres.',
      ],
      [{ digisac_host: 42 }, 'body.digisac_host', hostInvalid],
      // An origin only: no path, query, user-info or fragment (issue 26, item 7).
      ...[
        'https://loja.digisac.chat/api/v1/me',
        'https://loja.digisac.chat?x=1',
        'https://loja.digisac.chat/?',
        'https://loja.digisac.chat#topo',
        'https://usuario:senha@loja.digisac.chat',
        'https://loja.digisac.chat\\api',
      ].map((host): [Record<string, unknown>, string, string] => [
        { digisac_host: host },
        'body.digisac_host',
        tenantSettingsMessages.hostOriginOnly,
      ]),
      [{ digisac_token: 'x'.repeat(501) }, 'body.digisac_token', 'Use no máximo 500 caracteres.'],
      [{ digisac_token: 12345 }, 'body.digisac_token', 'Token deve ser um texto.'],
      [{ digisac_token: 'abc\u0007def' }, 'body.digisac_token', 'Token contém caracteres inválidos.'],
      [{ max_customer_wait_time_minutes: 0 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: 1441 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: 2.5 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: -5 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: '30' }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: null }, 'body.max_customer_wait_time_minutes', waitTime],
      ...[-1, 100, 50.5, '80', null].map((value): [Record<string, unknown>, string, string] => [
        { sla_warning_percent: value },
        'body.sla_warning_percent',
        tenantSettingsMessages.warningPercent,
      ]),
      [{ learn_from_corrections: 'sim' }, 'body.learn_from_corrections', 'Use verdadeiro ou falso.'],
      [{ learn_from_corrections: null }, 'body.learn_from_corrections', 'Use verdadeiro ou falso.'],
    ];
    for (const [change, field, message] of cases) {
      const body = { ...valid, ...change };
      const res = await put(api, body);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.fields, JSON.stringify(change)).toEqual([{ field, message }]);
    }
    const several = await put(api, { name: '', digisac_host: 'loja', max_customer_wait_time_minutes: 0 });
    expect(several.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'body.name',
      'body.digisac_host',
      'body.max_customer_wait_time_minutes',
    ]);
    expect((await put(api, '{"name": "Loja",')).status).toBe(400);
    expect((await put(api, '[]')).status).toBe(400);
    // Nothing was written by the refused requests.
    expect((await api('GET', '/tenants/settings')).body).toMatchObject({
      digisac_host: null,
      max_customer_wait_time_minutes: 30,
    });
  });

  it("never shows or changes another tenant's settings", async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    await put(a.api, {
      name: 'Empresa A',
      digisac_host: 'https://a.digisac.chat',
      digisac_token: 'token-secreto-do-a-AAAA',
      max_customer_wait_time_minutes: 77,
    });
    await put(b.api, { name: 'Empresa B' });
    const seenByB = await b.api('GET', '/tenants/settings');
    expect(seenByB.body).toMatchObject({
      name: 'Empresa B',
      digisac_host: null,
      digisac_token_set: false,
      max_customer_wait_time_minutes: 30,
    });
    // A header naming A's tenant does not switch B's token to it.
    const spoofed = await b.api('GET', '/tenants/settings', undefined, { 'x-tenant-id': a.tenant.id });
    expect(spoofed.status).toBe(403);
    expect((await a.api('GET', '/tenants/settings')).body).toMatchObject({
      name: 'Empresa A',
      max_customer_wait_time_minutes: 77,
    });
  });

  it('refuses a host that is or resolves to a private address (DIGISAC_ALLOW_PRIVATE_HOSTS off)', async () => {
    const { api } = await freshTenant();
    const refused = [
      'https://127.0.0.1',
      'https://127.0.0.1:8443',
      'https://[::127.0.0.1]', // IPv4-compatible IPv6: the URL parser writes it [::7f00:1]
      'https://[::a9fe:a9fe]', // 169.254.169.254, the same way
      'https://[::1]',
      'https://169.254.169.254',
      'https://10.0.0.5',
      'https://172.16.0.1',
      'https://192.168.1.10',
      'https://0.0.0.0',
      'https://[fd00:ec2::254]',
      'https://[fe80::1]',
      'https://[::ffff:127.0.0.1]',
      'https://2130706433', // 127.0.0.1 written as one number
      'https://localhost', // a name: it resolves to 127.0.0.1 here
      'https://LOCALHOST:3000',
    ];
    for (const host of refused) {
      const res = await put(api, { name: 'Loja', digisac_host: host, digisac_token: 'tok-1234' });
      expect(res.status, host).toBe(400);
      expect(res.body.fields, host).toEqual([{ field: 'body.digisac_host', message: privateHost }]);
    }
    // Nothing was written.
    expect((await api('GET', '/tenants/settings')).body).toMatchObject({
      digisac_host: null,
      digisac_token_set: false,
    });
    // A public address, or a name that does not resolve (yet), is accepted: the call checks again.
    for (const host of ['https://8.8.8.8', 'https://atende-ainda-nao-existe.invalid']) {
      const res = await put(api, { name: 'Loja', digisac_host: host });
      expect(res.status, host).toBe(200);
      expect(res.body.digisac_host).toBe(host);
    }
  });

  it('clears the token when the host changes, unless a new token comes with it', async () => {
    const { api } = await freshTenant();
    const first = await put(api, {
      name: 'Loja',
      digisac_host: 'https://um.digisac.chat',
      digisac_token: 'token-do-primeiro-host-1111',
    });
    expect(first.body).toMatchObject({ digisac_token_set: true, digisac_token_last4: '1111' });
    // Another host alone: the token (meant for the first host) is dropped.
    const moved = await put(api, { name: 'Loja', digisac_host: 'https://dois.digisac.chat' });
    expect(moved.body).toMatchObject({
      digisac_host: 'https://dois.digisac.chat',
      digisac_token_set: false,
      digisac_token_last4: null,
    });
    // Another host with a new token: both are kept.
    const both = await put(api, {
      name: 'Loja',
      digisac_host: 'https://tres.digisac.chat',
      digisac_token: 'token-do-terceiro-3333',
    });
    expect(both.body).toMatchObject({ digisac_token_set: true, digisac_token_last4: '3333' });
    // Removing the host removes the token too.
    const removed = await put(api, { name: 'Loja', digisac_host: null });
    expect(removed.body).toMatchObject({ digisac_host: null, digisac_token_set: false });
  });

  it('keeps each token beside the host it was saved with while PUTs race (the row is locked)', async () => {
    // Each round sends, at once, a host-only PUT to each of two hosts and a token-only PUT with a
    // token of its own. A token-only PUT's answer names the host the token was saved beside; any
    // later write that moves the host must clear that token. On PostgreSQL the three are real
    // concurrent transactions on the pool: without the row lock, a host-only PUT that read the
    // host it sends (so keeps the token) could write after the other host and a new token were
    // committed, leaving that token beside a host it was never saved with. On PGlite one
    // connection runs one transaction at a time, so the race cannot happen there: the test then
    // proves the locked read works under row-level security and the answers keep the invariant.
    const { api } = await freshTenant();
    const hosts = ['https://8.8.8.8', 'https://1.1.1.1'];
    const rounds = process.env.TEST_DB === 'postgres' ? 150 : 15;
    expect((await put(api, { name: 'Corrida', digisac_host: hosts[0] })).status).toBe(200);
    const savedWith = new Map<string, string>(); // token's last 4 → the host it was saved beside
    const answers: Json[] = [];
    for (let round = 0; round < rounds; round++) {
      const last4 = String(round).padStart(4, '0');
      const requests = [
        put(api, { name: 'Corrida', digisac_host: hosts[round % 2] }),
        put(api, { name: 'Corrida', digisac_token: `token-da-corrida-${last4}` }).then((res) => {
          savedWith.set(last4, res.body.digisac_host);
          return res;
        }),
        put(api, { name: 'Corrida', digisac_host: hosts[(round + 1) % 2] }),
      ];
      for (const res of await Promise.all(requests)) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        answers.push(res.body);
      }
    }
    answers.push((await api('GET', '/tenants/settings')).body);
    const besideAnotherHost = answers
      .filter((a) => a.digisac_token_set)
      .map((a) => ({
        host: a.digisac_host,
        token: a.digisac_token_last4,
        savedWith: savedWith.get(a.digisac_token_last4),
      }))
      .filter((a) => a.host !== a.savedWith);
    expect(besideAnotherHost.length, JSON.stringify(besideAnotherHost.slice(0, 3))).toBe(0);
  });

  it("refuses a token copied from another tenant's row (409 type it again, never its plaintext)", async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    const token = 'token-secreto-do-a-COPY';
    await put(a.api, { name: 'A', digisac_host: 'https://a.digisac.chat', digisac_token: token });
    await put(b.api, {
      name: 'B',
      digisac_host: 'https://atende-ainda-nao-existe.invalid',
      digisac_token: 'token-do-b-BBBB',
    });
    const read = async (id: string) =>
      (await t.server.database.db.select().from(tenants).where(eq(tenants.id, id)))[0];
    const stolen = await read(a.tenant.id);
    // Someone with write access to the table copies A's ciphertext (same server key) into B's row.
    await t.server.database.db
      .update(tenants)
      .set({
        digisacToken: stolen?.digisacToken,
        digisacTokenKeyId: stolen?.digisacTokenKeyId,
        digisacTokenLast4: stolen?.digisacTokenLast4,
      })
      .where(eq(tenants.id, b.tenant.id));
    const key = t.server.app.secretKey;
    expect(() => decryptSecret(key, stolen?.digisacToken ?? '', key.id, b.tenant.id)).toThrow(
      'does not decrypt',
    );
    expect(decryptSecret(key, stolen?.digisacToken ?? '', key.id, a.tenant.id)).toBe(token);

    const list = await b.api('GET', `/tenants/${b.tenant.id}/digisac/tickets`);
    expect(list.status).toBe(409);
    expect(list.body).toMatchObject({ code: 'conflict', detail: digisacMessages.tokenUnreadable });
    const test = await b.api('POST', '/tenants/settings/digisac/test', {});
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ ok: false, user_name: null, message: digisacMessages.tokenUnreadable });
    // Typing the token again fixes it.
    await put(b.api, { name: 'B', digisac_token: 'token-do-b-de-novo-CCCC' });
    const retyped = await read(b.tenant.id);
    expect(decryptSecret(key, retyped?.digisacToken ?? '', key.id, b.tenant.id)).toBe(
      'token-do-b-de-novo-CCCC',
    );
  });

  /** A value as encrypted before the tenant binding (`v1:`, no associated data). */
  const encryptUnbound = ({ key }: SecretKey, plaintext: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  };

  it('at boot encrypts plaintext tokens and binds v1 ones to their tenant, once (withSystem; idempotent)', async () => {
    const database = await freshDatabase();
    try {
      const key = loadSecretKey(testConfig());
      const old = await createTestTenant(database, 'Antiga');
      const unbound = await createTestTenant(database, 'Cifrada sem vínculo');
      const broken = await createTestTenant(database, 'V1 alterado');
      const none = await createTestTenant(database, 'Sem token');
      const set = (id: string, values: Partial<typeof tenants.$inferInsert>) =>
        database.db.update(tenants).set(values).where(eq(tenants.id, id));
      await set(old.id, {
        digisacHost: 'https://antiga.digisac.chat',
        digisacToken: 'token-em-texto-claro-4321',
      });
      const v1 = encryptUnbound(key, 'token-cifrado-v1-8765');
      await set(unbound.id, {
        digisacHost: 'https://v1.digisac.chat',
        digisacToken: v1,
        digisacTokenKeyId: key.id,
        digisacTokenLast4: '8765',
      });
      const altered = `v1:${Buffer.from('x'.repeat(40)).toString('base64')}`;
      await set(broken.id, { digisacToken: altered, digisacTokenKeyId: key.id, digisacTokenLast4: 'xxxx' });
      const read = async (id: string) =>
        (await database.db.select().from(tenants).where(eq(tenants.id, id)))[0];
      // Before the boot step a v1 value is refused at use (it is not bound to a tenant).
      expect(() => decryptSecret(key, v1, key.id, unbound.id)).toThrow('unknown format');

      expect(await encryptDigisacTokens(database.db, key)).toEqual({
        encrypted: 1,
        bound: 1,
        unreadable: 1,
        otherKey: 0,
      });
      const encrypted = await read(old.id);
      expect(encrypted?.digisacToken).toMatch(/^v2:/);
      expect(encrypted?.digisacTokenKeyId).toBe(key.id);
      expect(encrypted?.digisacTokenLast4).toBe('4321');
      expect(decryptSecret(key, encrypted?.digisacToken ?? '', key.id, old.id)).toBe(
        'token-em-texto-claro-4321',
      );
      const rebound = await read(unbound.id);
      expect(rebound?.digisacToken).toMatch(/^v2:/);
      expect(rebound?.digisacTokenLast4).toBe('8765');
      expect(decryptSecret(key, rebound?.digisacToken ?? '', key.id, unbound.id)).toBe(
        'token-cifrado-v1-8765',
      );
      // Bound to its own tenant: another tenant's id does not decrypt it.
      expect(() => decryptSecret(key, rebound?.digisacToken ?? '', key.id, old.id)).toThrow(
        'does not decrypt',
      );
      // A v1 value that does not decrypt is counted and left as it is (the tenant types it again).
      expect((await read(broken.id))?.digisacToken).toBe(altered);
      expect((await read(none.id))?.digisacToken).toBeNull();

      // Again: nothing to do, the bound rows are left as they are.
      expect(await encryptDigisacTokens(database.db, key)).toEqual({
        encrypted: 0,
        bound: 0,
        unreadable: 1,
        otherKey: 0,
      });
      expect((await read(old.id))?.digisacToken).toBe(encrypted?.digisacToken);
      expect((await read(unbound.id))?.digisacToken).toBe(rebound?.digisacToken);
      // Under another key the rows are counted as unreadable, never re-encrypted or lost.
      const otherKey = loadSecretKey(testConfig());
      expect(await encryptDigisacTokens(database.db, otherKey)).toEqual({
        encrypted: 0,
        bound: 0,
        unreadable: 0,
        otherKey: 3,
      });
      expect((await read(old.id))?.digisacToken).toBe(encrypted?.digisacToken);
      expect((await read(unbound.id))?.digisacToken).toBe(rebound?.digisacToken);
    } finally {
      await database.close();
    }
  });
});

// Real concurrent transactions: PostgreSQL only (PGlite runs one transaction at a time).
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'boot: clearing stored hosts that are not origins',
  () => {
    it('does not wait on tenants whose rows are being referenced, and clears only what needs it', async () => {
      const database = await freshDatabase();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const busy = await createTestTenant(database, 'Ocupado');
        const old = await createTestTenant(database, 'Antigo');
        await database.db
          .update(tenants)
          .set({ digisacHost: 'https://loja.digisac.chat' })
          .where(eq(tenants.id, busy.id));
        await database.db
          .update(tenants)
          .set({
            digisacHost: 'https://loja.digisac.chat/api?x=1',
            digisacToken: 'v2:x',
            digisacTokenLast4: 'x',
          })
          .where(eq(tenants.id, old.id));
        // An open transaction (a long seed-bulk, an alert) holds the key-share lock of a foreign key
        // on the busy tenant's row.
        await client.query('begin');
        await client.query(
          `insert into notifications (tenant_id, alert_type, priority, title, message)
         values ($1, 'legal_threat', 'critical', 'Aberto', 'Mensagem')`,
          [busy.id],
        );
        const started = performance.now();
        const cleared = await Promise.race([
          clearNonOriginDigisacHosts(database.db),
          new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5000)),
        ]);
        expect(cleared).toEqual([{ tenantId: old.id, host: 'https://loja.digisac.chat/api?x=1' }]);
        expect(performance.now() - started).toBeLessThan(5000);
        const [row] = await database.db.select().from(tenants).where(eq(tenants.id, old.id));
        expect(row).toMatchObject({ digisacHost: null, digisacToken: null, digisacTokenLast4: null });
        const [kept] = await database.db.select().from(tenants).where(eq(tenants.id, busy.id));
        expect(kept?.digisacHost).toBe('https://loja.digisac.chat');
      } finally {
        await client.query('rollback').catch(() => undefined);
        await client.end();
        await database.close();
      }
    });
  },
);
