import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.ts';
import { type ApiCall, createTestUser, signedInClient, twoTenants } from '../../test/helpers.ts';

const nameRequired = 'Nome do tenant é obrigatório';
const hostScheme = 'URL deve começar com http:// ou https://';
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
      max_customer_wait_time_minutes: 30,
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
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      name: 'Loja Azul',
      digisac_host: 'https://lojaazul.digisac.chat',
      digisac_token_set: true,
      max_customer_wait_time_minutes: 45,
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
    const path = await put(api, { name: 'Loja Azul', digisac_host: 'http://10.0.0.5:8080/api//' });
    expect(path.body.digisac_host).toBe('http://10.0.0.5:8080/api');
  });

  it('keeps the token write-only: absent keeps it, null or blank removes it, a string replaces it', async () => {
    const { api, tenant } = await freshTenant();
    const token = 'segredo-digisac-0000-9876';
    expect((await put(api, { name: 'Com token', digisac_token: token })).body).toMatchObject({
      digisac_token_set: true,
    });
    // Absent: kept (also the host and the wait time).
    await put(api, {
      name: 'Com token',
      digisac_host: 'https://x.digisac.chat',
      max_customer_wait_time_minutes: 10,
    });
    const kept = await put(api, { name: 'Renomeada' });
    expect(kept.body).toMatchObject({
      name: 'Renomeada',
      digisac_host: 'https://x.digisac.chat',
      digisac_token_set: true,
      max_customer_wait_time_minutes: 10,
    });
    const [row] = await t.server.database.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(row?.digisacToken).toBe(token); // stored as sent, only never answered

    const replaced = await put(api, { name: 'Renomeada', digisac_token: 'outro-token-muito-longo-WXYZ' });
    expect(replaced.body.digisac_token_set).toBe(true);
    expect(JSON.stringify(replaced.body)).not.toContain('WXYZ');
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
      [{ digisac_token: 'x'.repeat(501) }, 'body.digisac_token', 'Use no máximo 500 caracteres.'],
      [{ digisac_token: 12345 }, 'body.digisac_token', 'Token deve ser um texto.'],
      [{ digisac_token: 'abc\u0007def' }, 'body.digisac_token', 'Token contém caracteres inválidos.'],
      [{ max_customer_wait_time_minutes: 0 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: 1441 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: 2.5 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: -5 }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: '30' }, 'body.max_customer_wait_time_minutes', waitTime],
      [{ max_customer_wait_time_minutes: null }, 'body.max_customer_wait_time_minutes', waitTime],
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
});
