import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema/index.ts';
import { searchTextOf } from '../../lib/db-helpers.ts';
import { twoTenants } from '../../test/helpers.ts';

describe('customers API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  let seq = 0;
  /** A valid, unique CPF-shaped document (11 digits). */
  const doc = () => String(10_000_000_000 + (Date.now() % 1_000_000_000) * 10 + seq++).slice(0, 11);

  it('creates, reads, changes only the given fields, and deletes a customer', async () => {
    const created = await t.a.api('POST', '/customers', {
      name: '  Maria da Conceição ',
      document: '123.456.789-01',
      company: 'Padaria Pão Quente',
      email: 'Maria@Exemplo.com.br',
      phone: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria da Conceição',
      document: '12345678901',
      company: 'Padaria Pão Quente',
      email: 'maria@exemplo.com.br',
      phone: null,
    });
    const id = created.body.id;
    expect((await t.a.api('GET', `/customers/${id}`)).body).toEqual(created.body);

    const changed = await t.a.api('PUT', `/customers/${id}`, { phone: '(11) 98888-7777' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Maria da Conceição',
      company: 'Padaria Pão Quente',
      phone: '(11) 98888-7777',
    });
    const cleared = await t.a.api('PUT', `/customers/${id}`, { company: null, email: '' });
    expect(cleared.body).toMatchObject({ company: null, email: null, phone: '(11) 98888-7777' });

    expect((await t.a.api('DELETE', `/customers/${id}`)).status).toBe(204);
    expect((await t.a.api('GET', `/customers/${id}`)).status).toBe(404);
    expect((await t.a.api('DELETE', `/customers/${id}`)).status).toBe(404);
  });

  it('validates each field with a pt-BR message naming it', async () => {
    const cases: [unknown, string, string?][] = [
      [{ document: doc() }, 'body.name', 'Nome é obrigatório.'],
      [{ name: '   ', document: doc() }, 'body.name', 'Nome é obrigatório.'],
      [{ name: 'Ana' }, 'body.document', 'Documento é obrigatório.'],
      [
        { name: 'Ana', document: 'abc' },
        'body.document',
        'Documento deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).',
      ],
      [{ name: 'Ana', document: '123' }, 'body.document'],
      [{ name: 'Ana', document: doc(), email: 'nao-é-email' }, 'body.email', 'E-mail inválido.'],
      [{ name: 42, document: doc() }, 'body.name'],
      [{ name: 'A'.repeat(201), document: doc() }, 'body.name'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.a.api('POST', '/customers', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields[0].field).toBe(field);
      if (message) expect(res.body.fields[0].message).toBe(message);
    }
    const blankName = await t.a.api('PUT', `/customers/${randomUUID()}`, { name: '' });
    expect(blankName.status).toBe(400);
    expect((await t.a.api('GET', '/customers/nao-e-uuid')).status).toBe(400);
    expect((await t.a.api('POST', '/customers', '{"name": "Ana",')).status).toBe(400);
  });

  it('keeps documents unique per tenant whatever the punctuation (409), but not across tenants', async () => {
    const document = doc();
    expect((await t.a.api('POST', '/customers', { name: 'Primeiro', document })).status).toBe(201);
    const formatted = `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
    const dup = await t.a.api('POST', '/customers', { name: 'Segundo', document: formatted });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('Já existe um cliente com este documento.');
    expect((await t.b.api('POST', '/customers', { name: 'Outro tenant', document })).status).toBe(201);

    const other = await t.a.api('POST', '/customers', { name: 'Terceiro', document: doc() });
    expect((await t.a.api('PUT', `/customers/${other.body.id}`, { document })).status).toBe(409);
  });

  it('searches name, document, company and e-mail ignoring case and accents, with paging', async () => {
    const tag = randomUUID().slice(0, 6);
    const marker = `Zé${tag}`;
    for (const [i, name] of ['João', 'Joana', 'Pedro'].entries()) {
      const res = await t.a.api('POST', '/customers', {
        name: `${name} ${marker}`,
        document: doc(),
        company: i === 2 ? 'Açaí do Pará' : null,
        email: `cliente${i}@loja-${tag}.com`,
      });
      expect(res.status).toBe(201);
    }
    const search = async (q: string, extra = '') =>
      (await t.a.api('GET', `/customers?search=${encodeURIComponent(q)}${extra}`)).body;
    expect(
      (await search(`joao ${marker.toUpperCase()}`)).customers.map((c: { name: string }) => c.name),
    ).toEqual([`João ${marker}`]);
    expect((await search(`ACAI ${marker}`)).total).toBe(1);
    expect((await search(marker)).total).toBe(3);
    expect((await search(`${marker}`, '&per_page=2&page=2')).customers).toHaveLength(1);
    const limited = await search(marker, '&limit=2');
    expect(limited).toMatchObject({ total: 3, per_page: 2 });
    expect(limited.customers).toHaveLength(2);
    expect(limited.customers[0].name).toBe(`Pedro ${marker}`); // newest first
    expect((await search(`cliente1@loja-${tag}`)).customers[0].name).toBe(`Joana ${marker}`);
    expect((await search('%')).total).toBe(0); // LIKE wildcards are literal
    expect((await t.b.api('GET', `/customers?search=${marker}`)).body.total).toBe(0);
  });

  it('rejects bad paging with 400', async () => {
    for (const q of ['page=0', 'per_page=101', 'per_page=abc', 'page=1.5', 'limit=0']) {
      const res = await t.a.api('GET', `/customers?${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await t.a.api('GET', '/customers?page=&search=')).status).toBe(200);
  });

  it("answers 404 for another tenant's customer on every route", async () => {
    const mine = await t.a.api('POST', '/customers', { name: 'Só do A', document: doc() });
    const id = mine.body.id;
    expect((await t.b.api('GET', `/customers/${id}`)).status).toBe(404);
    expect((await t.b.api('PUT', `/customers/${id}`, { name: 'Invasor' })).status).toBe(404);
    expect((await t.b.api('DELETE', `/customers/${id}`)).status).toBe(404);
    expect((await t.a.api('GET', `/customers/${id}`)).body.name).toBe('Só do A');
    const listB = await t.b.api('GET', '/customers?per_page=100');
    expect(listB.body.customers.some((c: { id: string }) => c.id === id)).toBe(false);
  });

  it('keeps the tickets of a deleted customer, with the name they showed', async () => {
    const customer = await t.a.api('POST', '/customers', { name: 'Cliente Antigo', document: doc() });
    await t.a.api('PUT', `/customers/${customer.body.id}`, { name: 'Cliente Renomeado' });
    const [ticket] = await t.server.database.db
      .insert(tickets)
      .values({
        tenantId: t.a.tenant.id,
        content: 'Meu pedido atrasou',
        customerId: customer.body.id,
        customerName: 'Cliente Antigo',
        searchText: searchTextOf('Meu pedido atrasou'),
      })
      .returning();
    expect((await t.a.api('DELETE', `/customers/${customer.body.id}`)).status).toBe(204);
    const [kept] = await t.server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ticket?.id ?? ''));
    expect(kept).toMatchObject({
      customerId: null,
      customerName: 'Cliente Renomeado',
      content: 'Meu pedido atrasou',
    });
  });
});
