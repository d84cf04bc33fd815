import { randomUUID } from 'node:crypto';
import { cpfCheckDigits } from '@atende/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { searchTextOf } from '../../lib/db-helpers.ts';
import { twoTenants } from '../../test/helpers.ts';
import { upsertDigisacContact } from './customers.service.ts';

describe('customers API', () => {
  let t: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    t = await twoTenants();
  });
  afterAll(() => t.server.close());

  let seq = 0;
  /** A valid CPF (11 digits, its check digits computed), unique in this file. */
  const doc = () => {
    const base = String(100_000_000 + ((Date.now() * 7 + seq++ * 7919) % 899_999_999)).slice(0, 9);
    return `${base}${cpfCheckDigits(base)}`;
  };
  const formattedCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

  it('creates, reads, changes only the given fields, and deletes a customer', async () => {
    const created = await t.a.api('POST', '/customers', {
      name: '  Maria da Conceição ',
      document: '390.533.447-05',
      company: 'Padaria Pão Quente',
      email: 'Maria@Exemplo.com.br',
      phone: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria da Conceição',
      document: '39053344705',
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
      [{ name: 'Ana', document: '12345678900' }, 'body.document', 'CPF inválido: confira os dígitos.'],
      [{ name: 'Ana', document: '111.111.111-11' }, 'body.document', 'CPF inválido: confira os dígitos.'],
      [
        { name: 'Ana', document: '11.222.333/0001-82' },
        'body.document',
        'CNPJ inválido: confira os dígitos.',
      ],
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
    const formatted = formattedCpf(document);
    const dup = await t.a.api('POST', '/customers', { name: 'Segundo', document: formatted });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('Já existe um cliente com este documento.');
    expect((await t.b.api('POST', '/customers', { name: 'Outro tenant', document })).status).toBe(201);

    const other = await t.a.api('POST', '/customers', { name: 'Terceiro', document: doc() });
    expect((await t.a.api('PUT', `/customers/${other.body.id}`, { document })).status).toBe(409);
  });

  it('checks the CPF/CNPJ check digits on create and when an update changes the document', async () => {
    const cnpj = await t.a.api('POST', '/customers', { name: 'Empresa', document: '11.222.333/0001-81' });
    expect(cnpj.status).toBe(201);
    expect(cnpj.body.document).toBe('11222333000181');
    const id = cnpj.body.id;
    const bad = await t.a.api('PUT', `/customers/${id}`, { document: '12345678900' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      { field: 'body.document', message: 'CPF inválido: confira os dígitos.' },
    ]);
    const badCnpj = await t.a.api('PUT', `/customers/${id}`, { document: '11222333000180' });
    expect(badCnpj.body.fields[0]).toEqual({
      field: 'body.document',
      message: 'CNPJ inválido: confira os dígitos.',
    });
    expect((await t.a.api('GET', `/customers/${id}`)).body.document).toBe('11222333000181');
    const cpf = doc();
    const changed = await t.a.api('PUT', `/customers/${id}`, { document: formattedCpf(cpf) });
    expect(changed.status).toBe(200);
    expect(changed.body.document).toBe(cpf);
  });

  it('finds a customer by the document typed formatted, as digits, or by a prefix', async () => {
    const cpf = doc();
    const created = await t.a.api('POST', '/customers', {
      name: `Doc ${randomUUID().slice(0, 6)}`,
      document: cpf,
    });
    const cnpj = await t.a.api('POST', '/customers', { name: 'Loja CNPJ', document: '45.723.174/0001-10' });
    expect(cnpj.status).toBe(201);
    const ids = async (q: string) =>
      (await t.a.api('GET', `/customers?search=${encodeURIComponent(q)}`)).body.customers.map(
        (c: { id: string }) => c.id,
      );
    for (const q of [
      formattedCpf(cpf),
      cpf,
      formattedCpf(cpf).slice(0, 7),
      `${created.body.name} ${cpf.slice(0, 5)}`,
    ]) {
      expect(await ids(q), q).toEqual([created.body.id]);
    }
    expect(await ids('45.723.174/0001-10')).toEqual([cnpj.body.id]);
    expect(await ids('45.723')).toEqual([cnpj.body.id]);
    expect((await t.a.api('GET', '/customers?search=-')).body.total).toBe(0); // punctuation alone is a word
  });

  it('match=name_document leaves out what only the company or e-mail matched', async () => {
    const tag = randomUUID().slice(0, 8);
    const byName = await t.a.api('POST', '/customers', { name: `Nome ${tag}`, document: doc() });
    const byEmail = await t.a.api('POST', '/customers', {
      name: 'Outro',
      document: doc(),
      email: `${tag}@x.com`,
    });
    const byCompany = await t.a.api('POST', '/customers', {
      name: 'Mais um',
      document: doc(),
      company: `Loja ${tag}`,
    });
    const list = async (q: string, extra = '') =>
      (await t.a.api('GET', `/customers?search=${encodeURIComponent(q)}${extra}`)).body;
    expect((await list(tag)).total).toBe(3);
    const narrowed = await list(tag, '&match=name_document&limit=10');
    expect(narrowed.total).toBe(1);
    expect(narrowed.customers.map((c: { id: string }) => c.id)).toEqual([byName.body.id]);
    const document = byEmail.body.document as string;
    expect((await list(formattedCpf(document), '&match=name_document')).customers[0].id).toBe(
      byEmail.body.id,
    );
    expect((await list(`mais ${tag}`, '&match=name_document')).total).toBe(0);
    expect(
      (await list(`mais ${byCompany.body.document.slice(0, 6)}`, '&match=name_document')).customers[0].id,
    ).toBe(byCompany.body.id);
    expect((await t.a.api('GET', '/customers?match=tudo')).status).toBe(400);
    expect((await t.a.api('GET', '/customers?match=')).status).toBe(200);
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

  it('finds a customer by any part of the phone, typed with or without punctuation', async () => {
    // Unique digits per run: 8 random digits after the DDD (a mobile's 9 first). The two DDDs
    // (47, 48) and the country code must not occur elsewhere in either customer's text.
    const clean = (digits: string) => !/47|48|55/.test(digits);
    let tail: string;
    do tail = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    while (!clean(tail));
    let document: string;
    do document = doc();
    while (!clean(document));
    const [head, rest] = [tail.slice(0, 4), tail.slice(4)];
    const letters = () => randomUUID().replace(/[^a-f]/g, '');
    const internal = await t.a.api('POST', '/customers', {
      name: `Fone ${letters()}`,
      document,
      phone: `(47) 9${head}-${rest}`,
    });
    expect(internal.status, JSON.stringify(internal.body)).toBe(201);
    // A DigiSac contact: no document, the number as DigiSac stores it (country code, digits).
    const contactName = `Contato ${letters()}`;
    const contact = await withTenant(t.server.database.db, t.a.tenant.id, (scope) =>
      upsertDigisacContact(scope, {
        externalId: randomUUID(),
        name: contactName,
        phone: `55489${head}${rest}`,
      }),
    );
    const ids = async (q: string, api = t.a.api) =>
      (await api('GET', `/customers?search=${encodeURIComponent(q)}`)).body.customers
        .map((c: { id: string }) => c.id)
        .sort();
    const both = [internal.body.id, contact.id].sort();
    for (const q of [`9${head}`, `${head}-${rest}`, `9${head}${rest}`]) {
      expect(await ids(q), q).toEqual(both);
    }
    for (const q of [`47 9${head}`, `(47) 9${head}`, `(47) 9${head}-${rest}`, `479${head}`]) {
      expect(await ids(q), q).toEqual([internal.body.id]);
    }
    for (const q of [`(48) 9${head}`, `+55 48 9${head}-${rest}`, `+55 (48) 9${head}-${rest}`, `5548`]) {
      expect(await ids(q), q).toContain(contact.id);
      expect(await ids(q), q).not.toContain(internal.body.id);
    }
    // The ticket form's picker (name or document only) finds the contact too, by name or number.
    const picker = async (q: string) =>
      (
        await t.a.api('GET', `/customers?search=${encodeURIComponent(q)}&match=name_document&limit=10`)
      ).body.customers.map((c: { id: string }) => c.id);
    expect(await picker(contactName)).toEqual([contact.id]);
    expect(await picker(`9${head}${rest}`)).toEqual([contact.id]);
    const listed = (await t.a.api('GET', `/customers?search=${head}${rest}`)).body.customers;
    expect(listed.find((c: { id: string }) => c.id === contact.id)).toMatchObject({
      source: 'digisac',
      document: null,
      phone: `55489${head}${rest}`,
    });
    expect(listed.find((c: { id: string }) => c.id === internal.body.id)).toMatchObject({
      source: 'internal',
    });
    // A changed phone is searched by its new digits only.
    await t.a.api('PUT', `/customers/${internal.body.id}`, { phone: '' });
    expect(await ids(`47 9${head}`)).toEqual([]);
    // Another organisation finds neither.
    expect(await ids(`9${head}${rest}`, t.b.api)).toEqual([]);
  });

  it('rejects bad paging with 400', async () => {
    for (const q of ['page=0', 'per_page=101', 'per_page=abc', 'page=1.5', 'limit=0']) {
      const res = await t.a.api('GET', `/customers?${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await t.a.api('GET', '/customers?page=&search=')).status).toBe(200);
  });

  it('refuses pages beyond the first 10,000 rows with 400 on querystring.page (issue 26, item 5)', async () => {
    for (const q of [
      'page=501',
      'per_page=100&page=101',
      'page=1000000',
      'limit=100&page=101',
      'search=x&page=600',
    ]) {
      const res = await t.a.api('GET', `/customers?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.fields, q).toEqual([{ field: 'querystring.page', message: res.body.detail }]);
      expect(res.body.detail).toMatch(/^Refine os filtros para ver mais resultados/);
    }
    for (const q of ['page=500', 'per_page=100&page=100', 'limit=10&page=1000']) {
      expect((await t.a.api('GET', `/customers?${q}`)).status, q).toBe(200);
    }
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
